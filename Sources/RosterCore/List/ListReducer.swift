import Foundation

/// The one result list over every kind of row: the selection (a row id), paging on demand,
/// Ctrl-G, and opening the pane in the single-pane layout. Each kind's search replaces only its
/// own slice of rows and then calls `rowsReplaced`; nothing here knows how a kind is answered.
enum ListReducer {
  static func reduce(_ state: inout AppState, _ action: ListAction) -> [Effect] {
    switch action {
    case .selectionMoved(let delta):
      guard state.listRowCount > 0 else { return [] }
      let start = state.selectedRow ?? (delta > 0 ? -1 : 0)
      return select(&state, start.addingReportingOverflow(delta).overflow ? Int.max : start + delta)
    case .selectionMovedTo(let index):
      guard state.listRowCount > 0 else { return [] }
      return select(&state, index)
    case .nearEndReached:
      guard state.screen == .main, state.listCanLoadMore else { return [] }
      // The next page of the kind that pages now (`pagingKind`), through its registration.
      return state.pagingKind?.listed.more(&state) ?? []
    case .detailOpened:
      guard state.hasListSelection else { return [] }
      state.singlePaneDetailOpen = true
      state.focus = .detail
      return PaneReducer.selectionNeededNow(&state)
    case .kindSwitched:
      guard state.enabledKinds.count > 1, state.screen == .main else { return [] }
      state.list.kind = state.list.kind.next(among: state.enabledKinds)
      // A kind now listed answers the field's query unless what it keeps already does.
      return ObjectKind.allCases.flatMap { $0.listed.kindSwitched(&state) } + selectTopRow(&state)
    }
  }

  /// Selects row `index` (clamped to the list); the pane follows.
  private static func select(_ state: inout AppState, _ index: Int) -> [Effect] {
    let clamped = min(max(index, 0), state.listRowCount - 1)
    guard let row = state.listRow(at: clamped), row.rowID != state.list.selected else { return [] }
    state.list.selected = row.rowID
    state.list.selectionMoved = true
    return PaneReducer.selectionChanged(&state)
  }

  /// One kind's rows were replaced. A selection nobody moved since the query changed goes to the
  /// top row (the best match for what was typed); a moved one stays on its row while that is
  /// listed, and goes to the top row when it is not.
  static func rowsReplaced(_ state: inout AppState) -> [Effect] {
    let before = state.list.selected
    if !(state.list.selectionMoved && state.selectedRow != nil) {
      state.list.selected = state.listRow(at: 0)?.rowID
    }
    // A person's pane settles itself (same person: nothing happens); other kinds only when the
    // selection changed, so a walk from the selected group is not cut short by a refresh.
    guard state.list.selected != before || state.list.selected?.kind ?? .person == .person else { return [] }
    return PaneReducer.selectionChanged(&state)
  }

  /// Puts the selection on the top row and points the pane at it.
  static func selectTopRow(_ state: inout AppState) -> [Effect] {
    let before = state.list.selected
    state.list.selected = state.listRow(at: 0)?.rowID
    guard state.list.selected != before || state.list.selected?.kind ?? .person == .person else { return [] }
    return PaneReducer.selectionChanged(&state)
  }
}
