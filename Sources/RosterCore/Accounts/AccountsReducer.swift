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
      return [.accounts(.list)]
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
      return clearAccountFromScreen(&state) + [.accounts(.switchTo(key: target.key))]
    case .addRequested:
      guard state.accounts.isOpen else { return [] }
      state.accounts.isOpen = false
      state.accounts.switchingTo = addingKey
      return clearAccountFromScreen(&state) + [.accounts(.prepareNew)]
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
        // Signing in goes on to the home set above (the task list or the directory).
        return LoginReducer.signedIn(&state, account)
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

  /// Empties everything that shows the old account and puts the login screen up ("Restoring
  /// session…") until the new account's clients answer. Request ids step on, never back.
  static func clearAccountFromScreen(_ state: inout AppState) -> [Effect] {
    SessionReset.clear(&state)
    state.isHelpVisible = false
    state.login.phase = .restoring
    return CancelID.allCases.filter { $0 != .tick }.map { .cancel(id: $0) }
  }
}
