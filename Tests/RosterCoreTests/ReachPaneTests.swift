import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// The pane's "can they answer" lines (issue 31): the schedule is asked once the pane rests on a
/// person and only with the permission, kept a few minutes, refused once for the session, and an
/// answer for a person the pane has left is still kept for them.
@MainActor
@Suite struct ReachPaneTests {
  static let ada = Person(id: "u-ada", displayName: "Ada Lovelace", mail: "ada@contoso.test")
  static let singapore = PersonSchedule(
    address: "ada@contoso.test",
    items: [],
    workingHours: WorkingHours(
      days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 18),
      timeZone: .named("Singapore Standard Time")))

  /// Schedules answered at once, counting the calls and the addresses asked.
  final class Calendar: Sendable {
    let asked = LockedValue<[[String]]>([])
    let result: Result<[PersonSchedule], DirectoryError>
    init(_ result: Result<[PersonSchedule], DirectoryError>) { self.result = result }
    var client: ScheduleClient {
      ScheduleClient { addresses, _, _ in
        self.asked.withLock { $0.append(addresses) }
        return try self.result.get()
      }
    }
  }

  /// Types "ada", answers the search and the profile, and lets everything settle (not asserted
  /// step by step: the search rules are asserted in full elsewhere).
  static func openAda(_ store: TestStore) async {
    await store.sendQuery("ada")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ada])) }
    await store.settle()
    await store.advance(by: Tuning.detailDebounce)
    store.directory.takeCalls().forEach { $0.respond(PersonDetail(person: Self.ada)) }
    await store.settle()
  }

  static func signedIn(scopes: [String]) -> AppState {
    var state = AppState.signedIn()
    state.account?.grantedScopes += scopes
    return state
  }

  @Test func thePaneAsksOnceItRestsAndKeepsTheAnswer() async {
    let calendar = Calendar(.success([Self.singapore]))
    let store = TestStore(state: Self.signedIn(scopes: ["Calendars.ReadBasic"]), schedules: calendar.client)
    store.exhaustivity = .off(reason: "the schedule's ask and its state")
    await store.sendQuery("ada")
    #expect(calendar.asked.withLock { $0 }.isEmpty, "nothing while the list is still coming")
    await Self.openAda(store)
    #expect(calendar.asked.withLock { $0 } == [["ada@contoso.test"]])
    #expect(store.state.reach.byPerson[Self.ada.id]?.schedule == Self.singapore)
    await store.send(.app(.tick))
    #expect(calendar.asked.withLock { $0 }.count == 1, "a fresh schedule is not asked again")
  }

  @Test func withoutThePermissionNothingIsAskedAndThePaneSaysWhy() async {
    let calendar = Calendar(.success([Self.singapore]))
    let store = TestStore(state: Self.signedIn(scopes: []), schedules: calendar.client)
    store.exhaustivity = .off(reason: "only whether it asks")
    await Self.openAda(store)
    #expect(calendar.asked.withLock { $0 }.isEmpty)
    #expect(store.state.reachAbsence?.contains("Calendars.ReadBasic") == true)
  }

  @Test func aRefusalIsKeptForTheSession() async {
    let calendar = Calendar(.failure(.permissionDenied(ScheduleClient.permissionExplanation)))
    let store = TestStore(state: Self.signedIn(scopes: ["Calendars.ReadBasic"]), schedules: calendar.client)
    store.exhaustivity = .off(reason: "only the refusal")
    await Self.openAda(store)
    #expect(store.state.reach.refusal == CleanText(ScheduleClient.permissionExplanation))
    #expect(!store.state.asksSchedules)
    #expect(store.state.reachAbsence == ScheduleClient.permissionExplanation)
  }

  /// Graph's concept page capitalises statuses the API sends in lower case: both read the same.
  @Test func statusesReadWhateverTheirCase() {
    #expect(FreeBusyStatus(graph: "Tentative") == .tentative)
    #expect(FreeBusyStatus(graph: "workingElsewhere") == .workingElsewhere)
    #expect(FreeBusyStatus(graph: "WORKINGELSEWHERE") == .workingElsewhere)
    #expect(FreeBusyStatus(graph: "somethingNew") == .unknown)
  }

  /// The people around the selection are asked in the same call, so moving to them asks nothing.
  @Test func neighboursComeInTheSameCall() async {
    let bea = Person(id: "u-bea", displayName: "Ada Bea", mail: "bea@contoso.test")
    let calendar = Calendar(
      .success([Self.singapore, PersonSchedule(address: "bea@contoso.test", workingHours: Self.singapore.workingHours)])
    )
    let store = TestStore(state: Self.signedIn(scopes: ["Calendars.ReadBasic"]), schedules: calendar.client)
    store.exhaustivity = .off(reason: "the calls and what is kept")
    await store.sendQuery("ada")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ada, bea])) }
    await store.settle()
    await store.advance(by: Tuning.detailDebounce)
    store.directory.takeCalls().forEach { $0.respond(PersonDetail(person: Self.ada)) }
    await store.settle()
    // One call, asked as the profile's read starts: the selected row first, its neighbour with it.
    #expect(calendar.asked.withLock { $0 }.map(Set.init) == [["ada@contoso.test", "bea@contoso.test"]])
    #expect(store.state.reach.byPerson["u-bea"] != nil, "the neighbour's day is known before the selection moves")
  }
}
