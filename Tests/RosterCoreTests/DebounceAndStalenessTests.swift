import Foundation
import RosterCore
import TestSupport
import Testing

/// Debounce, cancellation of older requests, and dropping stale answers.
@MainActor
struct DebounceAndStalenessTests {
  @Test func typingFasterThanTheDebounceSendsExactlyOneRequest() async {
    let store = TestStore()
    await store.type("alexandra", every: .milliseconds(60))
    #expect(store.directory.takeCalls().isEmpty, "no request while typing")
    #expect(store.state.search.status == .searching)

    await store.advance(by: .milliseconds(90))
    await store.receiveDebounceElapsed()
    let alexandra = Fixtures.person("Alexandra Smith")
    await store.answerSearch("alexandra", with: PeoplePage(people: [alexandra]))
    #expect(store.state.search.results == [alexandra])
    #expect(store.state.search.status == .results)
    #expect(store.state.peopleMatchQuery)
    await store.answerDetail()
    #expect(store.state.detail.status == .loaded(Fixtures.detail(alexandra)))
    await store.finish()
  }

  @Test func theDebounceFollowsSettings() async {
    var settings = Fixtures.settings
    settings.debounceMs = 400
    let store = TestStore(state: .signedIn(settings: settings))
    await store.sendQuery("al") { $0.typedNewQuery("al") }
    #expect(
      store.takeEffects().contains(
        .debounce(id: .searchDebounce, after: .milliseconds(400), then: .search(.debounceElapsed(id: 1)))))
    await store.advance(by: .milliseconds(399))
    #expect(store.directory.takeCalls().isEmpty)
    await store.advance(by: .milliseconds(1))
    await store.receiveDebounceElapsed()
    await store.answerSearch("al", with: PeoplePage(people: []))
    #expect(store.state.search.status == .noMatches)
    await store.finish()
  }

  @Test func pausesLongerThanTheDebounceCancelEachOlderRequest() async {
    let store = TestStore()
    var calls: [FakeDirectoryClient.Call] = []
    for text in ["a", "al", "ali"] {
      await store.sendQuery(text) { $0.typedNewQuery(text) }
      await store.advance(by: .milliseconds(200))
      await store.receiveDebounceElapsed()
      if let call = store.takeSearch(text) { calls.append(call) }
    }
    #expect(calls.count == 3)
    #expect(calls.map(\.wasCancelled) == [true, true, false], "the fake saw the older requests cancelled")
    #expect(calls.map(\.isDone) == [true, true, false])

    let salim = Fixtures.person("Salim Ali")
    let page = PeoplePage(people: [salim])
    calls[2].respond(page)
    await store.receive(.search(.answered(id: 3, .people(.success(page))))) { $0.answerArrived(page) }
    #expect(store.state.search.results == [salim])
    await store.answerDetail()
    await store.finish()
  }

  @Test func anAnswerForAnOlderQueryIsNeverShownButIsCached() async {
    let store = TestStore()
    let older = await store.sendSearch("al")
    // A newer query is typed while "al" is on the wire; then "al"'s answer arrives.
    await store.sendQuery("xy") { $0.typedNewQuery("xy") }
    let late = PeoplePage(people: Fixtures.alexes)
    older?.respond(late)
    await store.receive(.search(.answered(id: 1, .people(.success(late))))) {
      // Never shown under "xy", but cached for "al".
      $0.search.inFlight = nil
      $0.search.cache.insert(CachedResults(people: Fixtures.alexes, next: nil, totalCount: nil), for: "al", now: $0.now)
    }
    #expect(store.state.search.results.isEmpty, "results for 'al' must not show under 'xy'")
    #expect(store.state.search.status == .searching)

    await store.debounceElapses()
    await store.answerSearch("xy", with: PeoplePage(people: []))
    #expect(store.state.search.status == .noMatches)

    // Backspacing to "al" is answered from the late answer, with no request.
    await store.sendQuery("a") { $0.typedNewQuery("a") }
    await store.debounceElapses()
    await store.answerSearch("a", with: PeoplePage(people: Fixtures.alexes))
    await store.answerDetail()
    await store.sendQuery("al") {
      $0.typedCachedQuery("al", answer: CachedResults(people: Fixtures.alexes, next: nil, totalCount: nil))
    }
    #expect(store.state.search.results == Fixtures.alexes)
    #expect(store.state.search.status == .results)
    await store.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func resultsArrivingOutOfOrderNeverReplaceNewerOnes() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    let older = state.field.requestID
    _ = reduce(&state, .search(.debounceElapsed(id: older)))
    _ = reduce(&state, .search(.queryChanged("ali")))
    let newer = state.field.requestID
    _ = reduce(&state, .search(.debounceElapsed(id: newer)))
    let salim = Fixtures.person("Salim Ali")
    _ = reduce(&state, .search(.answered(id: newer, .people(.success(PeoplePage(people: [salim]))))))
    let shown = state

    let effects = reduce(&state, .search(.answered(id: older, .people(.success(PeoplePage(people: Fixtures.alexes))))))
    #expect(effects.isEmpty)
    #expect(state == shown, "the late answer for 'al' changed nothing")
    #expect(state.search.results == [salim])

    let failure = reduce(&state, .search(.answered(id: older, .people(.failure(.offline("reset"))))))
    #expect(failure.isEmpty)
    #expect(state == shown)
  }

  @Test func aStaleDebounceDoesNothing() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    let stale = state.field.requestID
    _ = reduce(&state, .search(.queryChanged("ali")))
    #expect(reduce(&state, .search(.debounceElapsed(id: stale))).isEmpty)
  }

  @Test func theNewestRequestGoesOutWithCancelsFirst() {
    var state = AppState.signedIn()
    let typed = reduce(&state, .search(.queryChanged("ali")))
    #expect(
      typed == [
        .debounce(id: .searchDebounce, after: .milliseconds(150), then: .search(.debounceElapsed(id: 1))),
        // Groups and rooms follow the query: "my groups" (this sign-in may not search all
        // groups) and the rooms' list, each read once a session.
        .cancel(id: .groupSearchDebounce), .cancel(id: .groupSearch), .cancel(id: .groupNextPage),
        .cancel(id: .myGroups), .loadMyGroups(requestID: 1, source: .graph),
        .cancel(id: .rooms), .loadRooms(requestID: 1, source: .graph),
      ])
    let sent = reduce(&state, .search(.debounceElapsed(id: 1)))
    #expect(
      sent == [
        .cancel(id: .search), .cancel(id: .nextPage),
        .searchGraph(.people(PeopleQuery(text: "ali", pageSize: 50)), requestID: 1),
      ])
  }

  @Test func anEmptyQuerySendsNothingAndClearsResults() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.sendQuery("ali") {
      $0.typedRefinement("ali", showing: [Fixtures.alexes[3], Fixtures.alexes[4]])
    }
    await store.sendQuery("   ") { $0.typedEmptyQuery("   ") }
    #expect(
      store.takeEffects().suffix(8) == [
        .cancel(id: .searchDebounce), .cancel(id: .search), .cancel(id: .nextPage),
        .cancel(id: .detailDebounce), .cancel(id: .detail),
        .cancel(id: .groupSearchDebounce), .cancel(id: .groupSearch), .cancel(id: .groupNextPage),
      ])
    #expect(store.state.search.results.isEmpty)
    #expect(store.state.search.status == .idle)
    #expect(store.state.selectedPersonIndex == nil)
    #expect(store.state.detail.status == .empty)
    await store.advance(by: .seconds(1))
    await store.receive(.detail(.selectionRested)) { $0.detail.selectionMoving = false }
    #expect(store.directory.takeCalls().isEmpty)
    await store.finish()
  }

  @Test func aTrailingSpaceAdoptsTheRequestAlreadyOnTheWire() async {
    let store = TestStore()
    let call = await store.sendSearch("alex")
    await store.sendQuery("alex ") { $0.typedNewQuery("alex ") }
    await store.advance(by: .milliseconds(300))
    #expect(store.directory.takeCalls().isEmpty, "'alex ' is the same query")
    #expect(call?.wasCancelled == false)
    let page = PeoplePage(people: [Fixtures.alexes[0]])
    call?.respond(page)
    await store.receive(.search(.answered(id: 1, .people(.success(page))))) { $0.answerArrived(page, id: 1) }
    #expect(store.state.search.results == [Fixtures.alexes[0]])
    #expect(store.state.peopleMatchQuery)
    await store.answerDetail()
    await store.finish()
  }
}
