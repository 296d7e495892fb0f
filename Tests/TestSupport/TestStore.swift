import AppRuntime
import Foundation
import RosterCore
import Testing

/// The real `Store` and `EffectRuntime` over a `TestScheduler`, fake clients and manually drained
/// queues, so a test steps through time and answers calls deterministically. The Store is built
/// as `Store.live` builds it, with the runtime's `InstantIndexSearch`: a key typed into a warm
/// index is answered within its own `send`, as in the app.
///
/// Exhaustive, the way TCA's TestStore is:
/// - every `send` asserts the whole state change: the state after the reducer ran must equal the
///   state before with the test's `update` closure applied (no closure: nothing may change);
/// - every action an effect feeds back is held until the test `receive`s it (asserting the action
///   and, the same way, the state change); sending while received actions wait is a failure;
/// - `finish()` fails when effects are in flight (a pending debounce, a call nobody answered),
///   received actions were never asserted, or fake calls were made that the test never checked.
///
/// The opt-outs are explicit and carry a reason: `skipReceivedActions(_:)` lets the held actions
/// run unasserted at one step, and `exhaustivity = .off(reason:)` makes a whole test check only what
/// it names (received actions then run as they arrive).
@MainActor
public final class TestStore {
  /// Whether every state change and received action must be asserted.
  public enum Exhaustivity: Equatable, Sendable {
    case on
    /// Only what the test names is checked; `reason` says why the test does not assert the rest.
    case off(reason: String)
  }

  public var exhaustivity: Exhaustivity = .on
  public let activity = TestActivity()
  public let scheduler: TestScheduler
  public let directory: FakeDirectoryClient
  public let auth: FakeAuthClient
  public let store: Store
  public let tasks = TaskTracker()
  private let worker: ManualQueue
  private let main: ManualQueue
  private let recorder: RecordingRuntime
  private let saveResult: SaveResult
  /// What `.copyToClipboard` handed to the UI.
  public private(set) var clipboard: [String] = []
  /// Actions effects fed back, not yet received by the test (appended on the main queue).
  private let fedBack = LockedValue<[AppAction]>([])
  /// The session generation each fed-back action's effect started in, in step with `fedBack`:
  /// the Store drops an answer about an ended session as it does in the app.
  private let fedBackSessions = LockedValue<[Int]>([])

  /// Whether saving settings succeeds in this test.
  public final class SaveResult: @unchecked Sendable {
    public var error: (any Error)?
    public private(set) var saved: [Settings] = []
    init() {}
    func save(_ settings: Settings) throws {
      if let error { throw error }
      saved.append(settings)
    }
  }

  /// - Parameters:
  ///   - index: the local index client (`.disabled`: searches go to the fake directory).
  ///   - accounts: the account picker's client (issue 21); `.unavailable` by default.
  ///   - groups: the group client; by default a tenant with no groups (`GroupClient.emptyTenant`).
  ///   - rooms: the room client; by default a tenant with no places set up (an empty list).
  ///   - kinds: each `SearchedKind`'s Graph client (devices…); a kind without one is not served.
  public init(
    state: AppState = .signedIn(), index: LocalIndexClient = .disabled, accounts: AccountsClient = .unavailable,
    groups: GroupClient = .emptyTenant, rooms: RoomClient = .emptyTenant,
    schedules: ScheduleClient = .unavailable(.offline("Schedules are not available in this session.")),
    worksWith: WorksWithClient = .unavailable(.offline("Your people are not available in this session.")),
    kinds: [ObjectKind: KindClient] = [:]
  ) {
    let scheduler = TestScheduler()
    self.scheduler = scheduler
    directory = FakeDirectoryClient(activity: activity)
    auth = FakeAuthClient(activity: activity)
    worker = ManualQueue(activity: activity)
    main = ManualQueue(activity: activity)
    let saveResult = SaveResult()
    self.saveResult = saveResult
    var built = Services(
      auth: auth.client, directory: directory.client, index: index, groups: groups, rooms: rooms,
      schedules: schedules, worksWith: worksWith)
    built.kinds = kinds
    let services = built
    let environment = RuntimeEnvironment(
      services: services, scheduler: scheduler,
      saveSettings: { settings in
        try saveResult.save(settings)
        return services
      },
      tasks: tasks, accounts: accounts)
    let main = self.main
    let fedBack = self.fedBack
    let fedBackSessions = self.fedBackSessions
    let runtime = EffectRuntime(environment: environment, worker: worker)
    recorder = RecordingRuntime(runtime) { action, session in
      main.enqueue {
        fedBackSessions.withLock { $0.append(session) }
        fedBack.withLock { $0.append(action) }
      }
    }
    var initial = state
    initial.now = scheduler.date
    store = Store(
      initialState: initial, runtime: recorder, instantSearch: runtime.instantSearch, clock: { scheduler.date },
      delivery: main)
    let activity = self.activity
    tasks.observe { activity.poke() }
    store.copyToClipboard = { [unowned self] text in self.clipboard.append(text) }
  }

  public var state: AppState { store.state }
  public var saves: SaveResult { saveResult }

