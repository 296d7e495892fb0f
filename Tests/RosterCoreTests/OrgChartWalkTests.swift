import Foundation
import RosterCore
import TestSupport
import Testing

/// Walking the org chart in the detail pane, and presence for the people on screen, through the
/// real Store and runtime with fake clients.
@MainActor
struct OrgChartWalkTests {
  static let ceo = Fixtures.person("Aoife OConnor")
  static let head = Fixtures.person("Rahul Gupta")
  static let lead = Fixtures.person("Mei Tanaka")
  static let engineer = Fixtures.person("Sam Okafor")
  static let other = Fixtures.person("Ines Duarte")

  @Test func enterOpensAReportAndBackspaceWalksBackAlongTheTrail() async {
    let store = TestStore()
    await store.search("aoife", answer: [Self.ceo])
    store.exhaustivity = .off(
      reason: "from here: the walk's and presence's states and calls; the steps before are exhaustive")
    await store.advance(by: Tuning.detailDebounce)
    let first = store.directory.takeCalls()
    #expect(first.map(\.request) == [.detail(Self.ceo.id)])
    first[0].respond(PersonDetail(person: Self.ceo, directReports: [Self.other, Self.head]))
    await store.settle()
    #expect(store.state.detail.pane.personPane?.orgRowIndex == 0, "the selection starts on the first report")

    await store.send(.detail(.orgRowMoved(by: 1))) { $0.detail.pane.personPane?.orgRowIndex = 1 }
    await store.send(.detail(.orgRowMoved(by: 5))) { $0.detail.pane.personPane?.orgRowIndex = 1 }
    await store.send(.detail(.orgRowOpened))
    #expect(store.state.detail.status == .loading(Self.head))
    #expect(store.state.detail.trail.map(\.person) == [Self.ceo, Self.head])
    let opened = store.directory.takeCalls()
    #expect(opened.map(\.request) == [.detail(Self.head.id)], "loaded at once: the person asked for it")
    opened[0].respond(PersonDetail(person: Self.head, managerChain: [Self.ceo], directReports: [Self.lead]))
    await store.settle()
    #expect(
      store.state.detail.pane.personPane?.orgRowIndex == 1, "rows: the manager, then the report, which is selected")
    #expect(store.state.selectedListPerson == Self.ceo, "the list's selection stays")

    await store.send(.detail(.orgRowOpened))
    store.directory.takeCalls()[0].respond(
      PersonDetail(person: Self.lead, managerChain: [Self.head, Self.ceo], directReports: [Self.engineer]))
    await store.settle()
    #expect(store.state.detail.breadcrumb.map(\.person) == [Self.ceo, Self.head, Self.lead])
    #expect(store.state.detail.orgRows.map(\.person) == [Self.ceo, Self.head, Self.engineer])

