import Foundation

/// A value shared between concurrent callers, guarded by a lock: for the places where callbacks
/// arrive on arbitrary threads (NIO event loops, Dispatch timers, concurrent Graph calls) and an
/// actor hop would reorder them.
///
/// Why not `Synchronization.Mutex`: the package still targets macOS 14, where it is unavailable.
public final class LockedValue<Value>: @unchecked Sendable {
  // @unchecked: every access to `value` goes through `lock`.
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension LockedValue where Value: Sendable {
  /// A copy of the value as it stands now.
  public var current: Value { withLock { $0 } }
}