  /// Sends `action` and asserts the state change: the state right after the reducer ran must equal
  /// the state before with `update` applied (exhaustive: no `update` means no change). Then lets
  /// every hop the action caused run.
  public func send(
    _ action: AppAction, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout AppState) -> Void)? = nil
  ) async {
    if exhaustivity == .on {
      let waiting = fedBack.current
      #expect(
        waiting.isEmpty, "receive these before sending \(action): \(waiting)", sourceLocation: sourceLocation)
    }
    apply(action, update, sourceLocation: sourceLocation)
    await settle(sourceLocation: sourceLocation)
  }

  /// Receives the oldest action an effect fed back: it must equal `expected`; it is then reduced
  /// and the state change asserted as in `send`.
  public func receive(
    _ expected: AppAction, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout AppState) -> Void)? = nil
  ) async {
    await settle(sourceLocation: sourceLocation)
    let next = takeFedBack()
    guard let (action, session) = next else {
      Issue.record("expected to receive \(expected), but no action was fed back", sourceLocation: sourceLocation)
      return
    }
    #expect(action == expected, "received action", sourceLocation: sourceLocation)
    apply(action, update, session: session, sourceLocation: sourceLocation)
    await settle(sourceLocation: sourceLocation)
  }

  /// Lets every action fed back so far (and whatever they lead to without the test) run
  /// unasserted. `reason` says why this step's actions are not worth asserting one by one.
  public func skipReceivedActions(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(sourceLocation: sourceLocation)
    while let (action, session) = takeFedBack() {
      store.send(action, fromSession: session)
      await settle(sourceLocation: sourceLocation)
    }
  }

  /// The oldest action fed back and the session its effect started in.
  private func takeFedBack() -> (AppAction, Int)? {
    guard let action = fedBack.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return nil }
    return (action, fedBackSessions.withLock { $0.removeFirst() })
  }

  /// Actions fed back and not yet received.
  public var receivedActions: [AppAction] { fedBack.current }

  /// Reduces `action` and checks the state against `update` (always when exhaustive).
  private func apply(
    _ action: AppAction, _ update: ((inout AppState) -> Void)?, session: Int? = nil, sourceLocation: SourceLocation
  ) {
    let before = store.state
    store.send(action, fromSession: session)
    guard exhaustivity == .on || update != nil else { return }
    var expected = before
    expected.now = store.state.now
    update?(&expected)
    let actual = store.state
    if actual != expected {
      let fields = StateDiff.lines(expected: expected, actual: actual)
      let message = "state after \(action):\n" + (fields.isEmpty ? "differs" : fields.joined(separator: "\n"))
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Advances the test clock, stopping at each timer on the way so the actions it sends are
  /// reduced at their own time (and timers they schedule can fall due within the same advance).
  public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
    let target = scheduler.elapsed + duration
    while let due = scheduler.nextDue, due <= target {
      scheduler.advance(toElapsed: due)
      await settle(sourceLocation: sourceLocation)
    }
    scheduler.advance(toElapsed: target)
    await settle(sourceLocation: sourceLocation)
  }

  /// Effects the reducer asked for since the last call.
  public func takeEffects() -> [Effect] { recorder.takeEffects() }

  /// Runs queued hops until nothing can move without the test: queues empty and every running
  /// Task parked in a fake call.
  /// When exhaustivity is off, actions effects feed back are reduced as they arrive.
  public func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
    while true {
      // The generation is read before draining and the Tasks are counted before the queues are
      // looked at: a Task enqueues its answer and then ends, so a Task seen ended has its answer
      // queued already, and a change after the read wakes the wait below at once (read after
      // draining, a change in between was lost: the wait timed out, or an answer came late).
      let generation = activity.current
      while worker.runOne() || main.runOne() || runFedBackWhenNotExhaustive() {}
      if tasks.running == directory.parkedCount, worker.isEmpty, main.isEmpty { return }
      guard await activity.wait(after: generation, timeout: .seconds(10)) else {
        Issue.record(
          "runtime did not settle: \(tasks.running) tasks, \(directory.parkedCount) parked",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  private func runFedBackWhenNotExhaustive() -> Bool {
    guard exhaustivity != .on, let (action, session) = takeFedBack() else { return false }
    store.send(action, fromSession: session)
    return true
  }

  /// Ends the test: nothing may be in flight, every fed-back action must have been received, and
  /// every fake call must have been taken.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(sourceLocation: sourceLocation)
    let waiting = fedBack.current
    #expect(waiting.isEmpty, "actions fed back and never received: \(waiting)", sourceLocation: sourceLocation)
    #expect(store.isIdle, "\(store.effectsInFlight) effect(s) still in flight", sourceLocation: sourceLocation)
    #expect(scheduler.pendingCount == 0, "timers still scheduled", sourceLocation: sourceLocation)
    let calls = directory.untakenCalls.map(\.request)
    #expect(calls.isEmpty, "directory calls not checked: \(calls)", sourceLocation: sourceLocation)
    let parked = directory.allCalls.filter(\.isPending).map(\.request)
    #expect(parked.isEmpty, "directory calls never answered: \(parked)", sourceLocation: sourceLocation)
    let authRequests = auth.untakenRequests
    #expect(authRequests.isEmpty, "auth requests not checked: \(authRequests)", sourceLocation: sourceLocation)
  }
}
