import Foundation

/// Applies `action` to `state` and returns the work to do next, as data.
///
/// Pure: no clocks (time is `state.now`, stamped by the `Store`), no queues, no I/O. Each feature
/// reduces its own actions in its own file; features call each other's helpers where one event
/// touches several (a new result list changes the selection, which changes the detail pane).
public func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  let effects: [Effect]
  switch action {
  case .app(let action): effects = LifecycleReducer.reduce(&state, action)
  case .setup(let action): effects = SetupReducer.reduce(&state, action)
  case .login(let action): effects = LoginReducer.reduce(&state, action)
  case .search(let action): effects = SearchReducer.reduce(&state, action)
  case .list(let action): effects = ListReducer.reduce(&state, action)
  case .detail(let action): effects = DetailReducer.reduce(&state, action)
  case .index(let action): effects = IndexReducer.reduce(&state, action)
  case .presence(let action): effects = PresenceReducer.reduce(&state, action)
  }
  return effects + PresenceReducer.follow(action, state)
}
