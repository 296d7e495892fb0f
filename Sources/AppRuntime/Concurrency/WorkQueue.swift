import Dispatch

/// A serial place to run closures: a `DispatchQueue` in the app, a manually drained queue in tests.
///
/// The runtime never calls `DispatchQueue` directly, so tests run the real `EffectRuntime`
/// deterministically, one hop at a time.
public protocol WorkQueue: Sendable {
  /// Runs `work` later, after everything enqueued before it.
  func enqueue(_ work: @escaping @Sendable () -> Void)
}

extension DispatchQueue: WorkQueue {
  /// `async(execute:)`.
  public func enqueue(_ work: @escaping @Sendable () -> Void) {
    async(execute: work)
  }
}
