import Foundation
import RosterCore
import TestSupport
import Testing

/// The LRU cache answers backspacing at once; pending requests narrow the shown list locally.
@MainActor
struct CacheAndNarrowingTests {
  @Test func backspaceIsAnsweredFromTheCacheWithNoRequest() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    let alina = Fixtures.person("Alina Park")
    await store.search("ali", answer: [alina, Fixtures.person("Salim Ali")])
    await store.answerDetail()
    _ = store.takeEffects()

    await store.send(.search(.queryChanged("al")))
    #expect(store.state.search.results == Fixtures.alexes, "answered at once")
    #expect(store.state.search.status == .results)
    #expect(store.state.search.resultsMatchQuery)
    #expect(!store.takeEffects().contains { if case .searchPeople = $0 { return true } else { return false } })
    await store.advance(by: .seconds(1))
    #expect(store.directory.takeCalls().isEmpty, "no request for a cached query")
    await store.answerDetail()
    await store.finish()
  }

  @Test func cachedAnswersExpire() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.search("xy", answer: [])
    await store.advance(by: .seconds(61))
    await store.send(.search(.queryChanged("al")))
    #expect(store.state.search.status == .searching)
    await store.advance(by: .milliseconds(150))
    store.takeSearch("al")?.respond(PeoplePage(people: Fixtures.alexes))
    await store.settle()
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

  @Test func aPendingRequestNarrowsTheShownResultsLocally() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()

    await store.send(.search(.queryChanged("ale")))
    #expect(store.state.search.status == .refining)
    #expect(store.state.search.results.map(\.displayName) == ["Alex Wilber", "Alexandra Smith", "Alexander Chen"])
    #expect(!store.state.search.resultsMatchQuery, "narrowed results are marked until the answer comes")
    #expect(store.state.search.selectedPerson?.displayName == "Alex Wilber", "the selection stays on its person")

    await store.send(.search(.queryChanged("chen alex")))
    #expect(store.state.search.status == .refining)
    #expect(store.state.search.results.map(\.displayName) == ["Alexander Chen"], "all words, any order")

    await store.advance(by: .milliseconds(150))
    store.takeSearch("chen alex")?.respond(PeoplePage(people: [Fixtures.person("Alexander Chen")]))
    await store.settle()
    #expect(store.state.search.status == .results)
    #expect(store.state.search.resultsMatchQuery)
    await store.answerDetail()
    await store.finish()
  }

  @Test func aQueryThatDoesNotRefineTheShownOneClearsTheList() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.search(.queryChanged("bo")))
    #expect(store.state.search.results.isEmpty, "never show results for another query unmarked")
    #expect(store.state.search.status == .searching)
    await store.advance(by: .milliseconds(150))
    store.takeSearch("bo")?.respond(PeoplePage(people: []))
    await store.settle()
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
