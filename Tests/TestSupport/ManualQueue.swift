import AppRuntime
import Foundation
import RosterCore

/// A `WorkQueue` that runs nothing until the test drains it, so every hop of the runtime happens
/// at a point the test chooses. Thread-safe: Tasks enqueue from any thread.
public final class ManualQueue: WorkQueue, @unchecked Sendable {
  private let lock = NSLock()
  private var pending: [@Sendable () -> Void] = []
  private let activity: TestActivity

  public init(activity: TestActivity) {
    self.activity = activity
  }

  public func enqueue(_ work: @escaping @Sendable () -> Void) {
    lock.withLock { pending.append(work) }
    activity.poke()
  }

  public var isEmpty: Bool { lock.withLock { pending.isEmpty } }

  /// Runs the oldest item; false when there was none.
  @discardableResult
  public func runOne() -> Bool {
    let next = lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    guard let next else { return false }
    next()
    return true
  }
}
