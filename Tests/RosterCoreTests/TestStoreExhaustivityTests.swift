import Foundation
import RosterCore
import TestSupport
import Testing

/// The exhaustive `TestStore` itself: what it lets through unasserted is a failure.
@MainActor
struct TestStoreExhaustivityTests {
  @Test func aStateChangeTheTestDidNotDescribeFails() async {
    let store = TestStore()
    await withKnownIssue("help became visible, the test said nothing changes") {
      await store.send(.app(.helpToggled))
    }
    await store.finish()
  }

  @Test func sendingWhileAFedBackActionWaitsFailsAndSoDoesEndingWithOne() async {
    let store = TestStore()
    await store.sendQuery("al") { $0.typedNewQuery("al") }
    await store.advance(by: store.searchDebounce)
    await withKnownIssue("the debounce was never received") {
      await store.send(.app(.helpToggled)) { $0.isHelpVisible = true }
    }
    await withKnownIssue("the debounce was never received") {
      await store.finish()
    }
  }

  @Test func receivingTheWrongActionFails() async {
    let store = TestStore()
    await store.sendQuery("al") { $0.typedNewQuery("al") }
    await store.advance(by: store.searchDebounce)
    await withKnownIssue("the debounce is what came back") {
      await store.receive(.app(.tick))
    }
    await store.skipReceivedActions("the wrong action was reduced above; the request it sent is not the point")
    _ = store.directory.takeCalls().first?.respond(PeoplePage(people: []))
    await store.skipReceivedActions("the answer to the request is not the point here")
    await store.finish()
  }

  @Test func withExhaustivityOffOnlyWhatTheTestNamesIsChecked() async {
    let store = TestStore()
    store.exhaustivity = .off(reason: "this test checks the opt-out itself")
    await store.send(.search(.queryChanged("al")))
    await store.advance(by: store.searchDebounce)
    #expect(store.receivedActions.isEmpty, "fed-back actions run as they arrive")
    store.takeSearch("al")?.respond(PeoplePage(people: []))
    await store.settle()
    #expect(store.state.search.status == .noMatches)
    await store.finish()
  }
}
