import AppRuntime
import RosterCore

/// A value delivered once from a callback and awaited once: the bridge between the flows'
/// callbacks (NIO, Dispatch timers) and the async sign-in.
final class OneShot<Value: Sendable>: Sendable {
  private enum State {
    case empty
    case waiting(CheckedContinuation<Value, Never>)
    case done(Value)
  }

  private let state = LockedValue(State.empty)

  /// Delivers the value; later calls are ignored.
  func fulfil(_ value: Value) {
    let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
      switch state {
      case .empty:
        state = .done(value)
        return nil
      case .waiting(let continuation):
        state = .done(value)
        return continuation
      case .done:
        return nil
      }
    }
    waiter?.resume(returning: value)
  }

  func value() async -> Value {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Value? in
        if case .done(let value) = state { return value }
        state = .waiting(continuation)
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
