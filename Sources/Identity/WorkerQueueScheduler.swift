import Dispatch
import Foundation
import RosterCore

/// A `Scheduler` on a serial Dispatch worker queue: device-code polling timers run there, never
/// on the UI queue.
public struct WorkerQueueScheduler: Scheduler {
  public let queue: DispatchQueue

  public init(queue: DispatchQueue = DispatchQueue(label: "roster.identity.worker")) { self.queue = queue }

  public var now: ContinuousClock.Instant { ContinuousClock.now }

  @discardableResult
  public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
    let item = DispatchWorkItem(block: work)
    let (seconds, attoseconds) = delay.components
    let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    return WorkItemHandle(item: item)
  }

  private struct WorkItemHandle: Cancellable, @unchecked Sendable {
    // @unchecked: DispatchWorkItem.cancel is thread-safe.
    let item: DispatchWorkItem
    func cancel() { item.cancel() }
  }
}
