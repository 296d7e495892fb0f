import RosterCore

/// The detail pane's keys while it shows a room: scroll, the way back, `y` copies the room's
/// mailbox (what an invitation goes to); typing goes to the search as in every pane.
extension DetailViewController {
  func roomKeyTable(_ room: Room, in state: AppState) -> KeyTable {
    let onePane = state.layout.showsOnePaneAtATime
    let rows = state.visibleLayout.detail.rows
    let back: AppAction = onePane ? .detail(.closed) : .app(.focusSwitched)
    return KeyTable(
      [scrollCommand(rows: rows, page: max(1, rows - 3))]
        + wayBackCommands(walked: state.detail.trail.count > 1, onePane: onePane, back: back) + [
          KeyCommand([.home, .end], "top/bottom") { [self] key, _ in
            if key == .home { scrollOffset = 0 } else { scroll(by: lineCount, rows: rows) }
            return .handled([])
          },
          KeyCommand([.character("y")], "copy mail", hint: true) { _, _ in
            Self.copy("room mail", room.emailAddress?.string)
          },
          typingSearches(state, back: back),
        ])
  }

  /// Typing goes to the search field: back to the list, then the text joins the query. `q` does
  /// so only once the query holds text; with it empty, `q` is the global quit. Every pane's own.
  func typingSearches(_ state: AppState, back: AppAction) -> KeyCommand {
    .fallback("type", "search again", over: state.field.query.isEmpty ? [] : [.character("q"), .character("Q")]) {
      key, state in
      switch key {
      case .character, .paste:
        var field = TextFieldModel(text: state.field.query.string)
        field.apply(key)
        return .handled([back, .search(.queryChanged(field.text))])
      default: return .ignored
      }
    }
  }
}
