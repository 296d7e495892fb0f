import Foundation

/// A signal that something happened somewhere (work enqueued, a fake call parked or answered, a
/// Task ended), so a test can wait for the next change instead of sleeping.
public final class TestActivity: @unchecked Sendable {
  private let lock = NSLock()
  private var generation = 0
  private var waiters: [(UUID, CheckedContinuation<Void, Never>)] = []

  public init() {}

  /// The current generation; pass it to `wait(after:)`.
  public var current: Int { lock.withLock { generation } }

  /// Records a change and wakes every waiter.
  public func poke() {
    let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      generation += 1
      let all = waiters.map(\.1)
      waiters.removeAll()
      return all
    }
    woken.forEach { $0.resume() }
  }

  /// Returns once a change happened after `generation` (at once if one already did), or when the
  /// waiting Task is cancelled.
  public func wait(after generation: Int) async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = lock.withLock { () -> Bool in
          if self.generation != generation || Task.isCancelled { return true }
          waiters.append((id, continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
        guard let index = waiters.firstIndex(where: { $0.0 == id }) else { return nil }
        return waiters.remove(at: index).1
      }
      waiter?.resume()
    }
  }

  /// Like `wait(after:)`, but gives up after `timeout`; false when it gave up.
  public func wait(after generation: Int, timeout: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.wait(after: generation)
        return true
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
