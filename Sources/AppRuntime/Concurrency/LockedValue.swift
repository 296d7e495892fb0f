import Foundation
import Synchronization

/// A value shared between concurrent callers, guarded by a lock: for the places where callbacks
/// arrive on arbitrary threads (NIO event loops, Dispatch timers, concurrent Graph calls) and an
/// actor hop would reorder them.
///
/// A class over `Synchronization.Mutex`: `Mutex` is non-copyable, so it cannot be captured by an
/// escaping closure or held in a struct that is copied; this reference can.
public final class LockedValue<Value>: Sendable {
  private let mutex: Mutex<Value>

  public init(_ value: sending Value) { mutex = Mutex(value) }

  public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
    try mutex.withLock(body)
  }
}

extension LockedValue where Value: Sendable {
  /// A copy of the value as it stands now.
  public var current: Value { withLock { $0 } }
}
