/// The photo's events.
public enum PhotoAction: Equatable, Sendable {
  /// The UI knows how the terminal draws photos (from the environment at start, then upgraded
  /// when the terminal answers the kitty graphics / DA1 queries).
  case modeDetected(PhotoMode)
  /// Photo request `id` finished: the image, nil when the person has none, or why not.
  case loaded(id: Int, Result<PhotoImage?, DirectoryError>)
}
