import Foundation

/// A value shared between concurrent calls, guarded by a lock.
///
/// Why not `Mutex`: the package still targets macOS 14, where `Synchronization.Mutex` is unavailable.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  var current: Value { withLock { $0 } }
}
