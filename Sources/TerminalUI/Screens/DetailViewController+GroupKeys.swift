import RosterCore

/// The detail pane's keys while it shows a group: the member rows (↑/↓, PgUp/PgDn a page of
/// them, loading more near the end), Enter opens the member, `t` switches direct ⇄ transitive,
/// Backspace/← walk back, `y` copies the group's mail; typing goes to the search as in a
/// person's pane.
extension DetailViewController {
  static let membersNearEnd = 5

  func groupKeyTable(_ pane: GroupPaneState, in state: AppState) -> KeyTable {
    let onePane = state.layout.showsOnePaneAtATime
    let rows = state.visibleLayout.detail.rows
    let page = max(1, rows - 3)
    let back: AppAction = onePane ? .detail(.closed) : .app(.focusSwitched)
    let walked = state.detail.trail.count > 1
    let members = pane.memberRows
    var commands: [KeyCommand] = []
    if !members.isEmpty {
      commands += [
        KeyCommand([.up, .down], also: [.control("p"), .control("n")], "select member", hint: true) {
          [self] key, state in
          revealsSelection = true
          return .handled(moveMember(by: key == .up || key == .control("p") ? -1 : 1, state))
        },
        KeyCommand([.pageUp, .pageDown], also: [.character(" ")], "page members") { [self] key, state in
          revealsSelection = true
          return .handled(moveMember(by: key == .pageUp ? -page : page, state))
        },
        KeyCommand([.enter], "open", hint: true, when: pane.selectedMember?.isOpenable == true) { _, _ in
          .handled([.groupPane(.memberOpened)])
        },
      ]
    } else {
      commands.append(scrollCommand(rows: rows, page: page))
    }
    commands.append(
      KeyCommand([.character("t")], pane.transitive ? "direct members" : "all members (nested)", hint: true) {
        [self] _, _ in
        scrollOffset = 0
        return .handled([.groupPane(.transitiveToggled)])
      })
    commands += wayBackCommands(walked: walked, onePane: onePane, back: back)
    return KeyTable(
      commands + [
        KeyCommand([.home, .end], members.isEmpty ? "top/bottom" : "first/last member") { [self] key, state in
          guard !members.isEmpty else {
            if key == .home { scrollOffset = 0 } else { scroll(by: lineCount, rows: rows) }
            return .handled([])
          }
          if key == .home { scrollOffset = 0 }
          return .handled(moveMember(by: key == .home ? -members.count : members.count, state))
        },
        KeyCommand([.character("y")], "copy mail") { _, _ in Self.copy("group mail", pane.shownGroup.mail?.string) },
        typingSearches(state, back: back),
      ])
  }

  /// Moves the member selection, asking for the next page when it comes near the end of what
  /// is loaded (a 20,000-member group is read a page at a time).
  private func moveMember(by delta: Int, _ state: AppState) -> [AppAction] {
    guard let pane = state.detail.pane.groupPane, case .loaded(let list) = pane.members, !list.members.isEmpty else {
      return []
    }
    let target = min(max(0, pane.memberIndex + delta), list.members.count - 1)
    var actions: [AppAction] = [.groupPane(.memberMoved(by: delta))]
    if list.next != nil, !list.isLoadingMore, target >= list.members.count - Self.membersNearEnd {
      actions.append(.groupPane(.nearEndReached))
    }
    return actions
  }
}
