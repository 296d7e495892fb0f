/// Presence of the people on screen.
public enum PresenceAction: Equatable, Sendable {
  /// Time to ask for the presence of the people on screen (after results settle, then every
  /// `Tuning.presenceRefresh`).
  case refreshDue
  /// Presence for request `id` arrived (or failed).
  case loaded(id: Int, Result<[String: Presence], DirectoryError>)
}
