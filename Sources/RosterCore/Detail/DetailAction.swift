/// The detail pane's events.
public enum DetailAction: Equatable, Sendable {
  /// The selection has not moved for `Tuning.selectionRest`: the pane shows whom it points at.
  case selectionRested
  /// The short pause after a selection change ran out for detail request `id`.
  case debounceElapsed(id: Int)
  /// The full profile for detail request `id` arrived (or failed).
  case loaded(id: Int, Result<PersonDetail, DirectoryError>)
  /// The local index's answer for detail request `id` (Graph unreachable); nil when it does not
  /// hold the person, and the pane keeps saying why Graph failed.
  case loadedFromIndex(id: Int, PersonDetail?)
  /// The client waits before retrying detail request `id`.
  case retryScheduled(id: Int, RetryNotice)
  /// Esc in the single-pane layout: back to the list.
  case closed
  /// `y`/`c` on a field: copy `text` (read from `CleanText` by the VC), announcing it as `label`.
  case copyRequested(label: String, text: String)
  /// ↑/↓ in the pane: the org-chart row selection moved by `by` (clamped to the rows).
  case orgRowMoved(by: Int)
  /// Enter on an org-chart row: that person opens in the pane (added to the trail).
  case orgRowOpened
  /// Backspace or ←: back to the previous person of the trail.
  case wentBack
  /// `v`: write the pane's person to a vCard file.
  case vCardRequested
  /// The vCard file was written (its path) or could not be (why).
  case vCardExported(Result<String, ExportFailure>)
}
