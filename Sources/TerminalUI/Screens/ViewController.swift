import RosterCore

/// A pane of the UI: draws `AppState` into a `Surface` and maps keys to `AppAction`s.
///
/// View-controllers never mutate `AppState` (only `reduce` does); the only state they keep is
/// view-local and non-semantic: a scroll offset, a text cursor column. Anything a test or another
/// pane cares about (query, selection, focus) is in `AppState`. (STYLE.md §3, lazygit's
/// controllers with binding tables.)
@MainActor
public protocol ViewController: AnyObject {
  /// Where the pane was last laid out (set by the root before `render`; used for mouse hits).
  var frame: Rect { get set }
  /// Draws from `state` only, inside `frame`.
  func render(_ state: AppState, into surface: inout some Surface, focused: Bool)
  /// The actions `key` means here, in order; empty when the pane does not handle the key (the
  /// root's global bindings get it next).
  func actions(for key: Key, in state: AppState) -> [AppAction]
  /// The keys this pane understands, for the `?` overlay and the status bar hints.
  func bindings(in state: AppState) -> [KeyBinding]
}
