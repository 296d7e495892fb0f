import AppRuntime
import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

/// The Store's busy counter, and the live wiring over real Dispatch queues.
@MainActor
struct StoreTests {
  @Test func theBusyCounterCoversTimersAndCallsUntilTheyEnd() async {
    let store = TestStore()
    #expect(store.store.isIdle)
    await store.sendQuery("al") { $0.typedNewQuery("al") }
    #expect(store.store.effectsInFlight == 1, "the debounce timer counts")
    await store.debounceElapses()
    #expect(!store.store.isIdle, "the request on the wire counts")
    let call = store.takeSearch("al")
    await store.sendQuery("") { $0.typedEmptyQuery() }
    #expect(call?.wasCancelled == true)
    #expect(store.store.isIdle, "cancelled work ends, so the store is idle again")
    await store.finish()
  }

  @Test func aCancelledSignInSendsNoMoreEvents() async {
    let store = TestStore(state: AppState(settings: Fixtures.settings))
    let first = await LoginTests.startWithoutASession(store)
    await store.send(.login(.browserRequested)) { $0.browserRequested() }
    _ = store.auth.takeRequests()
    first?.emit(.deviceCodeIssued(LoginTests.prompt(expiresIn: 600, from: store.state.now)))
    await store.settle()
    #expect(store.receivedActions.isEmpty, "a late event from the replaced flow is dropped")
    await store.send(.app(.quitRequested)) { $0.quitRequested = true }
    #expect(store.auth.currentSignIn?.wasCancelled == true, "quitting closes the sign-in in progress")
    await store.finish()
  }

  @Test func focusAndTheSinglePaneLayout() async {
    let store = TestStore()
    await store.send(.app(.terminalResized(TerminalSize(rows: 20, cols: 50)))) {
      $0.resized(TerminalSize(rows: 20, cols: 50))
    }
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.list(.detailOpened)) {
      $0.singlePaneDetailOpen = true
      $0.focus = .detail
      // Opened: remembered as one of the person's own people (issue 32).
      $0.yourPeople.people.open(Fixtures.alexes[0].id, at: $0.now)
    }
    await store.send(.detail(.closed)) {
      $0.singlePaneDetailOpen = false
      $0.focus = .list
    }
    await store.send(.app(.focusSwitched)) {
      $0.focus = .detail
      $0.singlePaneDetailOpen = true
    }
    await store.send(.app(.terminalResized(TerminalSize(rows: 40, cols: 120)))) {
      $0.terminal = TerminalSize(rows: 40, cols: 120)
      $0.singlePaneDetailOpen = false
      $0.field.pageSize = 72  // two screens of the list's 36 rows (`Layout.searchPageSize`)
    }
    await store.send(.app(.helpToggled)) { $0.isHelpVisible = true }
    await store.finish()
  }

  @Test func movingBackToAPersonSeenRecentlyNeedsNoRequest() async {
    let store = TestStore()
    let alexes = Fixtures.alexes
    await store.search("al", answer: alexes)
    await store.answerDetail()
    await store.send(.list(.selectionMoved(by: 1))) { $0.selectedAlone(1) }
    await store.answerDetail()
    await store.send(.list(.selectionMoved(by: -1))) {
      $0.selectPerson(at: 0)
      $0.detail.selectionMoving = true
      $0.detail.requestID += 1
      _ = $0.detail.cache.value(for: alexes[0].id, now: $0.now)
      $0.detail.showPerson(.loaded(Fixtures.detail(alexes[0])))  // from the cache, no request
    }
    for index in 1...3 {
      await store.send(.list(.selectionMoved(by: 1))) { $0.selectedInARun(index) }
    }
    await store.advance(by: Tuning.detailDebounce)
    await store.receiveSelectionRested()
    #expect(store.directory.takeRequests() == [.detail(alexes[3].id)], "one load after the selection rests")
    await store.send(.detail(.copyRequested(label: "mail", text: "alina.park@contoso.example"))) {
      $0.banner = Banner(message: "Copied mail to the clipboard", expiresAt: $0.now.addingTimeInterval(3))
    }
    #expect(store.clipboard == ["alina.park@contoso.example"])
    await store.sendQuery("") { $0.typedEmptyQuery() }
    for _ in 1...2 {
      await store.advance(by: .seconds(1))
      await store.receive(.app(.tick))
    }
    await store.advance(by: .seconds(1))
    await store.receive(.app(.tick)) { $0.banner = nil }
    await store.finish()
  }

  @Test func theLiveWiringDeliversResultsOnTheMainQueue() async {
    let activity = TestActivity()
    let directory = FakeDirectoryClient(activity: activity)
    let auth = FakeAuthClient(activity: activity)
    var settings = Fixtures.settings
    settings.debounceMs = 0
    let store = Store.live(
      initialState: .signedIn(settings: settings),
      services: Services(auth: auth.client, directory: directory.client),
      saveSettings: { _ in throw CancellationError() })
    store.onChange = { _ in activity.poke() }
    store.onIdle = { activity.poke() }

    store.send(.search(.queryChanged("al")))
    await waitUntil(activity) { directory.allCalls.count == 1 }
    directory.takeCalls().first?.respond(PeoplePage(people: Fixtures.alexes))
    await waitUntil(activity) { store.state.search.status == .results }
    #expect(store.state.search.results == Fixtures.alexes)
    await waitUntil(activity) { directory.allCalls.count == 2 }
    #expect(directory.takeRequests() == [.detail(Fixtures.alexes[0].id)])
    directory.allCalls.last?.respond(Fixtures.detail(Fixtures.alexes[0]))
    await waitUntil(activity) { store.isIdle }
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[0])))
  }

  /// Setup's save replaces the clients; the Store's same-frame index search must use the new
  /// index, not the one the app started with (which, before any settings, is `.disabled`).
  @Test func theIndexSearchFollowsTheClientsSetupSaved() async {
    let ann = Person(id: "1", displayName: "Ann Lee")
    let activity = TestActivity()
    let auth = FakeAuthClient(activity: activity)
    let directory = FakeDirectoryClient(activity: activity)
    var saved = Services(auth: auth.client, directory: directory.client)
    saved.index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [ann] }, sync: { _ in .busy }, remove: { _ in })
    let worker = DispatchQueue(label: "test.worker")
    let runtime = EffectRuntime(
      environment: RuntimeEnvironment(
        services: Services(auth: auth.client, directory: directory.client),
        scheduler: DispatchScheduler(queue: worker), saveSettings: { [saved] _ in saved }),
      worker: worker)
    let query = PeopleQuery(text: "ann", pageSize: 501)
    #expect(runtime.instantSearch.search(query).isEmpty)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let once = LockedValue(false)
      runtime.run(
        .saveSettings(Fixtures.settings),
        feedback: EffectFeedback(
          send: { _ in
            if !once.withLock({
              let was = $0
              $0 = true
              return was
            }) {
              done.resume()
            }
          },
          copyToClipboard: { _ in }, finish: {}))
    }
    worker.sync {}  // the swap is queued on the worker before `.saved` is sent
    #expect(runtime.instantSearch.search(query) == [ann])
  }

  /// Waits (without sleeping) until `condition` holds, failing after a generous timeout.
  private func waitUntil(
    _ activity: TestActivity, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
  ) async {
    while true {
      let generation = activity.current
      if condition() { return }
      guard await activity.wait(after: generation, timeout: .seconds(10)) else {
        Issue.record("condition never held", sourceLocation: sourceLocation)
        return
      }
    }
  }
}
