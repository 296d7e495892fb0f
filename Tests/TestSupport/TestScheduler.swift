import AppRuntime
import Foundation
import RosterCore

/// A manual clock for tests: scheduled work runs only when the test advances time.
///
/// Follows combine-schedulers' TestScheduler: due work runs in `(time, sequence)` order, each item
/// seeing `now` at its own due time, then `now` becomes the target.
public final class TestScheduler: Scheduler, @unchecked Sendable {
  private struct Item {
    var due: ContinuousClock.Instant
    var sequence: Int
    var work: @Sendable () -> Void
    var handle: Handle
  }

  /// Cancels one scheduled item.
  private final class Handle: Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    var isCancelled: Bool { lock.withLock { cancelled } }
    func cancel() { lock.withLock { cancelled = true } }
  }

  private let lock = NSLock()
  private let start: ContinuousClock.Instant
  private var current: ContinuousClock.Instant
  private var items: [Item] = []
  private var sequence = 0
  /// The wall-clock date at the start (what `date` reports before any advance).
  public let startDate: Date

  public init(startDate: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    let origin = ContinuousClock.now
    self.start = origin
    self.current = origin
    self.startDate = startDate
  }

  public var now: ContinuousClock.Instant { lock.withLock { current } }

  /// The wall-clock reading matching `now` (start date plus the time advanced).
  public var date: Date {
    let elapsed = lock.withLock { current - start }
    return startDate.addingTimeInterval(
      TimeInterval(elapsed.components.seconds) + TimeInterval(elapsed.components.attoseconds) / 1e18)
  }

  /// How much time has been advanced so far.
  public var elapsed: Duration { lock.withLock { current - start } }

  @discardableResult
  public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
    let handle = Handle()
    lock.withLock {
      sequence += 1
      items.append(Item(due: current + max(delay, .zero), sequence: sequence, work: work, handle: handle))
    }
    return handle
  }

  /// Work scheduled and neither run nor cancelled.
  public var pendingCount: Int { lock.withLock { items.filter { !$0.handle.isCancelled }.count } }

  /// Delays of the work still pending, from now, in the order it was scheduled.
  public var pendingDelays: [Duration] {
    lock.withLock {
      items.filter { !$0.handle.isCancelled }.sorted { $0.sequence < $1.sequence }.map { $0.due - current }
    }
  }

  /// When the earliest pending item falls due, as time since the start; nil when none is pending.
  public var nextDue: Duration? {
    lock.withLock {
      items.filter { !$0.handle.isCancelled }.map(\.due).min().map { $0 - start }
    }
  }

  /// Moves time forward by `duration`, running everything that falls due on the way, in order.
  public func advance(by duration: Duration = .zero) {
    advance(toElapsed: elapsed + duration)
  }

  /// Moves time forward to `elapsed` since the start (never backwards).
  public func advance(toElapsed elapsed: Duration) {
    let target = lock.withLock { max(current, start + elapsed) }
    while let next = takeNext(dueBy: target) {
      if !next.handle.isCancelled { next.work() }
    }
    lock.withLock { current = target }
  }

  private func takeNext(dueBy target: ContinuousClock.Instant) -> Item? {
    lock.withLock {
      items.removeAll { $0.handle.isCancelled }
      guard
        let index = items.indices.min(by: { (items[$0].due, items[$0].sequence) < (items[$1].due, items[$1].sequence) }
        ),
        items[index].due <= target
      else { return nil }
      let item = items.remove(at: index)
      current = max(current, item.due)
      return item
    }
  }
}
