import Foundation
import RosterCore
import TestSupport
import Testing

/// The manual clock the other tests rely on.
struct TestSchedulerTests {
  /// Collects what ran, in order.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  @Test func dueWorkRunsInTimeThenSequenceOrder() {
    let scheduler = TestScheduler()
    let log = Log()
    scheduler.schedule(after: .milliseconds(20)) { log.append("b@20") }
    scheduler.schedule(after: .milliseconds(10)) { log.append("a@10") }
    scheduler.schedule(after: .milliseconds(20)) { log.append("c@20") }
    let cancelled = scheduler.schedule(after: .milliseconds(15)) { log.append("never") }
    cancelled.cancel()
    scheduler.advance(by: .milliseconds(19))
    #expect(log.all == ["a@10"])
    scheduler.advance(by: .milliseconds(1))
    #expect(log.all == ["a@10", "b@20", "c@20"])
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.elapsed == .milliseconds(20))
  }

  @Test func workScheduledWhileAdvancingRunsIfDueWithinTheSameAdvance() {
    let scheduler = TestScheduler()
    let log = Log()
    scheduler.schedule(after: .seconds(1)) {
      log.append("first at \(scheduler.elapsed)")
      scheduler.schedule(after: .seconds(1)) { log.append("second at \(scheduler.elapsed)") }
    }
    scheduler.advance(by: .seconds(5))
    #expect(log.all == ["first at 1.0 seconds", "second at 2.0 seconds"])
    #expect(scheduler.date == scheduler.startDate.addingTimeInterval(5))
  }
}

/// Smaller reducer rules not covered elsewhere.
@MainActor
struct ReducerRuleTests {
  @Test func retryRequestedAsksAgainBypassingTheCache() async {
    let store = TestStore()
    await store.search("al", answer: Fixtures.alexes)
    await store.answerDetail()
    await store.send(.search(.retryRequested)) {
      $0.field.requestID += 1
      $0.search.status = .refining  // the shown results stay while asking again
      $0.requestSent()
    }
    await store.answerSearch("al", with: PeoplePage(people: Array(Fixtures.alexes.prefix(2))))
    #expect(store.state.search.results == Array(Fixtures.alexes.prefix(2)))
    await store.finish()
  }

  @Test func aFailedSaveKeepsTheFieldsAndSaysWhy() async {
    struct DiskFull: Error, CustomStringConvertible { var description: String { "No space left on device" } }
    let store = TestStore(state: AppState(settings: Settings()))
    store.saves.error = DiskFull()
    let clientId = "11111111-2222-3333-4444-555555555555"
    await store.send(.setup(.fieldEdited(.clientId, clientId))) { $0.setup.clientId = CleanText(clientId) }
    await store.send(.setup(.submitted)) { $0.setup.isSaving = true }
    await store.receive(.setup(.saveFailed("No space left on device"))) {
      $0.setup.isSaving = false
      $0.setup.error = "Could not save the settings: No space left on device"
    }
    #expect(store.state.screen == .setup)
    await store.finish()
  }

  @Test func theTenantMustLookLikeATenant() {
    var state = AppState(settings: Settings())
    _ = reduce(&state, .setup(.fieldEdited(.clientId, "11111111-2222-3333-4444-555555555555")))
    _ = reduce(&state, .setup(.fieldEdited(.tenant, "contoso/../evil")))
    #expect(reduce(&state, .setup(.submitted)).isEmpty)
    #expect(state.setup.focusedField == .tenant)
    #expect(state.setup.error != nil)
  }

  @Test func keysOnTheWrongScreenDoNothing() {
    var state = AppState(settings: Fixtures.settings)
    #expect(reduce(&state, .list(.nearEndReached)).isEmpty)
    #expect(reduce(&state, .search(.retryRequested)).isEmpty)
    #expect(reduce(&state, .app(.focusSwitched)).isEmpty)
    #expect(state.focus == .list)
  }
}
