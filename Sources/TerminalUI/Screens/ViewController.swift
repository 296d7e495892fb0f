import Geometry
import RosterCore

/// A pane of the UI: draws `AppState` into a `Surface` and maps keys to `AppAction`s through its
/// key table.
///
/// View-controllers never mutate `AppState` (only `reduce` does); the only state they keep is
/// view-local and non-semantic: a scroll offset, a text cursor column. Anything a test or another
/// pane cares about (query, selection, focus, layout) is in `AppState`. (STYLE.md §3, lazygit's
/// controllers with binding tables.)
@MainActor
public protocol ViewController: AnyObject {
  /// Where the pane was last drawn (set by the root from `AppState.visibleLayout` before `render`).
  var frame: Rect { get set }
  /// Draws from `state` only, inside `frame`.
  func render(_ state: AppState, into surface: inout some Surface, focused: Bool)
  /// The pane's keys in `state`: one table drives both dispatch and the `?` help / status hints.
  func keyTable(in state: AppState) -> KeyTable
  /// A mouse event inside the pane (the root hit-tests with `AppState.visibleLayout`).
  func mouse(_ event: MouseEvent, in state: AppState) -> KeyResult
}

extension ViewController {
  /// What `key` does here: `.ignored` lets the root's global keys have it.
  public func handle(_ key: Key, in state: AppState) -> KeyResult {
    keyTable(in: state).handle(key, in: state)
  }

  /// The rows of `keyTable(in:)` for the `?` overlay and the status bar hints.
  public func bindings(in state: AppState) -> [KeyBinding] { keyTable(in: state).bindings }

  public func mouse(_ event: MouseEvent, in state: AppState) -> KeyResult { .ignored }
}
