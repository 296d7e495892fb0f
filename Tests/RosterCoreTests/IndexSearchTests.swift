import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// The search path with a complete local index: the list is the index's answer in the same
/// frame as the key (no debounce, no Graph request), marked with its freshness; the live path
/// when the index is missing, incomplete or too old; sync results, a missing permission said
/// once, and a 404 that removes a person at once.
@MainActor
@Suite struct IndexSearchTests {
  nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)
  nonisolated static let ann = Person(id: "1", displayName: "Ann Lee", mail: "ann@contoso.test")
  nonisolated static let anna = Person(id: "2", displayName: "Anna Berg", mail: "anna@contoso.test")

  static func indexed(lastSync: Date = now.addingTimeInterval(-180), complete: Bool = true) -> AppState {
    var state = AppState.signedIn()
    state.now = now
    state.index.attached = true
    state.index.summary = LocalIndexSummary(complete: complete, people: 2, lastSync: lastSync)
    return state
  }

  /// Records effects and answers none (the Store's own `.searchIndex` never reaches it).
  final class Recorder: EffectRunning, @unchecked Sendable {
    var effects: [Effect] = []
    func run(_ effect: Effect, feedback: EffectFeedback) { effects.append(effect) }
  }

  @Test func aKeyIsAnsweredByTheIndexBeforeTheFrameIsDrawn() {
    let recorder = Recorder()
    let asked = LockedValue<[PeopleQuery]>([])
    let index = LocalIndexClient(
      attach: { _ in nil },
      search: { text, limit in
        asked.withLock { $0.append(PeopleQuery(text: text, pageSize: limit)) }
        return text.lowercased() == "ann" ? [Self.ann, Self.anna] : [Self.anna]
      }, sync: { _ in .busy }, remove: { _ in })
    let store = Store(
      initialState: Self.indexed(), runtime: recorder, instantSearch: InstantIndexSearch(index), clock: { Self.now })
    var frames: [[Person]] = []
    store.onChange = { frames.append($0.search.results) }

    store.send(.search(.queryChanged("ann")))
    #expect(frames == [[Self.ann, Self.anna]])  // one frame, already the answer
    #expect(store.state.search.status == .results)
    #expect(asked.current.map(\.text) == ["ann"])
    #expect(
      !recorder.effects.contains {
        if case .searchGraph(let asked, _) = $0, asked.kind == .person { true } else { false }
      })
    #expect(!recorder.effects.contains { if case .debounce(.searchDebounce, _, _) = $0 { true } else { false } })
    #expect(store.state.index.statusText(at: Self.now) == "index, synced 3 min ago")

    store.send(.search(.queryChanged("anna")))
    #expect(frames.last == [Self.anna])
  }

  /// The TestStore's Store is built as the app's is: a key typed into a warm index is answered
  /// within the key's own `send` (no action to receive, no debounce, no Graph request), the way
  /// the person sees it, and the later keys the same.
  @Test func theTestStoreAnswersFromTheIndexWithinTheKeysOwnSend() async {
    let people = [Self.ann, Self.anna]
    let index = LocalIndexClient(
      attach: { _ in nil },
      search: { text, limit in Array((text == "ann" ? people : text == "anna" ? [Self.anna] : []).prefix(limit)) },
      sync: { _ in .busy }, remove: { _ in })
    let store = TestStore(state: Self.indexed(), index: index)
    await store.sendQuery("ann") { state in
      _ = reduce(&state, .search(.queryChanged("ann")))
      _ = reduce(&state, .search(.indexAnswered(id: state.field.requestID, .people(people, asked: 501))))
    }
    #expect(store.state.search.results == people && store.state.search.status == .results)
    #expect(store.receivedActions.isEmpty)
    #expect(!store.takeEffects().contains { if case .searchIndex = $0 { true } else { false } })
    #expect(store.directory.takeCalls().isEmpty)
    await store.answerDetail()

    await store.sendQuery("anna") { state in
      _ = reduce(&state, .search(.queryChanged("anna")))
      _ = reduce(&state, .search(.indexAnswered(id: state.field.requestID, .people([Self.anna], asked: 501))))
    }
    #expect(store.state.search.results == [Self.anna])
    await store.answerDetail()
    await store.finish()
  }

  @Test func theLivePathRunsWhenTheIndexIsIncompleteOrTooOld() {
    for state in [Self.indexed(complete: false), Self.indexed(lastSync: Self.now.addingTimeInterval(-8 * 86_400))] {
      var state = state
      let effects = reduce(&state, .search(.queryChanged("ann")))
      #expect(effects.contains { if case .debounce(.searchDebounce, _, _) = $0 { true } else { false } })
      #expect(!effects.contains { if case .searchIndex = $0 { true } else { false } })
    }
    // Offline, an old index still answers, marked.
    var offline = Self.indexed(lastSync: Self.now.addingTimeInterval(-8 * 86_400))
    offline.index.offline = true
    let effects = reduce(&offline, .search(.queryChanged("ann")))
    #expect(effects.contains { if case .searchIndex = $0 { true } else { false } })
    #expect(offline.index.statusText(at: Self.now) == "index, offline, synced 8 days ago")
  }

  @Test func syncProgressResultsAndAPermissionProblemSaidOnce() {
    var state = AppState.signedIn()
    state.now = Self.now
    #expect(
      reduce(&state, .index(.attached(LocalIndexSummary(complete: false, people: 0, lastSync: nil))))
        == [.index(.sync), .yourPeople(.load)])
    _ = reduce(&state, .index(.syncProgressed(indexed: 12_000, estimate: 200_000)))
    #expect(state.index.statusText(at: Self.now) == "indexing 12,000 of ~200,000")
    let done = LocalIndexSummary(complete: true, people: 200_000, lastSync: Self.now)
    // The filter values Tab completes from are read once the index is complete, in the background.
    #expect(
      reduce(&state, .index(.syncFinished(.synced(done))))
        == [.debounce(id: .indexTimer, after: .seconds(180), then: .index(.syncDue)), .index(.readFilterValues)])
    #expect(state.index.isUsable(at: Self.now) && state.index.statusText(at: Self.now) == "index, synced just now")
    #expect(reduce(&state, .index(.filterValuesRead([.department: ["Research"]]))).isEmpty)
    state.field.query = "dept:re"
    #expect(state.completedFilter() == "dept:Research ")

    _ = reduce(&state, .index(.syncFinished(.failed(.offline("down")))))
    #expect(state.index.offline && state.index.isUsable(at: Self.now))

    let first = reduce(&state, .index(.syncFinished(.permissionDenied("needs User.ReadBasic.All"))))
    #expect(state.banner?.message.string.contains("User.ReadBasic.All") == true && !first.isEmpty)
    #expect(!state.index.isUsable(at: Self.now))
    state.banner = nil
    state.index.attached = true
    _ = reduce(&state, .index(.syncFinished(.permissionDenied("needs User.ReadBasic.All"))))
    #expect(state.banner == nil)  // said once
  }

  @Test func aDamagedIndexIsSaidOnTheStatusLineAndRebuilt() {
    var state = AppState.signedIn()
    state.now = Self.now
    let message = "Local index damaged: rebuilding it from the directory; the damaged file is kept as /c/i.corrupt-1."
    let summary = LocalIndexSummary(complete: false, people: 0, lastSync: nil, repaired: message)
    let effects = reduce(&state, .index(.attached(summary)))
    #expect(effects.first == .index(.sync))
    #expect(effects.contains { if case .scheduleTick = $0 { true } else { false } })
    #expect(state.banner?.kind == .error && state.banner?.message.string == message)
  }

  /// The index answers a key with its first 100 (one more is asked for to know whether there are
  /// more, and the list says "100+"), and scrolling near the end asks for 500 more (selection kept).
  @Test func theIndexListsAPageAtATimeAndScrollingAsksForMore() {
    var state = Self.indexed()
    state.field.pageSize = 20  // a list of 20 rows, as at 80×24
    let people = (0..<1_200).map { Person(id: "p\($0)", displayName: "Ann \($0)") }
    var effects = reduce(&state, .search(.queryChanged("ann")))
    let first = effects.compactMap {
      if case .searchIndex(let asked, _) = $0 { asked.value(as: PeopleQuery.self) } else { nil }
    }
    #expect(first.map(\.pageSize) == [101])
    _ = reduce(
      &state, .search(.indexAnswered(id: state.field.requestID, .people(Array(people.prefix(101)), asked: 101))))
    #expect(state.search.results.count == 100 && state.search.hasMore && state.peopleCanLoadMore)

    _ = reduce(&state, .list(.selectionMovedTo(95)))
    effects = reduce(&state, .list(.nearEndReached))
    #expect(
      effects == [.searchIndex(.people(PeopleQuery(text: "ann", pageSize: 601)), requestID: state.field.requestID)])
    _ = reduce(
      &state, .search(.indexAnswered(id: state.field.requestID, .people(Array(people.prefix(601)), asked: 601))))
    #expect(state.search.results.count == 600 && state.selectedListPerson?.id == "p95")

    // A sync's refresh keeps the six hundred rows; the last page says there is no more.
    state.index.isSyncing = true
    let synced = LocalIndexSummary(complete: true, people: 1_200, lastSync: Self.now)
    effects = reduce(&state, .index(.syncFinished(.synced(synced))))
    #expect(
      effects.last
        == .searchIndex(
          .people(
            PeopleQuery(text: "ann", pageSize: 601, closeMatchesBelow: state.field.pageSize)),
          requestID: state.field.requestID))
    _ = reduce(&state, .list(.selectionMovedTo(599)))
    _ = reduce(&state, .list(.nearEndReached))
    _ = reduce(&state, .search(.indexAnswered(id: state.field.requestID, .people(people, asked: 1_201))))
    #expect(state.search.results.count == 1_200 && !state.search.hasMore)
    #expect(reduce(&state, .list(.nearEndReached)).isEmpty)
  }

  /// Graph unreachable: the detail falls back to the index (marked, not cached); once a sync has
  /// found Graph unreachable, details come from the index without waiting on Graph first.
  @Test func offlineTheDetailComesFromTheIndex() {
    var state = Self.indexed()
    _ = reduce(&state, .search(.queryChanged("ann")))
    _ = reduce(&state, .search(.indexAnswered(id: state.field.requestID, .people([Self.ann, Self.anna], asked: 501))))
    var id = state.detail.requestID
    #expect(reduce(&state, .detail(.debounceElapsed(id: id))).last == .loadDetail(personID: Self.ann.id, requestID: id))
    let effects = reduce(&state, .detail(.loaded(id: id, .failure(.offline("no route")))))
    // The failed read also marks the session offline and brings the index's probe forward (issue 40).
    #expect(
      effects == [
        .loadDetailFromIndex(personID: Self.ann.id, requestID: id),
        .debounce(id: .indexTimer, after: .seconds(10), then: .index(.syncDue)),
      ])
    #expect(state.index.offline)
    #expect(state.detail.status == .failed(Self.ann, message: DirectoryError.offline("no route").plainMessage))
    let boss = Person(id: "9", displayName: "Ada Boss")
    let fromIndex = PersonDetail(person: Self.ann, managerChain: [boss], fromIndex: true)
    _ = reduce(&state, .detail(.loadedFromIndex(id: id, fromIndex)))
    #expect(state.detail.status == .loaded(fromIndex))
    #expect(state.detail.cache.value(for: Self.ann.id, now: state.now) == nil)

    // A person the index does not hold: the reason Graph failed stays.
    _ = reduce(&state, .list(.selectionMoved(by: 1)))
    _ = reduce(&state, .detail(.selectionRested))
    id = state.detail.requestID
    _ = reduce(&state, .detail(.loaded(id: id, .failure(.offline("no route")))))
    _ = reduce(&state, .detail(.loadedFromIndex(id: id, nil)))
    #expect(state.detail.status == .failed(Self.anna, message: DirectoryError.offline("no route").plainMessage))

    // The last sync could not reach Graph: straight to the index.
    state.index.offline = true
    _ = reduce(&state, .list(.selectionMoved(by: -1)))
    id = state.detail.requestID
    #expect(
      reduce(&state, .detail(.debounceElapsed(id: id))).last
        == .loadDetailFromIndex(personID: Self.ann.id, requestID: id))
  }

  @Test func aDetailThatAnswers404RemovesThePersonAtOnce() {
    var state = Self.indexed()
    _ = reduce(&state, .search(.queryChanged("ann")))
    _ = reduce(&state, .search(.indexAnswered(id: state.field.requestID, .people([Self.ann, Self.anna], asked: 501))))
    _ = reduce(&state, .detail(.selectionRested))
    let id = state.detail.requestID
    let effects = reduce(&state, .detail(.loaded(id: id, .failure(.notFound))))
    #expect(effects.contains(.index(.remove(personID: Self.ann.id))))
    #expect(state.search.results == [Self.anna])
  }
}
