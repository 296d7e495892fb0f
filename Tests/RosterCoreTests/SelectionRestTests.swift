import Foundation
import Geometry
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
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedAlone(1) }
    await store.answerDetail()
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[1])))
    await store.finish()
  }

  @Test func aRunOfMovesWaitsForTheSelectionToRestThenLoadsOnce() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.advance(by: Tuning.selectionRest)

    // The first move of a run shows at once; later moves leave the pane blank.
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedAlone(1) }
    for index in 2...3 {
      await store.advance(by: .milliseconds(30))
      await store.send(.list(.selectionMoved(by: 1))) { $0.selectedInARun(index) }
    }
    await store.advance(by: .milliseconds(99))
    #expect(store.directory.takeRequests().isEmpty, "nothing is loaded while the selection moves")

    await store.advance(by: .milliseconds(1))
    await store.receive(.detail(.selectionRested)) {
      $0.detail.selectionMoving = false
      $0.detail.requestID += 1
      // One load, for where it rested, at once: the pane is at rest on her.
      $0.detail.pane = .person(PersonPane(.loading(Fixtures.alexes[3]), rested: true))
    }
    await store.answerDetailLoad(for: Fixtures.alexes[3])
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[3])))
    await store.finish()
  }

  @Test func aPersonSeenRecentlyFillsThePaneFromTheCacheWhenItRests() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.advance(by: Tuning.selectionRest)
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedAlone(1) }
    await store.send(.list(.selectionMoved(by: -1))) { $0.selectedInARun(0) }
    await store.advance(by: Tuning.selectionRest)
    await store.receive(.detail(.selectionRested)) {
      $0.detail.selectionMoving = false
      $0.detail.requestID += 1
      _ = $0.detail.cache.value(for: Fixtures.alexes[0].id, now: $0.now)
      $0.detail.pane = .person(PersonPane(.loaded(Fixtures.detail(Fixtures.alexes[0])), rested: true))
    }
    #expect(store.directory.takeRequests().isEmpty)
    await store.finish()
  }

  @Test func openingThePaneShowsTheSelectionWithoutWaiting() async {
    let store = TestStore()
    await store.send(.app(.terminalResized(TerminalSize(rows: 20, cols: 50)))) {
      $0.resized(TerminalSize(rows: 20, cols: 50))
    }
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedAlone(1) }
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedInARun(2) }
    await store.send(.list(.detailOpened)) {
      $0.singlePaneDetailOpen = true
      $0.focus = .detail
      // Opened: remembered as one of the person's own people (issue 32).
      $0.yourPeople.people.open(Fixtures.alexes[2].id, at: $0.now)
      $0.detail.selectionMoving = false
      $0.detail.requestID += 1
      $0.detail.pane = .person(PersonPane(.loading(Fixtures.alexes[2]), rested: true))
    }
    await store.answerDetailLoad(for: Fixtures.alexes[2])
    await store.advance(by: Tuning.selectionRest)
    #expect(store.directory.takeRequests().isEmpty, "the rest timer was called off")
    await store.finish()
  }

  @Test func tabToThePaneShowsTheSelectionWithoutWaiting() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.answered(id: 1, .people(.success(PeoplePage(people: Fixtures.alexes))))))
    _ = reduce(&state, .list(.selectionMoved(by: 1)))
    #expect(state.detail.status == .following, "results then a move: a run")
    let effects = reduce(&state, .app(.focusSwitched))
    #expect(state.focus == .detail)
    #expect(state.detail.status == .loading(Fixtures.alexes[1]))
    #expect(effects.contains(.loadDetail(personID: Fixtures.alexes[1].id, requestID: state.detail.requestID)))
    #expect(!state.detail.selectionMoving)
    // Tab into the pane opens the person as Enter does (issue 32's history).
    #expect(effects.contains(.yourPeople(.recordOpened(personID: Fixtures.alexes[1].id, at: state.now))))
  }
}
