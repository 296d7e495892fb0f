/// The one way the signed-in session ends on screen: signing out and switching accounts both
/// come here. Everything that shows or caches the old account is emptied, every request id
/// steps on (never back, so a late answer cannot match a new request), and the session's
/// generation grows: the `Store` drops any result of an effect started in an earlier generation
/// before it is reduced (`AppAction.belongsToSession`), whatever feature it is for.
enum SessionReset {
  static func clear(_ state: inout AppState) {
    state.sessionGeneration += 1
    let ids = (
      search: state.field.requestID, detail: state.detail.requestID, part: state.detail.partRequestID,
      photo: state.photo.requestID, presence: state.presence.requestID
    )
    let taskIDs = (state.tasks.requestID, state.tasks.nextLocalID)
    state.search = SearchState()
    state.field = FieldState(requestID: ids.search + 1, pageSize: state.field.pageSize)
    for kind in ObjectKind.allCases { kind.listed.sessionCleared(&state) }
    state.list = ListState(kind: state.list.kind)
    state.detail = DetailState()
    state.detail.requestID = ids.detail + 1
    state.detail.partRequestID = ids.part + 1
    let reachID = state.reach.requestID
    state.reach = ReachState()
    state.reach.requestID = reachID + 1
    // The Account section is forgotten; its id is kept (never back), and the next read steps it on.
    let healthID = state.health.requestID
    state.health = HealthState()
    state.health.requestID = healthID
    state.photo = PhotoState()
    state.photo.requestID = ids.photo + 1
    state.presence = PresenceState()
    state.presence.requestID = ids.presence + 1
    state.tasks = TaskListState()
    state.tasks.requestID = taskIDs.0 + 1
    state.tasks.nextLocalID = taskIDs.1
    state.index = IndexState()
    state.yourPeople = YourPeopleState()
    // An open fix box (and a pass in it) belongs to the account that ends; its id is kept (never
    // back), and the next look-up steps it on.
    let fixID = state.fix.requestID
    state.fix = FixState()
    state.fix.requestID = fixID
    state.account = nil
    state.focus = .list
    state.singlePaneDetailOpen = false
    state.screen = .login
    state.login = LoginState(method: state.login.method)
  }
}

extension AppAction {
  /// Whether this action is an answer about the signed-in session's data (directory, index,
  /// tasks, photos): dropped when the effect that sent it was started before the session on
  /// screen. Sign-in, setup, the account picker and the app's own events are not.
  public var belongsToSession: Bool {
    // Every other feature's actions are about the session's data, a new feature's too.
    switch self {
    case .app, .setup, .login, .accounts: return false
    default: return true
    }
  }
}
