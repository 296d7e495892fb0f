import Foundation

/// The result list: selection, paging on demand, opening the detail pane in the single-pane layout.
enum ListReducer {
  static func reduce(_ state: inout AppState, _ action: ListAction) -> [Effect] {
    switch action {
    case .selectionMoved(let delta):
      if listsGroups(state) {
        guard state.listRowCount > 0 else { return [] }
        let start = state.selectedRow ?? (delta > 0 ? -1 : 0)
        return selectRow(&state, start.addingReportingOverflow(delta).overflow ? Int.max : start + delta)
      }
      guard !state.search.results.isEmpty else { return [] }
      let start = state.search.selectedIndex ?? (delta > 0 ? -1 : 0)
      return select(&state, start.addingReportingOverflow(delta).overflow ? Int.max : start + delta)
    case .selectionMovedTo(let index):
      if listsGroups(state) {
        guard state.listRowCount > 0 else { return [] }
        return selectRow(&state, index)
      }
      guard !state.search.results.isEmpty else { return [] }
      return select(&state, index)
    case .nearEndReached:
      if state.groups.isEnabled, state.groups.kind == .groups {
        guard state.screen == .main, state.listCanLoadMore else { return [] }
        return GroupSearchReducer.more(&state)
      }
      guard state.screen == .main, state.search.canLoadMore else { return [] }
      guard let cursor = state.search.nextCursor else { return IndexReducer.more(&state) }
      state.search.isLoadingMore = true
      return [.fetchNextPage(cursor, requestID: state.search.requestID)]
    case .detailOpened:
      guard state.hasListSelection else { return [] }
      state.singlePaneDetailOpen = true
      state.focus = .detail
      return DetailReducer.selectionNeededNow(&state)
    }
  }

  /// Whether the list holds (or may hold) group rows: selection then counts over every row.
  /// Without groups the people-only rules below run exactly as before groups existed.
  private static func listsGroups(_ state: AppState) -> Bool {
    state.groups.isEnabled && (state.groups.kind != .people || state.groups.selectedIndex != nil)
  }

  /// Selects row `index` of `AppState.listRows` (clamped): a group row, or a person row below the
  /// groups; the pane follows.
  private static func selectRow(_ state: inout AppState, _ index: Int) -> [Effect] {
    let clamped = min(max(index, 0), state.listRowCount - 1)
    guard clamped != state.selectedRow else { return [] }
    state.search.selectionMoved = true
    let groups = state.shownGroups.count
    if clamped < groups {
      state.groups.selectedIndex = clamped
      return GroupPaneReducer.selectionChanged(&state)
    }
    state.groups.selectedIndex = nil
    state.search.selectedIndex = clamped - groups
    return DetailReducer.selectionChanged(&state)
  }

  /// Selects row `index`, clamped to the list, and points the detail pane at it.
  private static func select(_ state: inout AppState, _ index: Int) -> [Effect] {
    let clamped = min(max(index, 0), state.search.results.count - 1)
    guard clamped != state.search.selectedIndex else { return [] }
    state.search.selectedIndex = clamped
    state.search.selectionMoved = true
    return DetailReducer.selectionChanged(&state)
  }
}
