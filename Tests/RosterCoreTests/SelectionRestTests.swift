import Foundation
import RosterCore
import TestSupport
import Testing

/// The detail pane while the selection runs through the list: a lone move shows at once, a run
/// of moves leaves the pane blank and costs no request, and the pane fills once it rests.
@MainActor
struct SelectionRestTests {
  @Test func aLoneMoveShowsThePersonAtOnce() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.advance(by: Tuning.selectionRest)
    await store.send(.list(.selectionMoved(by: 1)))
    #expect(store.state.detail.status == .loading(Fixtures.alexes[1]))
    await store.answerDetail()
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[1])))
    await store.finish()
  }

  @Test func aRunOfMovesWaitsForTheSelectionToRestThenLoadsOnce() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.advance(by: Tuning.selectionRest)

    await store.send(.list(.selectionMoved(by: 1)))
    #expect(store.state.detail.status == .loading(Fixtures.alexes[1]), "the first move of a run shows at once")
    for _ in 0..<2 {
      await store.advance(by: .milliseconds(30))
      await store.send(.list(.selectionMoved(by: 1)))
      #expect(store.state.detail.status == .following, "later moves leave the pane blank")
    }
    await store.advance(by: .milliseconds(99))
    #expect(store.directory.takeRequests().isEmpty, "nothing is loaded while the selection moves")
    #expect(store.state.detail.status == .following)

    await store.advance(by: .milliseconds(1))
    #expect(store.state.detail.status == .loading(Fixtures.alexes[3]))
    let calls = store.directory.takeCalls()
    #expect(calls.map(\.request) == [.detail(Fixtures.alexes[3].id)], "one load, for where it rested, at once")
    calls.first?.respond(Fixtures.detail(Fixtures.alexes[3]))
    await store.settle()
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[3])))
    await store.finish()
  }

  @Test func aPersonSeenRecentlyFillsThePaneFromTheCacheWhenItRests() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.advance(by: Tuning.selectionRest)
    await store.send(.list(.selectionMoved(by: 1)))
    await store.send(.list(.selectionMoved(by: -1)))
    #expect(store.state.detail.status == .following)
    await store.advance(by: Tuning.selectionRest)
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[0])))
    #expect(store.directory.takeRequests().isEmpty)
    await store.finish()
  }

  @Test func openingThePaneShowsTheSelectionWithoutWaiting() async {
    let store = TestStore()
    await store.send(.app(.terminalResized(TerminalSize(rows: 20, cols: 50))))
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.list(.selectionMoved(by: 1)))
    await store.send(.list(.selectionMoved(by: 1)))
    #expect(store.state.detail.status == .following)
    await store.send(.list(.detailOpened))
    #expect(store.state.detail.status == .loading(Fixtures.alexes[2]))
    let calls = store.directory.takeCalls()
    #expect(calls.map(\.request) == [.detail(Fixtures.alexes[2].id)])
    calls.first?.respond(Fixtures.detail(Fixtures.alexes[2]))
    await store.advance(by: Tuning.selectionRest)
    #expect(store.directory.takeRequests().isEmpty, "the rest timer was called off")
    await store.finish()
  }

  @Test func tabToThePaneShowsTheSelectionWithoutWaiting() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.resultsLoaded(id: 1, .success(PeoplePage(people: Fixtures.alexes)))))
    _ = reduce(&state, .list(.selectionMoved(by: 1)))
    #expect(state.detail.status == .following, "results then a move: a run")
    let effects = reduce(&state, .app(.focusSwitched))
    #expect(state.focus == .detail)
    #expect(state.detail.status == .loading(Fixtures.alexes[1]))
    #expect(effects.contains(.loadDetail(personID: Fixtures.alexes[1].id, requestID: state.detail.requestID)))
    #expect(!state.detail.selectionMoving)
  }
}
