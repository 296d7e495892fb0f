/// What one kind's block of the list is doing, in one vocabulary for every kind beside people:
/// the status line says each kind's part from this (`AppState.listStatus(of:)`), so a new kind
/// describes its state here instead of writing its own status text.
public enum KindListStatus: Equatable, Sendable {
  /// Not asked (the kind is off, or the field is empty): nothing to say.
  case idle
  /// Asking; `narrowed` rows of the last answer are shown meanwhile (0: none).
  case searching(narrowed: Int)
  /// The answer: `listed` of `total` rows shown, `more` when the source has rows past `total`.
  /// `fromIndex` is said only where it differs from the people's source (rooms' catalog).
  case results(listed: Int, total: Int, more: Bool, loadingMore: Bool, fromIndex: Bool)
  /// Only the signed-in person's own rows could be read: `count` of them, and what the rest need.
  case onlyYours(count: Int, permission: String)
  case offline
  case failed(CleanText)
  /// The token may not read this kind at all: the permission it needs.
  case needsPermission(String)
}
