import Foundation

/// Applies `action` to `state` and returns the work to do next, as data.
///
/// Pure: no clocks (time is `state.now`, stamped by the `Store`), no queues, no I/O. Each feature
/// reduces its own actions in its own file; features call each other's helpers where one event
/// touches several (a new result list changes the selection, which changes the detail pane).
public func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  let requestID = state.search.requestID
  let peopleBefore = PeopleOnScreen(state)
  let effects = reduceFeature(&state, action)
  // One event for every kind beside people: the field's query changed (typed, retried, re-sent
  // after signing in), so each kind answers it for its own slice of the list.
  let kinds = state.search.requestID == requestID ? [] : SearchReducer.otherKindsFollowQuery(&state)
  // The second event: the people listed changed (any answer: Graph, index, cache), so presence
  // settles on them once they stay.
  let people = PeopleOnScreen(state) == peopleBefore ? [] : PresenceReducer.peopleChanged(state)
  return effects + kinds + people + PresenceReducer.follow(action, state) + PhotoReducer.follow(&state)
    + ReachReducer.follow(action, &state)
    + IndexReducer.follow(action, &state) + YourPeopleReducer.follow(action, &state)
}

/// The feature that owns `action`.
private func reduceFeature(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  switch action {
  case .app(let action): return LifecycleReducer.reduce(&state, action)
  case .setup(let action): return SetupReducer.reduce(&state, action)
  case .login(let action): return LoginReducer.reduce(&state, action)
  case .search(let action): return SearchReducer.reduce(&state, action)
  case .list(let action): return ListReducer.reduce(&state, action)
  case .detail(let action): return DetailReducer.reduce(&state, action)
  case .index(let action): return IndexReducer.reduce(&state, action)
  case .presence(let action): return PresenceReducer.reduce(&state, action)
  case .photo(let action): return PhotoReducer.reduce(&state, action)
  case .tasks(let action): return TaskListReducer.reduce(&state, action)
  case .reach(let action): return ReachReducer.reduce(&state, action)
  case .health(let action): return HealthReducer.reduce(&state, action)
  case .groupPane(let action): return GroupPaneReducer.reduce(&state, action)
  case .memberOf(let action): return MemberOfReducer.reduce(&state, action)
  case .accounts(let action): return AccountsReducer.reduce(&state, action)
  case .yourPeople(let action): return YourPeopleReducer.reduce(&state, action)
  }
}

/// Enough of the people listed to tell that they changed, without comparing every row: the
/// query they answer, how many there are, and the first and last.
private struct PeopleOnScreen: Equatable {
  var query: CleanText?
  var count: Int
  var first: String?
  var last: String?

  init(_ state: AppState) {
    let people = state.search.results
    query = state.search.resultsQuery
    count = people.count
    first = people.first?.id
    last = people.last?.id
  }
}
