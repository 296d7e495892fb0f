import Foundation

/// The one search: the field's query asked of every kind of row the list holds. People and groups
/// are asked page by page through one lifecycle (`PagedSearch` over `PagedKind`: index in the
/// key's frame, or narrowed while a debounce runs and then Graph; more on demand; staleness by
/// request id); rooms are a catalog matched whole. What a kind adds is in its description
/// (`PeopleSearch`, `GroupSearch`, `RoomSearch`), which reduces no action of its own.
enum SearchReducer {
  static func reduce(_ state: inout AppState, _ action: SearchAction) -> [Effect] {
    switch action {
    case .queryChanged(let text): return PeopleSearch.queryChanged(&state, text)
    case .retryRequested: return PeopleSearch.retryRequested(&state)
    case .debounceElapsed(let id, let kind):
      guard id == state.field.requestID, !state.field.normalizedQuery.isEmpty else { return [] }
      return kind.listed.debounceElapsed(&state)
    case .retryScheduled(let id, let notice, let kind):
      // Every kind asking for the field's query waits on the same throttle or token refresh: the
      // one status line counts a wait down while people are still pending, and nothing re-sends
      // for another kind (its client retries itself).
      guard kind == .person || (kind.listed.isCurrent(id, in: state) && state.search.isPending) else {
        return kind.listed.retryScheduled(&state, id: id, notice)
      }
      return PeopleSearch.retryScheduled(&state, id: id, notice)
    case .answered(let id, let answer):
      // The one place an answer meets its kind's own code.
      return answer.kind.listed.answered(&state, id: id, answer)
    case .pageAnswered(let id, let answer):
      return answer.kind.listed.pageAnswered(&state, id: id, answer)
    case .indexAnswered(let id, let answer):
      return answer.kind.listed.indexAnswered(&state, id: id, answer)
    }
  }
}
