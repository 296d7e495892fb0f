import Foundation

/// The result list: selection, paging on demand, opening the detail pane in the single-pane layout.
enum ListReducer {
  static func reduce(_ state: inout AppState, _ action: ListAction) -> [Effect] {
    switch action {
    case .selectionMoved(let delta):
      guard !state.search.results.isEmpty else { return [] }
      let start = state.search.selectedIndex ?? (delta > 0 ? -1 : 0)
      return select(&state, start.addingReportingOverflow(delta).overflow ? Int.max : start + delta)
    case .selectionMovedTo(let index):
      guard !state.search.results.isEmpty else { return [] }
      return select(&state, index)
    case .nearEndReached:
      guard state.screen == .main, state.search.canLoadMore else { return [] }
      guard let cursor = state.search.nextCursor else { return IndexReducer.more(&state) }
      state.search.isLoadingMore = true
      return [.fetchNextPage(cursor, requestID: state.search.requestID)]
    case .detailOpened:
      guard state.search.selectedPerson != nil else { return [] }
      state.singlePaneDetailOpen = true
      state.focus = .detail
      return DetailReducer.selectionNeededNow(&state)
    }
  }

  /// Selects row `index`, clamped to the list, and points the detail pane at it.
  private static func select(_ state: inout AppState, _ index: Int) -> [Effect] {
    let clamped = min(max(index, 0), state.search.results.count - 1)
    guard clamped != state.search.selectedIndex else { return [] }
    state.search.selectedIndex = clamped
    return DetailReducer.selectionChanged(&state)
  }
}
