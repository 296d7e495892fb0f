/// Routes the pane to the selected row's kind (`ListedKind.selectionChanged`): a person to
/// `DetailReducer`, a group to `GroupPaneReducer`, a room shown whole at once (`RoomListing`). With
/// nothing listed selected, the person's pane empties itself.
enum PaneReducer {
  /// The list's selection changed (or its rows did): the pane follows.
  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    (state.selectedListRow?.kind ?? .person).listed.selectionChanged(&state)
  }

  /// The pane is about to be looked at (opened, or given the keyboard): show the selection now.
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] {
    (state.selectedListRow?.kind ?? .person).listed.selectionNeededNow(&state)
  }
}
