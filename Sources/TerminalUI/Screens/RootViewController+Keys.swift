import RosterCore

/// The root's own key tables: the keys that work everywhere, and the help overlay's.
extension RootViewController {
  /// Keys every screen shares, declared here only: no pane repeats them. They reach this table
  /// when the focused pane has no row for them, before its fallback (so typing never swallows
  /// `?`), unless that fallback types them (`KeyCommand.over`: `q` in a search that holds text);
  /// Ctrl-C, Ctrl-L and Ctrl-Z always do (`alwaysGlobal`). Its rows are help's "Everywhere"
  /// section and the end of the hint bar, each naming only the keys that reach it there.
  public func globalTable(_ state: AppState) -> KeyTable {
    var commands: [KeyCommand] = []
    if state.screen == .main {
      commands.append(
        KeyCommand([.tab], also: [.backTab], "switch pane", hint: !state.layout.showsOnePaneAtATime) { _, _ in
          .handled([.app(.focusSwitched)])
        })
    }
    if state.screen != .setup, !state.isDemo {
      commands.append(
        KeyCommand([.control("t")], label: "Ctrl-T", "accounts: switch, add") { _, _ in
          .handled([.accounts(.pickerRequested)])
        })
    }
    commands += [
      KeyCommand([.character("?")], also: [.function(1)], "help", hint: true) { _, _ in .handled([.app(.helpToggled)])
      },
      KeyCommand([.control("l")], "redraw") { _, _ in .terminal(.redraw) },
      KeyCommand([.control("z")], "suspend") { _, _ in .terminal(.suspend) },
      KeyCommand([.character("q"), .control("c")], also: [.character("Q")], "quit", hint: true) { _, _ in
        .handled([.app(.quitRequested)])
      },
      KeyCommand([.escape], nil, when: state.banner != nil) { _, _ in .handled([.app(.bannerDismissed)]) },
    ]
    return KeyTable(commands)
  }

  /// While the account picker is open: ↑/↓ select, Enter switches, `a` adds an account through
  /// the login screen, Esc (or Ctrl-T again) keeps the current one; other keys do nothing.
  func accountPickerTable(_ state: AppState) -> KeyTable {
    KeyTable([
      KeyCommand([.up, .down], also: [.control("p"), .control("n")], nil) { key, _ in
        .handled([.accounts(.selectionMoved(by: key == .up || key == .control("p") ? -1 : 1))])
      },
      KeyCommand([.enter], nil) { _, _ in .handled([.accounts(.chosen)]) },
      KeyCommand([.character("a")], nil) { _, _ in .handled([.accounts(.addRequested)]) },
      KeyCommand([.escape, .control("t")], nil) { _, _ in .handled([.accounts(.dismissed)]) },
      .fallback("any other key", nil) { _, _ in .handled([]) },
    ])
  }

  /// While the terminal is too small: its message says "q quits", so `q` does whatever the
  /// hidden field holds; every other key is dropped rather than edit a field no one can see.
  var tooSmallTable: KeyTable {
    KeyTable([
      KeyCommand([.character("q")], also: [.character("Q")], nil) { _, _ in .handled([.app(.quitRequested)]) },
      .fallback("any other key", nil) { _, _ in .handled([]) },
    ])
  }

  /// While `?` help is open: the arrows, PgUp/PgDn, Space, Home and End scroll a list that does not
  /// fit (the box's last line says so); any other key closes it. No help rows of its own.
  func helpTable(_ state: AppState) -> KeyTable {
    let canScroll = helpScroll.canScroll
    return KeyTable([
      KeyCommand([.up, .down], also: [.control("p"), .control("n")], nil, when: canScroll) {
        [self] key, _ in
        helpScroll.scroll(by: key == .up || key == .control("p") ? -1 : 1)
        return .handled([])
      },
      KeyCommand([.pageUp, .pageDown], also: [.character(" ")], nil, when: canScroll) { [self] key, _ in
        if key == .pageUp { helpScroll.pageUp() } else { helpScroll.pageDown() }
        return .handled([])
      },
      KeyCommand([.home, .end], nil, when: canScroll) { [self] key, _ in
        if key == .home { helpScroll.toTop() } else { helpScroll.toEnd() }
        return .handled([])
      },
      .fallback("any other key", nil) { _, _ in .handled([.app(.helpToggled)]) },
    ])
  }
}
