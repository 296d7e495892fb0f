import Foundation
import RosterCore
import TestSupport
import Testing

/// Sign-in events drive the login screen.
@MainActor
struct LoginTests {
  static func loginState(method: SignInMethod = .deviceCode) -> AppState {
    AppState(settings: Fixtures.settings, signInMethod: method)
  }

  static func prompt(expiresIn seconds: TimeInterval, from now: Date) -> DeviceCodePrompt {
    DeviceCodePrompt(
      userCode: "ABCD-1234", verificationURI: "https://microsoft.com/devicelogin",
      message: "To sign in, open the page and enter the code.", expiresAt: now.addingTimeInterval(seconds), interval: 5)
  }

  @Test func aCachedSessionGoesStraightToTheMainScreen() async {
    let store = TestStore(state: Self.loginState())
    store.auth.restoredAccount = Fixtures.account
    await store.send(.app(.started)) { $0.login.phase = .restoring }
    await store.receive(.app(.sessionRestored(Fixtures.account))) { $0.signedIn(Fixtures.account) }
    #expect(store.auth.takeRequests() == [.restoreSession])
    #expect(store.directory.warmUps == 1, "the connection to Graph is opened before the first search")
    await store.finish()
  }

  /// Starts the login screen with no cached session: a device-code sign-in starts; returns it.
  @discardableResult
  static func startWithoutASession(_ store: TestStore) async -> FakeAuthClient.SignIn? {
    await store.send(.app(.started)) { $0.login.phase = .restoring }
    await store.receive(.app(.sessionRestored(nil))) { $0.signInStarting() }
    #expect(store.auth.takeRequests() == [.restoreSession, .signIn(.deviceCode)])
    return store.auth.currentSignIn
  }

