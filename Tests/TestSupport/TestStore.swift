import Foundation
import RosterCore
import Testing

/// A TestStore-lite: the real `Store` and `EffectRuntime` over a `TestScheduler`, fake clients and
/// manually drained queues, so a test steps through time and answers calls deterministically.
///
/// Exhaustive: `finish()` fails the test when effects are still in flight (a pending debounce, a
/// call nobody answered) or when fake calls were made that the test never took and checked.
@MainActor
public final class TestStore {
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

  public init(state: AppState = .signedIn()) {
    let scheduler = TestScheduler()
    self.scheduler = scheduler
    directory = FakeDirectoryClient(activity: activity)
    auth = FakeAuthClient(activity: activity)
    worker = ManualQueue(activity: activity)
    main = ManualQueue(activity: activity)
    let saveResult = SaveResult()
    self.saveResult = saveResult
    let services = Services(auth: auth.client, directory: directory.client)
    let environment = RuntimeEnvironment(
      services: services, scheduler: scheduler,
      saveSettings: { settings in
        try saveResult.save(settings)
        return services
      },
      tasks: tasks)
    recorder = RecordingRuntime(EffectRuntime(environment: environment, worker: worker))
    var initial = state
    initial.now = scheduler.date
    store = Store(initialState: initial, runtime: recorder, clock: { scheduler.date }, delivery: main)
    let activity = self.activity
    tasks.observe { activity.poke() }
    store.copyToClipboard = { [unowned self] text in self.clipboard.append(text) }
  }

  public var state: AppState { store.state }
  public var saves: SaveResult { saveResult }

  /// Sends `action`; when `update` is given, the state right after the reducer ran must equal the
  /// state before with `update` applied. Then lets every hop the action caused run.
  public func send(
    _ action: AppAction, _ update: ((inout AppState) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let before = store.state
    store.send(action)
    if let update {
      var expected = before
      expected.now = store.state.now
      update(&expected)
      #expect(store.state == expected, "state after \(action)", sourceLocation: sourceLocation)
    }
    await settle(sourceLocation: sourceLocation)
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

  /// Types `text` one character at a time, `interval` apart (the field's text grows each time).
  public func type(_ text: String, every interval: Duration, startingFrom prefix: String = "") async {
    var typed = prefix
    for character in text {
      typed.append(character)
      await send(.search(.queryChanged(typed)))
      await advance(by: interval)
    }
  }

  /// Effects the reducer asked for since the last call.
  public func takeEffects() -> [Effect] { recorder.takeEffects() }

  /// Runs queued hops until nothing can move without the test: queues empty and every running
  /// Task parked in a fake call.
  public func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
    while true {
      while worker.runOne() || main.runOne() {}
      let generation = activity.current
      if worker.isEmpty, main.isEmpty, tasks.running == directory.parkedCount { return }
      guard await activity.wait(after: generation, timeout: .seconds(10)) else {
        Issue.record(
          "runtime did not settle: \(tasks.running) tasks, \(directory.parkedCount) parked",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  /// Ends the test: nothing may be in flight, and every fake call must have been taken.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(sourceLocation: sourceLocation)
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
