/// The one way a session ends on its own: a token could not be had without signing in again
/// (the refresh token expired or was revoked, or the person signed out elsewhere). Whichever
/// feature's read found it — the search, the pane, a group, the index's sync, the task list —
/// calls this, as signing out and switching accounts call `SessionReset`: an ended session
/// touches every feature's state, so it is the app's transition, not one feature's reducer.
enum SessionEnd {
  /// Back to the login screen, keeping what was on screen (the search text, the task list), and
  /// a new sign-in started.
  static func signInRequired(_ state: inout AppState, _ failure: SignInFailure) -> [Effect] {
    switch state.screen {
    case .main: return fromDirectory(&state, failure)
    case .tasks: return fromTasks(&state, failure)
    default: return []
    }
  }

  /// The directory screen: the search is kept, its requests stop.
  private static func fromDirectory(_ state: inout AppState, _ failure: SignInFailure) -> [Effect] {
    state.screen = .login
    state.account = nil
    state.focus = .list
    state.singlePaneDetailOpen = false
    state.isHelpVisible = false
    state.login.reason = CleanText(failure.sessionEndedReason(keeping: "your search is kept"))
    state.search.inFlight = nil
    state.search.isLoadingMore = false
    state.search.status = .failed(message: "Sign-in required")
    state.detail.selectionMoving = false
    let cancels: [Effect] = [
      .cancel(id: .searchDebounce), .cancel(id: .search), .cancel(id: .nextPage),
      .cancel(id: .detailDebounce), .cancel(id: .selectionRest), .cancel(id: .detail),
    ]
    return cancels + LoginReducer.startSignIn(&state)
  }

  /// The task list: the list and the draft are kept (what was put back stays put back).
  private static func fromTasks(_ state: inout AppState, _ failure: SignInFailure) -> [Effect] {
    state.screen = .login
    state.account = nil
    state.isHelpVisible = false
    state.tasks.confirmingDelete = nil
    state.tasks.confirmingSignOut = false
    state.login.reason = CleanText(failure.sessionEndedReason(keeping: "your tasks are kept by the service"))
    return [.cancel(id: .tasks)] + LoginReducer.startSignIn(&state)
  }
}
