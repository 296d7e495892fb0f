import Dispatch
import RosterCore

/// The app's `Scheduler`: real time, timers on a Dispatch queue.
public struct DispatchScheduler: Scheduler {
  /// Where scheduled work runs.
  public let queue: DispatchQueue

  public init(queue: DispatchQueue) {
    self.queue = queue
  }

  /// Timers on a serial queue of their own, named `label` (e.g. device-code polling, off the UI queue).
  public init(label: String) {
    self.init(queue: DispatchQueue(label: label))
  }

  /// The continuous clock's now.
  public var now: ContinuousClock.Instant { ContinuousClock.now }

  /// Runs `work` on `queue` after `delay` unless cancelled (a cancellable `DispatchWorkItem`).
  @discardableResult
  public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
    let item = DispatchWorkItem(block: work)
    let parts = delay.components
    let nanoseconds = max(0, parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), execute: item)
    return WorkItemHandle(item: item)
  }
}

/// Cancels a scheduled `DispatchWorkItem` (thread-safe: `DispatchWorkItem.cancel` is).
private struct WorkItemHandle: Cancellable, @unchecked Sendable {
  let item: DispatchWorkItem
  func cancel() { item.cancel() }
}
