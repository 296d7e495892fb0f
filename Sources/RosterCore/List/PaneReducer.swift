/// Routes the pane to the selected row's kind: the one place that knows which view-state shows
/// which kind (person: `DetailReducer`, group: `GroupPaneReducer`, room: shown whole at once).
enum PaneReducer {
  /// The list's selection changed (or its rows did): the pane follows.
  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    switch state.selectedListRow {
    case .group: return GroupPaneReducer.selectionChanged(&state)
    case .room(let room): return show(&state, room)
    case .person, nil: return DetailReducer.selectionChanged(&state)
    }
  }

  /// The pane is about to be looked at (opened, or given the keyboard): show the selection now.
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] {
    switch state.selectedListRow {
    case .group: return GroupPaneReducer.neededNow(&state)
    case .room(let room): return show(&state, room)
    case .person, nil: return DetailReducer.selectionNeededNow(&state)
    }
  }

  /// A room needs no request: the list's answer holds every property the pane shows.
  static func show(_ state: inout AppState, _ room: Room) -> [Effect] {
    guard state.detail.pane != .room(room) || !state.detail.trail.isEmpty else { return [] }
    state.detail.requestID += 1
    state.detail.trail = []
    state.detail.selectionMoving = false
    state.detail.pane = .room(room)
    return [.cancel(id: .detailDebounce), .cancel(id: .detail), .cancel(id: .selectionRest)]
  }
}
