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
      guard id == state.search.requestID, !state.search.normalizedQuery.isEmpty else { return [] }
      switch kind {
      case .person: return PeopleSearch.sendRequest(&state)
      case .group: return PagedSearch.askGraph(GroupSearch.self, &state)
      case .room: return []
      }
    case .retryScheduled(let id, let notice, let kind):
      switch kind {
      case .person: return PeopleSearch.retryScheduled(&state, id: id, notice)
      case .group: return GroupSearch.retryScheduled(&state, id: id, notice)
      case .room: return []
      }
    case .answered(let id, let answer):
      // The one place an answer meets its kind's own code.
      switch answer {
      case .people(let result): return PeopleSearch.resultsLoaded(&state, id: id, result)
      case .groups(let result): return GroupSearch.answered(&state, id: id, result)
      case .rooms(let result): return RoomSearch.answered(&state, id: id, result)
      }
    case .pageAnswered(let id, let answer):
      switch answer {
      case .people(let result): return PeopleSearch.nextPageLoaded(&state, id: id, result)
      case .groups(let result): return GroupSearch.pageAnswered(&state, id: id, result)
      case .rooms: return []  // read whole: no page of rooms is asked for
      }
    case .indexAnswered(let id, .people(let people, let asked, let close)):
      return PeopleSearch.indexAnswered(&state, id: id, people, asked: asked, close: close)
    case .indexAnswered(let id, .groups(let groups, let asked)):
      return GroupSearch.indexAnswered(&state, id: id, groups, asked: asked)
    case .myGroupsLoaded(let id, let result): return GroupSearch.mineAnswered(&state, id: id, result)
    }
  }

  /// The field's query changed (typed, retried, re-sent after signing in) and people have
  /// answered it: every other kind answers it for its own slice of the list. `reduce` sends this
  /// one event after any action that gave the field a new request id.

  /// Ctrl-G changed the kinds listed: a kind now shown answers the field's query unless what it
  /// keeps already does.
  static func kindSwitched(_ state: inout AppState) -> [Effect] {
    GroupSearch.kindSwitched(&state) + RoomSearch.queryChanged(&state)
  }

  /// The list neared its end: the next page of the kind that pages now (`pagingKind`).
  static func more(_ state: inout AppState) -> [Effect] {
    switch state.pagingKind {
    case .group: return PagedSearch.more(GroupSearch.self, &state)
    case .person: return PagedSearch.more(PeopleSearch.self, &state)
    case .room, nil: return []
    }
  }
}
