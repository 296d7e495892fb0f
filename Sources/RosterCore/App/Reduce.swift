import Foundation

/// Applies `action` to `state` and returns the work to do next, as data.
///
/// Pure: no clocks (time is `state.now`, stamped by the `Store`), no queues, no I/O. Each feature
/// reduces its own actions in its own file; what an action changed that other features act on
/// reaches them as `DerivedEvent`s, never by matching each other's actions.
public func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  let before = Observed(state)
  let effects = reduceFeature(&state, action)
  // The one hook: what the action changed, as events, to the features that subscribe to them.
  return effects + DerivedEvent.deliver(DerivedEvent.caused(by: action, from: before, to: state), to: &state)
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
  case .itemPane(let action): return ItemPaneReducer.reduce(&state, action)
  case .fix(let action): return FixReducer.reduce(&state, action)
  }
}
