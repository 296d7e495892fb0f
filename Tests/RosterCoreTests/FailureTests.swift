import Foundation
import RosterCore
import TestSupport
import Testing

/// Throttling, offline and lost sessions.
@MainActor
struct FailureTests {
  @Test func throttlingShowsACountdownWhileTheClientWaits() async {
    let store = TestStore()
    await store.send(.search(.queryChanged("alex")))
    await store.advance(by: .milliseconds(150))
    let call = store.takeSearch("alex")
    call?.announceRetry(RetryNotice(reason: .throttled, wait: .seconds(3), attempt: 1))
    await store.settle()
    guard case .throttled(let countdown) = store.state.search.status else {
      Issue.record("expected a countdown, got \(store.state.search.status)")
      return
    }
    #expect(countdown.secondsLeft(now: store.state.now) == 3)
    await store.advance(by: .seconds(1))
    #expect(countdown.secondsLeft(now: store.state.now) == 2, "ticks move the clock the UI reads")
    await store.advance(by: .seconds(2))
    #expect(store.state.search.status == .searching, "the client retries by itself")
    #expect(store.directory.takeCalls().isEmpty)
    call?.respond(PeoplePage(people: [Fixtures.alexes[0]]))
    await store.settle()
    #expect(store.state.search.status == .results)
    await store.answerDetail()
    await store.finish()
  }

  @Test func whenTheClientGivesUpTheSearchIsSentAgainAfterRetryAfter() async {
    let store = TestStore()
    await store.send(.search(.queryChanged("alex")))
    await store.advance(by: .milliseconds(150))
    store.takeSearch("alex")?.fail(.throttled(retryAfter: .milliseconds(2500)))
    await store.settle()
    guard case .throttled(let countdown) = store.state.search.status else {
      Issue.record("expected a countdown, got \(store.state.search.status)")
      return
    }
    #expect(countdown.secondsLeft(now: store.state.now) == 3, "2.5 s shows as 3")
    await store.advance(by: .milliseconds(500))
    #expect(countdown.secondsLeft(now: store.state.now) == 2, "the first tick lands on a whole second")
    await store.advance(by: .seconds(1))
    #expect(store.directory.takeCalls().isEmpty)
    await store.advance(by: .seconds(1))
    store.takeSearch("alex")?.respond(PeoplePage(people: []))
    await store.settle()
    #expect(store.state.search.status == .noMatches)
    await store.finish()
  }

  @Test func offlineKeepsTheLastResultsMarkedAndTypingRetries() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.search(.queryChanged("ale")))
    await store.advance(by: .milliseconds(150))
    store.takeSearch("ale")?.fail(.offline("The network connection was lost."))
    await store.settle()
    #expect(store.state.search.status == .offline(message: "The network connection was lost."))
    #expect(store.state.search.results.count == 3, "the last (narrowed) results are kept")
    #expect(!store.state.search.resultsMatchQuery, "and marked")

    await store.send(.search(.queryChanged("alex")))
    #expect(store.state.search.status == .refining)
    await store.advance(by: .milliseconds(150))
    store.takeSearch("alex")?.respond(PeoplePage(people: Fixtures.alexes.prefix(3).map { $0 }))
    await store.settle()
    #expect(store.state.search.status == .results)
    await store.finish()
  }

  @Test func signInRequiredReturnsToLoginKeepingTheQuery() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.search(.queryChanged("alex")))
    await store.advance(by: .milliseconds(150))
    store.takeSearch("alex")?.fail(
      .signInRequired(SignInFailure(message: "The refresh token was revoked.", error: "invalid_grant")))
    await store.settle()
    #expect(store.state.screen == .login)
    #expect(store.state.search.query == "alex", "the search text is kept")
    #expect(store.state.account == nil)
    #expect(store.state.login.reason?.contains("refresh token was revoked") == true)
    #expect(store.auth.takeRequests() == [.signIn(.deviceCode)])

    store.auth.currentSignIn?.emit(.signedIn(Fixtures.account))
    await store.settle()
    #expect(store.state.screen == .main)
    store.takeSearch("alex")?.respond(PeoplePage(people: [Fixtures.alexes[0]]))
    await store.settle()
    #expect(store.state.search.results == [Fixtures.alexes[0]])
    #expect(store.state.search.resultsMatchQuery)
    await store.finish()
  }

  @Test(arguments: [
    (
      DirectoryError.permissionDenied("User.ReadBasic.All is missing"),
      "Permission denied: User.ReadBasic.All is missing"
    ),
    (.personalAccount, "Personal Microsoft accounts have no organisation directory to search."),
    (
      .service(status: 500, code: "generalException", message: "Boom\u{1B}[2J"),
      "Microsoft Graph error 500 generalException: Boom"
    ),
  ])
  func otherFailuresAreExplained(error: DirectoryError, message: String) {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.resultsLoaded(id: 1, .failure(error))))
    #expect(state.search.status == .failed(message: message))
  }

  @Test func detailFailuresKeepTheRowAndSayWhy() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.resultsLoaded(id: 1, .success(PeoplePage(people: Fixtures.alexes)))))
    let id = state.detail.requestID
    #expect(
      reduce(&state, .detail(.debounceElapsed(id: id))) == [
        .cancel(id: .detail), .loadDetail(personID: Fixtures.alexes[0].id, requestID: id),
      ])
    _ = reduce(&state, .detail(.loaded(id: id, .failure(.notFound))))
    #expect(state.detail.status == .failed(Fixtures.alexes[0], message: DirectoryError.notFound.plainMessage))
  }
}
