import Foundation

/// A thread-safe count of running Tasks, with a hook called after each change.
public final class TaskTracker: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var observer: (@Sendable () -> Void)?

  public init() {}

  /// Tasks started and not yet ended.
  public var running: Int { lock.withLock { count } }

  /// Calls `observer` (from any thread) after every start and end.
  public func observe(_ observer: @escaping @Sendable () -> Void) {
    lock.withLock { self.observer = observer }
  }

  func started() { change(by: 1) }
  func ended() { change(by: -1) }

  private func change(by delta: Int) {
    let observer = lock.withLock { () -> (@Sendable () -> Void)? in
      count += delta
      return self.observer
    }
    observer?()
  }
}
