import Foundation
import RosterCore
import TestSupport
import Testing

/// The LRU cache answers backspacing at once; pending requests narrow the shown list locally.
@MainActor
struct CacheAndNarrowingTests {
  @Test func backspaceIsAnsweredFromTheCacheWithNoRequest() async throws {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    let (alina, salim) = (Fixtures.alexes[3], Fixtures.alexes[4])
    await store.sendQuery("ali") { $0.typedRefinement("ali", showing: [alina, salim]) }
    // The selection moved to Alina: the pane rests and loads her while the debounce runs.
    await store.advance(by: .milliseconds(150))
    await store.receiveSelectionRested()
    await store.receive(.detail(.debounceElapsed(id: store.state.detail.requestID))) {
      $0.detail.pane.personPane?.rested = true
    }
    await store.receiveDebounceElapsed()
    try await store.answerDetailThenSearch(
      alina, "ali", with: PeoplePage(people: [alina, salim], totalCount: 2))
    _ = store.takeEffects()

    await store.sendQuery("al") {
      // Answered at once, from the cache.
      $0.typedCachedQuery("al", answer: CachedResults(people: Fixtures.alexes, next: nil, totalCount: 5))
    }
    #expect(store.state.peopleMatchQuery)
    #expect(
      !store.takeEffects().contains {
        if case .searchGraph(let asked, _) = $0, asked.kind == .person { return true } else { return false }
      })
    // A changed query selects its best match (issue 28): the pane follows it to the top row.
    #expect(store.state.selectedListPerson == Fixtures.alexes[0])
    await store.answerDetail()
    await store.advance(by: .seconds(1))
    #expect(store.directory.takeCalls().isEmpty, "no request for a cached query")
    await store.finish()
  }

  @Test func cachedAnswersExpire() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.search("xy", answer: [])
    await store.advance(by: .seconds(61))
    // "al"'s cached answer is past its time to live: dropped, and asked again.
    await store.sendQuery("al") { $0.typedNewQuery("al") }
    await store.debounceElapses()
    await store.answerSearch("al", with: PeoplePage(people: Fixtures.alexes))
    await store.answerDetail()
    await store.finish()
  }

  @Test func theCacheKeepsTheSixtyFourMostRecentQueries() {
    var cache = LRUCache<String, Int>(capacity: 64, timeToLive: 60)
    let now = Date(timeIntervalSince1970: 0)
    for index in 0..<70 { cache.insert(index, for: "q\(index)", now: now) }
    #expect(cache.count == 64)
    #expect(cache.value(for: "q5", now: now) == nil)
    #expect(cache.value(for: "q6", now: now) == 6)
    cache.insert(70, for: "q70", now: now)
    #expect(cache.value(for: "q6", now: now) == 6, "q6 was used, so q7 went instead")
    #expect(cache.value(for: "q7", now: now) == nil)
    #expect(cache.value(for: "q6", now: now.addingTimeInterval(60)) == nil, "expired after its time to live")
  }

  @Test func aPendingRequestNarrowsTheShownResultsLocally() async throws {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()

    await store.sendQuery("ale") {
      // Narrowed locally and marked until the answer comes; the selection stays on its person.
      $0.typedRefinement("ale", showing: Array(Fixtures.alexes.prefix(3)))
    }
    #expect(!store.state.peopleMatchQuery, "narrowed results are marked until the answer comes")
    #expect(store.state.selectedListPerson?.displayName == "Alex Wilber")

    let chen = Fixtures.alexes[1]
    await store.sendQuery("chen alex") {
      $0.typedRefinement("chen alex", showing: [chen])  // all words, any order
    }
    await store.advance(by: .milliseconds(150))
    await store.receiveSelectionRested()
    await store.receive(.detail(.debounceElapsed(id: store.state.detail.requestID))) {
      $0.detail.pane.personPane?.rested = true
    }
    await store.receiveDebounceElapsed()
    try await store.answerDetailThenSearch(chen, "chen alex", with: PeoplePage(people: [chen]))
    #expect(store.state.search.status == .results)
    #expect(store.state.peopleMatchQuery)
    await store.finish()
  }

  @Test func aQueryThatDoesNotRefineTheShownOneClearsTheList() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.sendQuery("bo") {
      $0.typedNewQuery("bo")  // never show results for another query unmarked
    }
    #expect(store.state.search.results.isEmpty)
    await store.debounceElapses()
    await store.answerSearch("bo", with: PeoplePage(people: []))
    await store.finish()
  }

  @Test(arguments: [
    ("alex", "Alex Wilber", true),
    ("wilber alex", "Alex Wilber", true),
    ("ALEX   wil", "Alex Wilber", true),
    ("alex smith", "Alex Wilber", false),
    ("zoe", "Zoë Ålund", true),
    ("alund zo", "Zoë Ålund", true),
    ("contoso", "Alex Wilber", true),
    ("", "Anyone", true),
    // Found by Graph's own rule where no substring is: parts in any order, a name without its symbols.
    ("wilber-alex", "Alex Wilber", true),
    ("obrien", "Pat O'Brien", true),
    ("soren", "Søren Berg", true),
  ])
  func everyWordMustMatchInAnyOrder(query: String, name: String, matches: Bool) {
    #expect(PeopleMatcher.matches(Fixtures.person(name), query: query) == matches)
  }

  @Test(arguments: [
    ("ale", "al", true), ("alex sm", "alex", true), ("smith alex", "alex", true),
    ("al", "ale", false), ("bob", "al", false), ("al", "", false), ("alex smith", "alex smith", true),
  ])
  func narrowingAppliesOnlyWhenTheNewQueryRefinesTheOld(newer: String, older: String, refines: Bool) {
    #expect(PeopleMatcher.query(newer, refines: older) == refines)
  }
}
