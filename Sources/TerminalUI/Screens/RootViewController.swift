import RosterCore

/// The top of the view-controller tree: picks the screen from `state.screen`, places the panes
/// where `AppState.visibleLayout` says, keeps the focus path, routes keys (`handle`: the focused
/// pane's table first, then the global one) and draws the status line, the key-hint bar and the
/// help overlay.
@MainActor
public final class RootViewController {
  public let setup = SetupViewController()
  public let login = LoginViewController()
  public let list = MasterListViewController()
  public let detail = DetailViewController()
  public let taskList = TaskListViewController()
  /// The help overlay's scroll position and extent at the last render (view-local): on a small
  /// terminal the keys list is longer than the box.
  var helpScroll = ScrollPosition()
  /// How far the fix box's outcome is scrolled, where it is taller than the box (view-local).
  var fixScroll = ScrollPosition()

  public init() {}

  // MARK: - Focus

  /// The focus stack, outermost first (lazygit's context stack): screen, pane, overlay.
  public func focusPath(_ state: AppState) -> [String] {
    var path: [String] = ["Root"]
    switch state.screen {
    case .setup: path.append("Setup")
    case .login: path.append("Login")
    case .main: path.append(state.focus == .list ? "MasterList" : "Detail")
    case .tasks: path.append("TaskList")
    }
    if state.isHelpVisible { path.append("Help") }
    if state.accounts.isOpen { path.append("AccountPicker") }
    if state.fix.isOpen { path.append("Fix") }
    return path
  }

  /// The pane that receives keys.
  public func focused(_ state: AppState) -> any ViewController {
    switch state.screen {
    case .setup: return setup
    case .login: return login
    case .main: return state.focus == .detail && state.hasListSelection ? detail : list
    case .tasks: return taskList
    }
  }

  // MARK: - Keys

  /// Keys that mean the same on every screen and overlay, so nothing in front can take them.
  static let alwaysGlobal: Set<Key> = [.control("c"), .control("l"), .control("z")]

  /// Where `key` goes, in order (docs/decisions/ui-terminal.md#ui--keys-and-layout):
  /// 1. Ctrl-C, Ctrl-L, Ctrl-Z: straight to `globalTable`;
  /// 2. a terminal too small to draw anything but its message: `q` quits, nothing else acts
  ///    (the field, help and the picker are hidden there, so no key may reach them; issue 40);
  /// 3. the help overlay's table while it is open (scroll keys; any other key closes it);
  /// 4. a mouse event: the pane under the pointer (`AppState.visibleLayout`);
  /// 5. the focused pane's own rows, then `globalTable`'s, then the pane's fallback
  ///    (`KeyTable.handle(_:in:before:)`): global keys are declared once, in `globalTable`.
  public func handle(_ key: Key, in state: AppState) -> KeyResult {
    if Self.alwaysGlobal.contains(key) { return globalTable(state).handle(key, in: state) }
    if state.visibleLayout.mode == .tooSmall { return tooSmallTable.handle(key, in: state) }
    if state.accounts.isOpen { return accountPickerTable(state).handle(key, in: state) }
    if state.fix.isOpen { return fixTable(state).handle(key, in: state) }
    if state.isHelpVisible { return helpTable(state).handle(key, in: state) }
    if case .mouse(let event) = key {
      return state.screen == .main ? mouse(event, state) : .ignored
    }
    return focused(state).keyTable(in: state).handle(key, in: state, before: globalTable(state))
  }

  /// The global rows as help and the hint bar show them in front of the focused pane: each
  /// naming only the keys that reach it there ("Ctrl-C quit" while `q` types into the search).
  public func globalBindings(_ state: AppState) -> [KeyBinding] {
    globalTable(state).bindings(behind: focused(state).keyTable(in: state), always: Self.alwaysGlobal)
  }

  /// The actions `handle` sends for `key` (none when ignored or for the terminal).
  public func actions(for key: Key, in state: AppState) -> [AppAction] {
    handle(key, in: state).actions
  }

  /// Mouse events go to the pane under the pointer; a click in the other pane moves focus there.
  private func mouse(_ event: MouseEvent, _ state: AppState) -> KeyResult {
    let layout = state.visibleLayout
    let inDetail = layout.detail.contains(row: event.row, col: event.col)
    let inList = layout.list.contains(row: event.row, col: event.col)
    let target: any ViewController = inDetail ? detail : list
    guard inDetail || inList else { return .ignored }
    var actions: [AppAction] = []
    if case .press = event.kind, inDetail != (state.focus == .detail), layout.mode != .singlePane {
      actions.append(.app(.focusSwitched))
    }
    return .handled(actions + target.mouse(event, in: state).actions)
  }
}
