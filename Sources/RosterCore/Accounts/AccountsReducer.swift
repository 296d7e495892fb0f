/// The account picker and switching accounts (issue 21).
///
/// A switch keeps nothing of the old account on screen: the list, the search text, the detail
/// pane and its walk, photos, presence, the index status and the task list are cleared at the
/// keystroke, before the new account's clients are in force. Every request counter carries on
/// (and steps past the old one), so an answer from the old account that arrives after the switch
/// names an id that is no longer current and is dropped, as any stale answer is.
enum AccountsReducer {
  /// The key `switchingTo` holds while the settings' clients are being built for a new sign-in.
  static let addingKey = "+add"

  static func reduce(_ state: inout AppState, _ action: AccountsAction) -> [Effect] {
    switch action {
    case .pickerRequested:
      guard !state.accounts.isOpen, state.screen != .setup, state.accounts.switchingTo == nil else { return [] }
      state.accounts.isOpen = true
      state.accounts.accounts = nil
      state.accounts.failure = nil
      state.isHelpVisible = false
      return [.listAccounts]
    case .listed(let accounts, let currentKey):
      guard state.accounts.isOpen else { return [] }
      state.accounts.accounts = accounts
      state.accounts.currentKey = currentKey
      state.accounts.severalSignedIn = accounts.count > 1
      let current = accounts.firstIndex { $0.key == currentKey } ?? accounts.firstIndex(where: \.isActive)
      state.accounts.selection = current ?? 0
      return []
    case .selectionMoved(let delta):
      guard state.accounts.isOpen, let accounts = state.accounts.accounts, !accounts.isEmpty else { return [] }
      state.accounts.selection = min(max(0, state.accounts.selection + delta), accounts.count - 1)
      return []
    case .chosen:
      guard state.accounts.isOpen, let accounts = state.accounts.accounts,
        accounts.indices.contains(state.accounts.selection)
      else { return [] }
      let target = accounts[state.accounts.selection]
      state.accounts.isOpen = false
      if target.key == state.accounts.currentKey, state.account != nil { return [] }
      state.accounts.switchingTo = target.key
      return clearAccountFromScreen(&state) + [.switchAccount(key: target.key)]
    case .addRequested:
      guard state.accounts.isOpen else { return [] }
      state.accounts.isOpen = false
      state.accounts.switchingTo = addingKey
      return clearAccountFromScreen(&state) + [.prepareNewAccount]
    case .dismissed:
      state.accounts.isOpen = false
      return []
    case .switched(let key, let account, let home, let settings):
      guard state.accounts.switchingTo == key else { return [] }
      state.accounts.switchingTo = nil
      state.accounts.currentKey = key
      state.settings = settings
      state.home = home
      if home == .tasks { state.login.method = .browser }
      if let account {
        return home == .tasks
          ? TaskListReducer.signedIn(&state, account) : LoginReducer.signedIn(&state, account)
      }
      state.login.phase = .idle
      return LoginReducer.startSignIn(&state)
    case .addReady(let home, let settings):
      guard state.accounts.switchingTo == addingKey else { return [] }
      state.accounts.switchingTo = nil
      state.accounts.currentKey = nil
      // One more is being added to those the picker listed.
      if state.accounts.accounts?.isEmpty == false { state.accounts.severalSignedIn = true }
      state.settings = settings
      state.home = home
      if home == .tasks { state.login.method = .browser }
      return LoginReducer.startSignIn(&state)
    case .failed(let message):
      if state.accounts.isOpen {
        state.accounts.failure = CleanText(message)
        state.accounts.accounts = state.accounts.accounts ?? []
        return []
      }
      guard state.accounts.switchingTo != nil else { return [] }
      state.accounts.switchingTo = nil
      state.login.phase = .idle
      state.login.reason = CleanText(message)
      return []
    }
  }

  /// Whether `action` answers a request an account switched away from asked for: its id is
  /// older than the first the account on screen used. Such an answer is dropped before any
  /// feature sees it (a search answer would otherwise be cached under the new account).
  static func isFromAnEarlierAccount(_ action: AppAction, _ state: AppState) -> Bool {
    let first = state.accounts.firstIDs
    switch action {
    case .search(.resultsLoaded(let id, _)), .search(.nextPageLoaded(let id, _)),
      .search(.retryScheduled(let id, _)), .search(.indexResultsLoaded(let id, _, _, _)),
      .search(.debounceElapsed(let id)):
      return id < first.search
    case .detail(.loaded(let id, _)), .detail(.loadedFromIndex(let id, _)), .detail(.retryScheduled(let id, _)),
      .detail(.debounceElapsed(let id)):
      return id < first.detail
    case .photo(.loaded(let id, _)): return id < first.photo
    case .presence(.loaded(let id, _)): return id < first.presence
    case .tasks(.loaded(let id, _)): return id < first.tasks
    default: return false
    }
  }

  /// Empties everything that shows the old account and puts the login screen up ("Restoring
  /// session…") until the new account's clients answer. Request ids step on, never back.
  static func clearAccountFromScreen(_ state: inout AppState) -> [Effect] {
    let pageSize = state.search.pageSize
    let ids = (state.search.requestID, state.detail.requestID, state.photo.requestID, state.presence.requestID)
    let taskIDs = (state.tasks.requestID, state.tasks.nextLocalID)
    state.search = SearchState()
    state.search.pageSize = pageSize
    state.search.requestID = ids.0 + 1
    state.detail = DetailState()
    state.detail.requestID = ids.1 + 1
    state.photo = PhotoState()
    state.photo.requestID = ids.2 + 1
    state.presence = PresenceState()
    state.presence.requestID = ids.3 + 1
    state.tasks = TaskListState()
    state.tasks.requestID = taskIDs.0 + 1
    state.tasks.nextLocalID = taskIDs.1
    state.accounts.firstIDs = FirstRequestIDs()
    state.accounts.firstIDs.search = state.search.requestID
    state.accounts.firstIDs.detail = state.detail.requestID
    state.accounts.firstIDs.photo = state.photo.requestID
    state.accounts.firstIDs.presence = state.presence.requestID
    state.accounts.firstIDs.tasks = state.tasks.requestID
    state.index = IndexState()
    state.account = nil
    state.focus = .list
    state.singlePaneDetailOpen = false
    state.isHelpVisible = false
    state.screen = .login
    state.login = LoginState(method: state.login.method)
    state.login.phase = .restoring
    return CancelID.allCases.filter { $0 != .tick }.map { .cancel(id: $0) }
  }
}
