import Foundation
import RosterCore
import TestSupport
import Testing

/// Throttling, offline and lost sessions.
@MainActor
struct FailureTests {
  @Test func throttlingShowsACountdownWhileTheClientWaits() async {
    let store = TestStore()
    let call = await store.sendSearch("alex")
    let notice = RetryNotice(reason: .throttled, wait: .seconds(3), attempt: 1)
    call?.announceRetry(notice)
    await store.receive(.search(.retryScheduled(id: 1, notice))) {
      $0.search.status = .throttled(RetryCountdown(reason: .throttled, until: $0.now.addingTimeInterval(3), attempt: 1))
    }
    guard case .throttled(let countdown) = store.state.search.status else {
      Issue.record("expected a countdown, got \(store.state.search.status)")
      return
    }
    #expect(countdown.secondsLeft(now: store.state.now) == 3)
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    #expect(countdown.secondsLeft(now: store.state.now) == 2, "ticks move the clock the UI reads")
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) {
      $0.search.status = .searching  // the client retries by itself
    }
    #expect(store.directory.takeCalls().isEmpty)
    let page = PeoplePage(people: [Fixtures.alexes[0]])
    call?.respond(page)
    await store.receive(.search(.answered(id: 1, .people(.success(page))))) { $0.answerArrived(page) }
    #expect(store.state.search.status == .results)
    await store.answerDetail()
    await store.finish()
  }

  @Test func whenTheClientGivesUpTheSearchIsSentAgainAfterRetryAfter() async {
    let store = TestStore()
    let throttled = DirectoryError.throttled(retryAfter: .milliseconds(2500))
    await store.sendSearch("alex")?.fail(throttled)
    await store.receive(.search(.answered(id: 1, .people(.failure(throttled))))) {
      $0.search.inFlight = nil
      $0.search.status = .throttled(
        RetryCountdown(reason: .throttled, until: $0.now.addingTimeInterval(2.5), attempt: 0))
    }
    guard case .throttled(let countdown) = store.state.search.status else {
      Issue.record("expected a countdown, got \(store.state.search.status)")
      return
    }
    #expect(countdown.secondsLeft(now: store.state.now) == 3, "2.5 s shows as 3")
    await store.advance(by: .milliseconds(500))
    await store.receive(.app(.tick))
    #expect(countdown.secondsLeft(now: store.state.now) == 2, "the first tick lands on a whole second")
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick))
    #expect(store.directory.takeCalls().isEmpty)
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) {
      // Retry-After has passed: the search goes out again.
      $0.search.status = .searching
      $0.requestSent()
    }
    await store.answerSearch("alex", with: PeoplePage(people: []))
    #expect(store.state.search.status == .noMatches)
    await store.finish()
  }

  @Test func offlineKeepsTheLastResultsMarkedAndTypingRetries() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    let alexes = Array(Fixtures.alexes.prefix(3))
    await store.sendQuery("ale") { $0.typedRefinement("ale", showing: alexes) }
    await store.debounceElapses()
    let offline = DirectoryError.offline("The network connection was lost.")
    store.takeSearch("ale")?.fail(offline)
    await store.receive(.search(.answered(id: 2, .people(.failure(offline))))) {
      // The last (narrowed) results are kept, and marked.
      $0.search.inFlight = nil
      $0.search.status = .offline(message: "The network connection was lost.")
      $0.index.offline = true  // the session is offline from the first read that cannot reach Graph (issue 40)
    }
    #expect(!store.state.peopleMatchQuery, "and marked")

    await store.sendQuery("alex") { $0.typedRefinement("alex", showing: alexes) }
    await store.debounceElapses()
    let id = store.state.field.requestID
    let page = PeoplePage(people: alexes)
    store.takeSearch("alex")?.respond(page)
    await store.receive(.search(.answered(id: id, .people(.success(page))))) {
      $0.answerArrived(page)
      $0.index.offline = false  // and online again at the next answer
    }
    #expect(store.state.search.status == .results)
    await store.finish()
  }

  @Test func signInRequiredReturnsToLoginKeepingTheQuery() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.sendQuery("alex") {
      $0.typedRefinement("alex", showing: Array(Fixtures.alexes.prefix(3)))
    }
    await store.debounceElapses()
    let ended = DirectoryError.signInRequired(
      SignInFailure(message: "The refresh token was revoked.", error: "invalid_grant"))
    store.takeSearch("alex")?.fail(ended)
    await store.receive(.search(.answered(id: 2, .people(.failure(ended))))) {
      $0.sessionEnded("The refresh token was revoked.")  // the search text is kept
    }
    #expect(store.auth.takeRequests() == [.signIn(.deviceCode)])

    store.auth.currentSignIn?.emit(.signedIn(Fixtures.account))
    await store.receive(.login(.signInEventReceived(.signedIn(Fixtures.account)))) {
      $0.signedIn(Fixtures.account)
      // The kept search is asked again at once.
      $0.field.requestID += 1
      $0.search.status = .refining
      $0.requestSent()
      $0.otherKindsAskedAgainAfterSignIn()
      $0.otherKindsFollowQuery()
    }
    await store.receiveOtherKindsAnswers()
    await store.answerSearch("alex", with: PeoplePage(people: [Fixtures.alexes[0]]))
    #expect(store.state.search.results == [Fixtures.alexes[0]])
    #expect(store.state.peopleMatchQuery)
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
    _ = reduce(&state, .search(.answered(id: 1, .people(.failure(error)))))
    #expect(state.search.status == .failed(message: CleanText(message)))
  }

  /// Issue 40 item 15: a query that cannot be answered as typed is refused, not failed: asking
  /// again (Ctrl-R) would give the same answer, so the list offers no retry.
  @Test func aQueryThatCannotBeAnsweredAsTypedIsRefused() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("manager:charlotte williams")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    let why = "manager:charlotte could be several people. Quote a name with spaces: manager:\"Charlotte Williams\"."
    _ = reduce(&state, .search(.answered(id: 1, .people(.failure(.unsupportedQuery(why))))))
    #expect(state.search.status == .refused(message: CleanText(why)))
  }

  @Test func detailFailuresKeepTheRowAndSayWhy() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.answered(id: 1, .people(.success(PeoplePage(people: Fixtures.alexes))))))
    let id = state.detail.requestID
    #expect(
      reduce(&state, .detail(.debounceElapsed(id: id))) == [
        .cancel(id: .detail), .loadDetail(personID: Fixtures.alexes[0].id, requestID: id),
      ])
    _ = reduce(&state, .detail(.loaded(id: id, .failure(.notFound))))
    #expect(state.detail.status == .failed(Fixtures.alexes[0], message: DirectoryError.notFound.plainMessage))
  }
}
