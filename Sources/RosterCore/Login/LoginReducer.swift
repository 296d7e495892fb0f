import Foundation

/// The login screen: starts sign-in flows and follows their `SignInEvent`s.
enum LoginReducer {
  static func reduce(_ state: inout AppState, _ action: LoginAction) -> [Effect] {
    switch action {
    case .signInEventReceived(let event):
      return eventReceived(&state, event)
    case .newCodeRequested:
      guard state.screen == .login, state.login.canRequestNewCode else { return [] }
      return startSignIn(&state)
    case .browserRequested:
      guard state.screen == .login, state.login.phase != .restoring else { return [] }
      state.login.method = .browser
      return startSignIn(&state)
    case .deviceCodeRequested:
      guard state.screen == .login, state.login.phase != .restoring else { return [] }
      state.login.method = .deviceCode
      return startSignIn(&state)
    case .codeCopyRequested:
      guard let prompt = state.login.deviceCode else { return [] }
      state.showBanner("Copied the code \(prompt.userCode) to the clipboard")
      return [.copyToClipboard(prompt.userCode.string)]
    case .addressCopyRequested:
      // The address carries no secret (the PKCE challenge, not its verifier): it may be copied.
      guard case .browser(let url, _) = state.login.phase else { return [] }
      state.showBanner("Copied the sign-in address to the clipboard")
      return [.copyToClipboard(url.string)]
    case .redirectFieldEdited(let text):
      state.login.redirectField = Secret(text)
      state.login.redirectError = nil
      return []
    case .redirectURLSubmitted(let text):
      guard case .browser = state.login.phase, !state.login.isSubmittingRedirect else { return [] }
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else {
        state.login.redirectError =
          "Nothing pasted yet: paste the address the browser ended on after signing in, then press Enter."
        return []
      }
      guard trimmed.lowercased().hasPrefix("http://") || trimmed.lowercased().hasPrefix("https://") else {
        state.login.redirectError =
          "Paste the whole address from the browser's address bar after signing in (it starts with http://localhost)."
        return []
      }
      state.login.isSubmittingRedirect = true
      state.login.redirectError = nil
      return [.submitRedirectURL(Secret(trimmed))]
    case .typedAhead(let text):
      // Only while the demo signs itself in: a real sign-in's letters are its commands.
      guard state.isDemo, state.screen == .login, state.home == .main else { return [] }
      state.field.query = CleanText(text)
      return []
    case .redirectURLChecked(let accepted):
      state.login.isSubmittingRedirect = false
      if accepted {
        state.login.redirectField = Secret("")
      } else {
        state.login.redirectError = CleanText(
          "That address is not the redirect of this sign-in (wrong or old tab?). "
            + "Sign in again and paste the new address.")
      }
      return []
    }
  }

  private static func eventReceived(_ state: inout AppState, _ event: SignInEvent) -> [Effect] {
    if case .signedIn(let account) = event { return signedIn(&state, account) }
    guard state.screen == .login else { return [] }
    switch event {
    case .deviceCodeIssued(let prompt):
      state.login.phase = .deviceCode(prompt, slowDown: false)
      return []
    case .waitingForUser(let slowDown):
      if case .deviceCode(let prompt, _) = state.login.phase {
        state.login.phase = .deviceCode(prompt, slowDown: slowDown)
      }
      return []
    case .browserOpened(let url, let listeningOn):
      state.login.phase = .browser(url: url, listeningOn: listeningOn)
      state.login.redirectField = Secret("")
      state.login.redirectError = nil
      return []
    case .failed(let failure):
      state.login.phase = .failed(failure)
      state.login.isSubmittingRedirect = false
      return []
    case .signedIn:
      return []
    }
  }

  /// Signed in (interactively or from the cache): on to the main screen, re-running the search
  /// that was in the field when the session ended.
  static func signedIn(_ state: inout AppState, _ account: Account) -> [Effect] {
    if state.home == .tasks { return TaskListReducer.signedIn(&state, account) }
    state.account = account
    // Another sign-in may be another person, in another tenant: each kind forgets what it read.
    for kind in ObjectKind.allCases { kind.listed.accountChanged(&state) }
    let wasOnMain = state.screen == .main
    state.screen = .main
    state.login.phase = .idle
    state.login.reason = nil
    state.login.isSubmittingRedirect = false
    state.login.redirectField = Secret("")
    guard !wasOnMain else { return [] }
    state.focus = .list
    var effects: [Effect] = []
    if !state.field.normalizedQuery.isEmpty, state.search.inFlight == nil {
      state.field.requestID += 1
      state.search.status = state.search.results.isEmpty ? .searching : .refining
      effects += PeopleSearch.sendRequest(&state)
    } else {
      effects.append(.warmUpDirectory)
    }
    // The index, "your people" and the pane follow the session's start (`DerivedEvent.sessionStarted`).
    return effects
  }

  /// Starts the interactive flow in `state.login.method`, replacing any in progress.
  static func startSignIn(_ state: inout AppState) -> [Effect] {
    state.login.phase = .starting
    state.login.redirectError = nil
    state.login.isSubmittingRedirect = false
    return [.signIn(state.login.method)]
  }
}
