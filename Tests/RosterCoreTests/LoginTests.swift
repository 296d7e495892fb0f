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
    #expect(store.auth.takeRequests() == [.restoreSession])
    #expect(store.state.screen == .main)
    #expect(store.state.account == Fixtures.account)
    #expect(store.directory.warmUps == 1, "the connection to Graph is opened before the first search")
    await store.finish()
  }

  @Test func signingInAgainWithASearchPendingSendsItInsteadOfWarmingUp() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    state.screen = .login
    state.account = nil
    let effects = reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account))))
    #expect(effects.contains { if case .searchPeople = $0 { return true } else { return false } })
    #expect(!effects.contains(.warmUpDirectory))
  }

  @Test func deviceCodeEventsDriveTheLoginScreen() async throws {
    let store = TestStore(state: Self.loginState())
    await store.send(.app(.started))
    #expect(store.auth.takeRequests() == [.restoreSession, .signIn(.deviceCode)])
    #expect(store.state.login.phase == .starting)
    let signIn = try #require(store.auth.currentSignIn, "the store asked for a sign-in")

    let prompt = Self.prompt(expiresIn: 900, from: store.state.now)
    signIn.emit(.deviceCodeIssued(prompt))
    await store.settle()
    #expect(store.state.login.phase == .deviceCode(prompt, slowDown: false))
    #expect(store.state.login.secondsUntilCodeExpires(now: store.state.now) == 900)
    #expect(store.state.login.canRequestNewCode)

    signIn.emit(.waitingForUser(slowDown: true))
    await store.settle()
    #expect(store.state.login.phase == .deviceCode(prompt, slowDown: true))

    await store.advance(by: .seconds(1))
    #expect(store.state.login.secondsUntilCodeExpires(now: store.state.now) == 899, "a tick per second")

    await store.send(.login(.codeCopyRequested))
    #expect(store.clipboard == ["ABCD-1234"])
    #expect(store.state.banner?.message.contains("ABCD-1234") == true)

    signIn.emit(.signedIn(Fixtures.account))
    await store.settle()
    #expect(store.state.screen == .main)
    #expect(store.state.account == Fixtures.account)
    #expect(store.state.login.phase == .idle)
    await store.advance(by: .seconds(3))
    #expect(store.state.banner == nil, "the banner went after its few seconds")
    await store.finish()
  }

  @Test func anExpiredCodeStopsPollingAndOffersANewOne() async {
    let store = TestStore(state: Self.loginState())
    await store.send(.app(.started))
    _ = store.auth.takeRequests()
    let first = store.auth.currentSignIn
    first?.emit(.deviceCodeIssued(Self.prompt(expiresIn: 2, from: store.state.now)))
    await store.settle()
    await store.advance(by: .seconds(1))
    await store.advance(by: .seconds(1))
    guard case .failed(let failure) = store.state.login.phase else {
      Issue.record("expected failure, got \(store.state.login.phase)")
      return
    }
    #expect(failure.error == "expired_token")
    #expect(failure.canRetry)
    #expect(first?.wasCancelled == true, "polling stopped")

    await store.send(.login(.newCodeRequested))
    #expect(store.auth.takeRequests() == [.signIn(.deviceCode)])
    #expect(store.state.login.phase == .starting)
    store.auth.currentSignIn?.emit(
      .failed(SignInFailure(message: "Blocked by Conditional Access.", code: "AADSTS53003", canRetry: false)))
    await store.settle()
    #expect(
      store.state.login.phase
        == .failed(SignInFailure(message: "Blocked by Conditional Access.", code: "AADSTS53003", canRetry: false)))
    #expect(!store.state.login.canRequestNewCode)
    await store.send(.login(.newCodeRequested))
    #expect(store.auth.takeRequests().isEmpty, "retrying cannot help, so r does nothing")
    await store.finish()
  }

  @Test func theBrowserFlowTakesAPastedRedirect() async {
    let store = TestStore(state: Self.loginState())
    await store.send(.app(.started))
    _ = store.auth.takeRequests()
    let deviceFlow = store.auth.currentSignIn
    await store.send(.login(.browserRequested))
    #expect(deviceFlow?.wasCancelled == true, "switching flows cancels the device code polling")
    #expect(store.auth.takeRequests() == [.signIn(.browser)])
    store.auth.currentSignIn?.emit(
      .browserOpened(url: "https://login.example/authorize?x=1", listeningOn: "http://127.0.0.1:5123"))
    await store.settle()
    #expect(
      store.state.login.phase
        == .browser(url: "https://login.example/authorize?x=1", listeningOn: "http://127.0.0.1:5123"))

    await store.send(.login(.redirectURLSubmitted("not a url")))
    #expect(store.state.login.redirectError != nil)
    #expect(store.auth.takeRequests().isEmpty)

    store.auth.acceptsRedirect = false
    await store.send(.login(.redirectURLSubmitted(" http://localhost:5123/?code=abc&state=s ")))
    #expect(store.auth.takeRequests() == [.submitRedirectURL])
    #expect(store.auth.submittedURLs == ["http://localhost:5123/?code=abc&state=s"])
    #expect(store.state.login.redirectError != nil)
    #expect(!store.state.login.isSubmittingRedirect)

    store.auth.currentSignIn?.emit(.signedIn(Fixtures.account))
    await store.settle()
    #expect(store.state.screen == .main)
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
    await store.send(.setup(.fieldEdited(.clientId, "not-a-guid")))
    await store.send(.setup(.submitted))
    #expect(store.state.setup.error?.contains("GUID") == true)
    #expect(store.saves.saved.isEmpty)

    await store.send(.setup(.fieldEdited(.clientId, " 11111111-2222-3333-4444-555555555555 ")))
    await store.send(.setup(.fieldEdited(.tenant, "contoso.onmicrosoft.com")))
    await store.send(.setup(.submitted))
    #expect(store.saves.saved.map(\.clientId) == ["11111111-2222-3333-4444-555555555555"])
    #expect(store.saves.saved.map(\.authority) == ["https://login.microsoftonline.com/contoso.onmicrosoft.com"])
    #expect(store.state.screen == .login)
    #expect(store.auth.takeRequests() == [.restoreSession, .signIn(.deviceCode)])
    store.auth.currentSignIn?.emit(
      .failed(SignInFailure(message: "App not found in tenant.", code: "AADSTS700016", canRetry: false)))
    await store.finish()
  }

  @Test func signOutForgetsTheAccountAndTheResults() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.app(.signOutRequested))
    #expect(store.state.screen == .login)
    #expect(store.state.search.results.isEmpty)
    #expect(store.state.search.cache.count == 0)
    #expect(store.state.login.reason == "Signed out.")
    #expect(store.auth.takeRequests() == [.signOut])
    await store.finish()
  }
}
