import RosterCore

/// The top of the view-controller tree: picks the screen from `state.screen`, lays the panes out
/// for the terminal size, keeps the focus path, routes keys (focused pane first, then the global
/// bindings) and draws the status line, the key-hint bar and the help overlay.
@MainActor
public final class RootViewController {
  public let setup = SetupViewController()
  public let login = LoginViewController()
  public let list = MasterListViewController()
  public let detail = DetailViewController()
  /// The layout of the last render.
  public internal(set) var layout = Layout(rows: 24, cols: 80, detailOpen: false)
  /// The help overlay's scroll position and extent at the last render (view-local): on a small
  /// terminal the keys list is longer than the box.
  var helpScroll = ScrollPosition()

  public init() {}

  // MARK: - Focus

  /// The focus stack, outermost first (lazygit's context stack): screen, pane, overlay.
  public func focusPath(_ state: AppState) -> [String] {
    var path: [String] = ["Root"]
    switch state.screen {
    case .setup: path.append("Setup")
    case .login: path.append("Login")
    case .main: path.append(state.focus == .list ? "MasterList" : "Detail")
    }
    if state.isHelpVisible { path.append("Help") }
    return path
  }

  /// The pane that receives keys.
  public func focused(_ state: AppState) -> any ViewController {
    switch state.screen {
    case .setup: return setup
    case .login: return login
    case .main: return state.focus == .detail && state.search.selectedPerson != nil ? detail : list
    }
  }

  // MARK: - Keys

  /// The actions for `key`: the focused pane's, else the global bindings'.
  public func actions(for key: Key, in state: AppState) -> [AppAction] {
    if key == .control("c") { return [.app(.quitRequested)] }
    if state.isHelpVisible {
      // Arrows, PgUp/PgDn and Space scroll a help list that does not fit; any other key closes it.
      return HelpOverlay.scroll(&helpScroll, for: key) ? [] : [.app(.helpToggled)]
    }
    if case .mouse(let event) = key, state.screen == .main {
      return mouseActions(event, state)
    }
    let handled = focused(state).actions(for: key, in: state)
    if !handled.isEmpty { return handled }
    switch key {
    case .character("q"), .character("Q"):
      // Reached only when the pane lets it through (e.g. the search field is empty).
      return [.app(.quitRequested)]
    case .character("?"), .function(1):
      return [.app(.helpToggled)]
    case .tab, .backTab:
      return state.screen == .main ? [.app(.focusSwitched)] : []
    default:
      return state.banner != nil && key == .escape ? [.app(.bannerDismissed)] : []
    }
  }

  /// Mouse events go to the pane under the pointer; a click in the other pane moves focus there.
  private func mouseActions(_ event: MouseEvent, _ state: AppState) -> [AppAction] {
    let inDetail = layout.detail.contains(row: event.row, col: event.col)
    let inList = layout.list.contains(row: event.row, col: event.col)
    let target: any ViewController = inDetail ? detail : list
    guard inDetail || inList else { return [] }
    var actions: [AppAction] = []
    if case .press = event.kind, inDetail != (state.focus == .detail), layout.mode != .singlePane {
      actions.append(.app(.focusSwitched))
    }
    return actions + target.actions(for: .mouse(event), in: state)
  }

  // MARK: - Bindings

  public func globalBindings(_ state: AppState) -> [KeyBinding] {
    var bindings = [KeyBinding("?", "this help"), KeyBinding("Ctrl-L", "redraw"), KeyBinding("Ctrl-Z", "suspend")]
    if state.screen == .main { bindings.insert(KeyBinding("Tab", "switch pane"), at: 0) }
    bindings.append(KeyBinding("q / Ctrl-C", "quit"))
    return bindings
  }
}

extension Rect {
  /// Whether the cell (`row`, `col`) is inside.
  public func contains(row: Int, col: Int) -> Bool {
    row >= self.row && row < maxRow && col >= self.col && col < maxCol
  }
}