    await store.send(.detail(.wentBack))
    #expect(store.directory.takeRequests().isEmpty, "going back comes from the cache")
    #expect(store.state.detail.status.person == Self.head)
    #expect(store.state.detail.selectedOrgRow?.person == Self.lead, "the selection is on the person just left")
    await store.send(.detail(.wentBack))
    #expect(store.state.detail.status.person == Self.ceo)
    #expect(store.state.detail.trail.isEmpty)
    #expect(store.state.detail.selectedOrgRow?.person == Self.head)
    await store.send(.detail(.wentBack)) { _ in }
    await store.advance(by: Tuning.selectionRest)
    await store.finish()
  }

  /// Leaving the pane (Esc, Tab, closing it on a small screen) ends the walk: the pane shows the
  /// list's selected person again (from the cache), so list and pane agree on who is selected.
  @Test func leavingThePaneEndsTheWalk() async {
    for leave in [AppAction.detail(.closed), .app(.focusSwitched)] {
      let store = TestStore()
      await store.search("aoife", answer: [Self.ceo])
      store.exhaustivity = .off(reason: "the walk's states and calls; the steps before are exhaustive")
      await store.advance(by: Tuning.detailDebounce)
      store.directory.takeCalls()[0].respond(PersonDetail(person: Self.ceo, directReports: [Self.head]))
      await store.settle()
      await store.send(.app(.focusSwitched))
      #expect(store.state.focus == .detail)
      await store.send(.detail(.orgRowOpened))
      store.directory.takeCalls()[0].respond(PersonDetail(person: Self.head, managerChain: [Self.ceo]))
      await store.settle()
      #expect(store.state.detail.breadcrumb.map(\.person) == [Self.ceo, Self.head])

      await store.send(leave)
      #expect(store.state.focus == .list, "\(leave)")
      #expect(store.state.detail.trail.isEmpty, "\(leave)")
      #expect(store.state.detail.status.person == Self.ceo, "\(leave): the pane shows the list's selection")
      #expect(store.directory.takeRequests().isEmpty, "\(leave): from the cache")
      await store.advance(by: Tuning.selectionRest)
      await store.finish()
    }
  }

  @Test func walkingUpOpensTheManagerRow() async {
    let store = TestStore()
    await store.search("sam", answer: [Self.engineer])
    store.exhaustivity = .off(
      reason: "from here: the walk's and presence's states and calls; the steps before are exhaustive")
    await store.advance(by: Tuning.detailDebounce)
    store.directory.takeCalls()[0].respond(
      PersonDetail(person: Self.engineer, managerChain: [Self.lead, Self.head, Self.ceo]))
    await store.settle()
    #expect(store.state.detail.selectedOrgRow?.person == Self.lead, "no reports: the selection is on the manager")
    await store.send(.detail(.orgRowMoved(by: -2)))
    await store.send(.detail(.orgRowOpened))
    #expect(store.directory.takeRequests() == [.detail(Self.ceo.id)])
    #expect(store.state.detail.trail.map(\.person) == [Self.engineer, Self.ceo])
    // A new list selection starts afresh.
    await store.sendQuery("ines")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.other])) }
    await store.settle()
    #expect(store.state.detail.trail.isEmpty)
    #expect(store.state.detail.status == .loading(Self.other))
    await store.advance(by: Tuning.detailDebounce)
    store.directory.takeCalls().forEach { $0.respond(Fixtures.detail(Self.other)) }
    await store.advance(by: Tuning.selectionRest)
    await store.finish()
  }

  @Test func presenceIsAskedOnceResultsSettleThenEveryMinuteAndStopsWhenRefused() async {
    var state = AppState.signedIn()
    state.account?.grantedScopes.append("https://graph.microsoft.com/Presence.Read.All")
    let store = TestStore(state: state)
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    store.exhaustivity = .off(
      reason: "from here: the walk's and presence's states and calls; the steps before are exhaustive")
    #expect(store.directory.takeRequests().isEmpty, "nothing per keystroke or at once")
    await store.advance(by: Tuning.presenceSettle)
    var calls = store.directory.takeCalls()
    let ids = Fixtures.alexes.map(\.id)
    #expect(calls.map(\.request) == [.presence(ids)])
    calls[0].respond([ids[0]: Presence(availability: .busy, activity: "InAMeeting")])
    await store.settle()
    #expect(store.state.presence.byID[ids[0]]?.availability == .busy)

    await store.advance(by: Tuning.presenceRefresh)
    calls = store.directory.takeCalls()
    #expect(calls.map(\.request) == [.presence(ids)], "refreshed while shown")
    calls[0].fail(.permissionDenied("Presence.Read.All"))
    await store.settle()
    #expect(!store.state.showsPresence)
    #expect(store.state.presenceAbsence?.contains("refused") == true)
    #expect(store.state.presence.byID.isEmpty)
    await store.advance(by: Tuning.presenceRefresh * 2)
    await store.finish()
  }

  @Test func withoutThePermissionPresenceIsNeverAskedAndThePaneSaysWhy() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    store.exhaustivity = .off(
      reason: "from here: the walk's and presence's states and calls; the steps before are exhaustive")
    await store.advance(by: Tuning.presenceRefresh)
    #expect(store.directory.takeRequests().isEmpty)
    #expect(store.state.presenceAbsence?.contains("Presence.Read.All") == true)
    await store.finish()
  }
}
