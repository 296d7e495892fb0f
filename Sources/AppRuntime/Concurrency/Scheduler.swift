import RosterCore

/// Where time comes from: Dispatch in the app, a manual clock in tests, so debounce and polling
/// are tested without real waiting.
public protocol Scheduler: Sendable {
  /// The scheduler's notion of now, as a monotonic instant.
  var now: ContinuousClock.Instant { get }
  /// Runs `work` once `delay` has passed, unless the returned handle is cancelled first.
  @discardableResult
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable
}
