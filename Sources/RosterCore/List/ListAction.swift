/// The result list's events.
public enum ListAction: Equatable, Sendable {
  /// Up/Down/PgUp/PgDn/Ctrl-N/Ctrl-P: move by `by` rows (clamped to the list).
  case selectionMoved(by: Int)
  /// Home (0), End (`Int.max` is clamped), a mouse click.
  case selectionMovedTo(Int)
  /// The selection is near the end of what is loaded: fetch the next page, if any.
  case nearEndReached
  /// Enter in the single-pane layout: the detail pane covers the list.
  case detailOpened
  /// Ctrl-G: every kind together, then each kind alone (`ListKind.next`).
  case kindSwitched
}
