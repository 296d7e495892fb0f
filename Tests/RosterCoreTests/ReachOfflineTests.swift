import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 31's offline part in the reducer: every schedule answer keeps the people's working hours
/// (and zones) in the local index; while Graph cannot be reached the pane asks the index for them
/// instead, once a person; a failure is not asked again at once; and a refusal forgets them all.
@MainActor
@Suite struct ReachOfflineTests {
  static let ada = ReachPaneTests.ada
  static let singapore = ReachPaneTests.singapore
  static var hours: WorkingHours { singapore.workingHours! }

  /// An attached index whose kept working hours are `kept`, recording what it is asked.
  final class KeptHours: Sendable {
    let kept: [String: StoredWorkingHours]
    let saved = LockedValue<[[String: WorkingHours?]]>([])
    let read = LockedValue<[[String]]>([])
    let forgot = LockedValue(0)
    init(_ kept: [String: StoredWorkingHours] = [:]) { self.kept = kept }

    var index: LocalIndexClient {
      let ada = Person(id: "u-ada", displayName: "Ada Lovelace", mail: "ada@contoso.test")
      return LocalIndexClient(
        attach: { _ in nil }, search: { text, _ in text == "ada" ? [ada] : [] }, sync: { _ in .busy }, remove: { _ in },
        detail: { id in id == ada.id ? PersonDetail(person: ada, fromIndex: true) : nil },
        workingHours: WorkingHoursStore(
          save: { hours, _ in self.saved.withLock { $0.append(hours) } },
          read: { ids in
            self.read.withLock { $0.append(ids) }
            return self.kept.filter { ids.contains($0.key) }
          },
          forgetAll: { self.forgot.withLock { $0 += 1 } }))
    }
  }

  static func signedIn(offline: Bool = false) -> AppState {
    var state = ReachPaneTests.signedIn(scopes: ["Calendars.ReadBasic"])
    state.index.attached = true
    state.index.offline = offline
    // Offline, searches answer from the index (a Graph answer would clear `offline`).
    if offline { state.index.summary = LocalIndexSummary(complete: true, people: 1, lastSync: state.now) }
    return state
  }

  @Test func anAnswerIsKeptInTheIndex() async {
    let calendar = ReachPaneTests.Calendar(.success([Self.singapore]))
    let index = KeptHours()
    let store = TestStore(state: Self.signedIn(), index: index.index, schedules: calendar.client)
    store.exhaustivity = .off(reason: "only what is kept")
    await ReachPaneTests.openAda(store)
    #expect(index.saved.withLock { $0 } == [[Self.ada.id: Self.hours]])
    #expect(store.state.reach.stored[Self.ada.id]?.hours == Self.hours)
  }

  /// A schedule Graph could not read forgets the hours kept for it; one with hours keeps them.
  @Test func anUnreadableScheduleForgetsItsHours() {
    var state = Self.signedIn()
    state.reach.requestID = 4
    let unreadable = PersonSchedule(address: "bea@contoso.test", error: FreeBusyError(message: "no mailbox"))
    let effects = reduce(
      &state, .reach(.loaded(id: 4, personIDs: ["u-ada", "u-bea"], .success([Self.singapore, unreadable]))))
    let kept: [String: WorkingHours?] = ["u-ada": Self.hours, "u-bea": nil]
    #expect(kept.count == 2)
    // Kept in the index, and read again once `freshFor` has passed while the pane stays.
    let refresh: Effect = .debounce(
      id: .scheduleRetry, after: .seconds(ReachState.freshFor), then: .reach(.retryDue))
    #expect(effects == [.storeWorkingHours(kept, readAt: state.now), refresh])
  }

  @Test func offlineThePaneShowsTheKeptHoursOnceAsked() async {
    let calendar = ReachPaneTests.Calendar(.failure(.offline("The network connection was lost.")))
    let threeDaysAgo = Date(timeIntervalSince1970: 1_700_000_000)
    let index = KeptHours([Self.ada.id: StoredWorkingHours(hours: Self.hours, readAt: threeDaysAgo)])
    let store = TestStore(state: Self.signedIn(), index: index.index, schedules: calendar.client)
    store.exhaustivity = .off(reason: "the calls and what the pane holds")
    await ReachPaneTests.openAda(store)
    #expect(calendar.asked.withLock { $0 }.count == 1)
    #expect(index.read.withLock { $0 } == [[Self.ada.id]])
    #expect(store.state.reach.stored[Self.ada.id]?.readAt == threeDaysAgo)
    #expect(store.state.reach.byPerson[Self.ada.id] == nil)
    // Every action runs the reach's follow: neither Graph nor the index is asked again at once.
    await store.send(.app(.tick))
    #expect(calendar.asked.withLock { $0 }.count == 1)
    #expect(index.read.withLock { $0 }.count == 1)
    // Half a minute on, Graph is asked again (and fails again: the index is not asked twice).
    await store.advance(by: .seconds(ReachState.retryAfterFailure + 1))
    await store.send(.app(.tick))
    #expect(calendar.asked.withLock { $0 }.count == 2)
    #expect(index.read.withLock { $0 }.count == 1)
  }

  /// Once a sync found Graph unreachable, the pane's person comes from the index and so do their
  /// hours: getSchedule is not tried at all.
  @Test func whileTheSyncFindsGraphUnreachableOnlyTheIndexIsAsked() async {
    let calendar = ReachPaneTests.Calendar(.success([Self.singapore]))
    let index = KeptHours([Self.ada.id: StoredWorkingHours(hours: Self.hours, readAt: Date(timeIntervalSince1970: 0))])
    let store = TestStore(state: Self.signedIn(offline: true), index: index.index, schedules: calendar.client)
    store.exhaustivity = .off(reason: "only which source is asked")
    await ReachPaneTests.openAda(store)
    #expect(calendar.asked.withLock { $0 }.isEmpty)
    #expect(index.read.withLock { $0 } == [[Self.ada.id]])
    #expect(store.state.reach.stored[Self.ada.id] != nil)
  }

  @Test func aRefusalForgetsEveryKeptHours() async {
    let calendar = ReachPaneTests.Calendar(.failure(.permissionDenied(ScheduleClient.permissionExplanation)))
    let index = KeptHours()
    var state = Self.signedIn()
    state.reach.stored[Self.ada.id] = StoredWorkingHours(hours: Self.hours, readAt: Date(timeIntervalSince1970: 0))
    let store = TestStore(state: state, index: index.index, schedules: calendar.client)
    store.exhaustivity = .off(reason: "only what is forgotten")
    await ReachPaneTests.openAda(store)
    #expect(index.forgot.withLock { $0 } == 1)
    #expect(store.state.reach.stored.isEmpty)
  }
}