  @Test func signingInAgainWithASearchPendingSendsItInsteadOfWarmingUp() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    state.screen = .login
    state.account = nil
    let effects = reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account))))
    #expect(
      effects.contains {
        if case .searchGraph(let asked, _) = $0, asked.kind == .person { return true } else { return false }
      })
    #expect(!effects.contains(.warmUpDirectory))
  }

  /// Issue 28 (12): what is typed while the demo signs itself in is searched once signed in; a
  /// real sign-in's screen takes no typing.
  @Test func textTypedWhileTheDemoSignsInIsSearchedOnceSignedIn() {
    var state = AppState.signedIn()
    state.screen = .login
    state.account = nil
    state.login.phase = .starting
    _ = reduce(&state, .login(.typedAhead("quinn")))
    #expect(state.field.query.isEmpty, "only the demo types ahead")
    state.isDemo = true
    _ = reduce(&state, .login(.typedAhead("quinn")))
    #expect(state.field.query == "quinn")
    let effects = reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account))))
    #expect(
      effects.contains {
        if case .searchGraph(let asked, _) = $0 { asked.value(as: PeopleQuery.self)?.text == "quinn" } else { false }
      })
  }

  @Test func deviceCodeEventsDriveTheLoginScreen() async throws {
    let store = TestStore(state: Self.loginState())
    let signIn = try #require(await Self.startWithoutASession(store), "the store asked for a sign-in")

    let prompt = Self.prompt(expiresIn: 900, from: store.state.now)
    signIn.emit(.deviceCodeIssued(prompt))
    await store.receive(.login(.signInEventReceived(.deviceCodeIssued(prompt)))) {
      $0.login.phase = .deviceCode(prompt, slowDown: false)
    }
    #expect(store.state.login.secondsUntilCodeExpires(now: store.state.now) == 900)
    #expect(store.state.login.canRequestNewCode)

    signIn.emit(.waitingForUser(slowDown: true))
    await store.receive(.login(.signInEventReceived(.waitingForUser(slowDown: true)))) {
      $0.login.phase = .deviceCode(prompt, slowDown: true)
    }

    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    #expect(store.state.login.secondsUntilCodeExpires(now: store.state.now) == 899, "a tick per second")

    await store.send(.login(.codeCopyRequested)) {
      $0.banner = Banner(message: "Copied the code ABCD-1234 to the clipboard", expiresAt: $0.now.addingTimeInterval(3))
    }
    #expect(store.clipboard == ["ABCD-1234"])

    signIn.emit(.signedIn(Fixtures.account))
    await store.receive(.login(.signInEventReceived(.signedIn(Fixtures.account)))) { $0.signedIn(Fixtures.account) }
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) {
      $0.banner = nil  // the banner went after its few seconds
    }
    await store.finish()
  }

  @Test func anExpiredCodeStopsPollingAndOffersANewOne() async {
    let store = TestStore(state: Self.loginState())
    let first = await Self.startWithoutASession(store)
    let prompt = Self.prompt(expiresIn: 2, from: store.state.now)
    first?.emit(.deviceCodeIssued(prompt))
    await store.receive(.login(.signInEventReceived(.deviceCodeIssued(prompt)))) {
      $0.login.phase = .deviceCode(prompt, slowDown: false)
    }
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) {
      $0.login.phase = .failed(
        SignInFailure(
          message: "The code expired before it was entered. Press r for a new one.", error: "expired_token",
          canRetry: true))
    }
    #expect(first?.wasCancelled == true, "polling stopped")

    await store.send(.login(.newCodeRequested)) { $0.signInStarting() }
    #expect(store.auth.takeRequests() == [.signIn(.deviceCode)])
    let blocked = SignInFailure(message: "Blocked by Conditional Access.", code: "AADSTS53003", canRetry: false)
    store.auth.currentSignIn?.emit(.failed(blocked))
    await store.receive(.login(.signInEventReceived(.failed(blocked)))) { $0.login.phase = .failed(blocked) }
    #expect(!store.state.login.canRequestNewCode)
    await store.send(.login(.newCodeRequested))
    #expect(store.auth.takeRequests().isEmpty, "retrying cannot help, so r does nothing")
    await store.finish()
  }

  @Test func theBrowserFlowTakesAPastedRedirect() async {
    let store = TestStore(state: Self.loginState())
    let deviceFlow = await Self.startWithoutASession(store)
    await store.send(.login(.browserRequested)) { $0.browserRequested() }
    #expect(deviceFlow?.wasCancelled == true, "switching flows cancels the device code polling")
    #expect(store.auth.takeRequests() == [.signIn(.browser)])
    let opened = SignInEvent.browserOpened(
      url: "https://login.example/authorize?x=1", listeningOn: "http://127.0.0.1:5123")
    store.auth.currentSignIn?.emit(opened)
    await store.receive(.login(.signInEventReceived(opened))) {
      $0.login.phase = .browser(url: "https://login.example/authorize?x=1", listeningOn: "http://127.0.0.1:5123")
    }

    // Issue 40 item 24: `c` copies the whole address (OSC 52), for a browser on another machine.
    await store.send(.login(.addressCopyRequested)) {
      $0.banner = Banner(
        message: "Copied the sign-in address to the clipboard", expiresAt: $0.now.addingTimeInterval(3))
    }
    #expect(store.clipboard == ["https://login.example/authorize?x=1"])
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) { $0.banner = nil }

    await store.send(.login(.redirectURLSubmitted("not a url"))) {
      $0.login.redirectError =
        "Paste the whole address from the browser's address bar after signing in (it starts with http://localhost)."
    }
    #expect(store.auth.takeRequests().isEmpty)

    store.auth.acceptsRedirect = false
    await store.send(.login(.redirectURLSubmitted(" http://localhost:5123/?code=abc&state=s "))) {
      $0.login.isSubmittingRedirect = true
      $0.login.redirectError = nil
    }
    await store.receive(.login(.redirectURLChecked(accepted: false))) {
      $0.login.isSubmittingRedirect = false
      $0.login.redirectError =
        "That address is not the redirect of this sign-in (wrong or old tab?). Sign in again and paste the new address."
    }
    #expect(store.auth.takeRequests() == [.submitRedirectURL])
    #expect(store.auth.submittedURLs == ["http://localhost:5123/?code=abc&state=s"])

    store.auth.currentSignIn?.emit(.signedIn(Fixtures.account))
    await store.receive(.login(.signInEventReceived(.signedIn(Fixtures.account)))) { $0.signedIn(Fixtures.account) }
    await store.finish()
  }

  @Test func theRedirectFieldNeverPrintsItsText() {
    var state = Self.loginState()
    _ = reduce(&state, .login(.redirectFieldEdited("http://localhost/?code=SECRETCODE")))
    #expect(!String(describing: state).contains("SECRETCODE"))
    #expect(state.login.redirectField.exposedValue.contains("SECRETCODE"))
  }

  @Test func setupValidatesAndSavesTheClientIdAndTenant() async {
    let store = TestStore(state: AppState(settings: Settings()))
    #expect(store.state.screen == .setup)
    await store.send(.setup(.fieldEdited(.clientId, "not-a-guid"))) { $0.setup.clientId = "not-a-guid" }
    await store.send(.setup(.submitted)) {
      $0.setup.error = CleanText(
        "The client id is the app registration's Application (client) ID, a GUID like "
          + "00000000-0000-0000-0000-000000000000.")
    }
    #expect(store.saves.saved.isEmpty)

    let typed = " 11111111-2222-3333-4444-555555555555 "
    await store.send(.setup(.fieldEdited(.clientId, typed))) {
      $0.setup.clientId = CleanText(typed)
      $0.setup.error = nil
    }
    await store.send(.setup(.fieldEdited(.tenant, "contoso.onmicrosoft.com"))) {
      $0.setup.tenant = "contoso.onmicrosoft.com"
    }
    await store.send(.setup(.submitted)) { $0.setup.isSaving = true }
    var saved = Settings()
    saved.clientId = "11111111-2222-3333-4444-555555555555"
    saved.authority = "https://login.microsoftonline.com/contoso.onmicrosoft.com"
    await store.receive(.setup(.saved(saved))) {
      $0.settings = saved
      $0.setup = SetupState(settings: saved)
      $0.screen = .login
      $0.login.phase = .restoring
    }
    #expect(store.saves.saved == [saved])
    await store.receive(.app(.sessionRestored(nil))) { $0.signInStarting() }
    #expect(store.auth.takeRequests() == [.restoreSession, .signIn(.deviceCode)])
    let notFound = SignInFailure(message: "App not found in tenant.", code: "AADSTS700016", canRetry: false)
    store.auth.currentSignIn?.emit(.failed(notFound))
    await store.receive(.login(.signInEventReceived(.failed(notFound)))) { $0.login.phase = .failed(notFound) }
    await store.finish()
  }

  @Test func signOutForgetsTheAccountAndTheResults() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.app(.signOutRequested)) {
      let before = $0
      $0.sessionGeneration += 1  // answers to the ended session's requests are dropped
      $0.account = nil
      $0.screen = .login
      $0.login = LoginState(method: $0.login.method)
      $0.search = SearchState()  // the results and the cache forgotten; ids only grow
      $0.field.query = ""  // and the query typed
      $0.field.requestID = before.field.requestID + 1
      $0.list = ListState()
      $0.detail = DetailState()
      $0.detail.requestID = before.detail.requestID + 1
      $0.detail.partRequestID = before.detail.partRequestID + 1
      $0.photo = PhotoState()
      $0.photo.requestID = before.photo.requestID + 1
      $0.presence = PresenceState()
      $0.presence.requestID = before.presence.requestID + 1
      $0.groups = GroupSearchState(isEnabled: true)  // "my groups" too: the next person asks their own
      $0.rooms = RoomSearchState(isEnabled: true)  // the rooms' list too: the next tenant may differ
      $0.rooms.requestID = before.rooms.requestID + 1
      $0.reach.requestID = before.reach.requestID + 1
      $0.tasks.requestID = before.tasks.requestID + 1
    }
    await store.receive(.app(.signedOut)) { $0.login.reason = "Signed out." }
    #expect(store.auth.takeRequests() == [.signOut])
    await store.finish()
  }
}
