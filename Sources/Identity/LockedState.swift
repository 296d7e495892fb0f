import Foundation

/// A value guarded by a lock, for the few places where callbacks arrive on arbitrary threads
/// (NIO event loops, Dispatch timers) and an actor hop would reorder them.
final class LockedState<Value>: @unchecked Sendable {
  // @unchecked: every access to `value` goes through `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
