import Foundation
import RosterCore

/// A scheduler whose clock moves only when a test says so; due work runs in (time, order) order.
final class ManualScheduler: Scheduler, @unchecked Sendable {
  // @unchecked: all state is behind `lock`.
  private struct Item {
    let id: Int
    let due: ContinuousClock.Instant
    let work: @Sendable () -> Void
  }

  private let lock = NSLock()
  private var current: ContinuousClock.Instant
  private var items: [Item] = []
  private var nextId = 0
  private var cancelled: Set<Int> = []

  init(start: ContinuousClock.Instant = ContinuousClock.now) { current = start }

  var now: ContinuousClock.Instant { lock.withLock { current } }

  /// Delays of work still waiting, from now.
  var pendingDelays: [Duration] {
    lock.withLock { items.filter { !cancelled.contains($0.id) }.map { current.duration(to: $0.due) } }
  }

  @discardableResult
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
    lock.withLock {
      nextId += 1
      items.append(Item(id: nextId, due: current + delay, work: work))
      return Handle(id: nextId, scheduler: self)
    }
  }

  /// Moves the clock forward, running every item that falls due, in order.
  func advance(by duration: Duration) {
    let target = lock.withLock { current + duration }
    while true {
      let next: Item? = lock.withLock {
        let due = items.filter { !cancelled.contains($0.id) && $0.due <= target }
          .min { ($0.due, $0.id) < ($1.due, $1.id) }
        if let due {
          items.removeAll { $0.id == due.id }
          current = max(current, due.due)
        }
        return due
      }
      guard let next else { break }
      next.work()
    }
    lock.withLock { current = target }
  }

  fileprivate func cancel(_ id: Int) { lock.withLock { _ = cancelled.insert(id) } }

  private struct Handle: Cancellable {
    let id: Int
    weak var scheduler: ManualScheduler?
    func cancel() { scheduler?.cancel(id) }
  }
}
