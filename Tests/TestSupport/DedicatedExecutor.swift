import AppRuntime
import Dispatch

/// A task executor on Dispatch threads outside Swift's cooperative pool, for the in-process
/// sandbox: tests that block a pool thread (a synchronous tmux poll, `waitUntilExit`) must not
/// stop the server that a `roster` child process is waiting on. On two cores the pool has two
/// threads, and a CI run stalled for minutes that way. Serial queues overcommit, so each gets a
/// thread even when every pool thread is blocked; jobs go to them round-robin.
public final class DedicatedExecutor: TaskExecutor, Sendable {
  /// The one executor every sandbox of a test process serves on.
  public static let shared = DedicatedExecutor(width: 4)

  private let queues: [DispatchQueue]
  private let turns = LockedValue(0)

  public init(width: Int) {
    queues = (0..<max(1, width)).map { DispatchQueue(label: "roster.tests.sandbox.\($0)") }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    let turn = turns.withLock { turn in
      turn &+= 1
      return turn
    }
    queues[turn % queues.count].async { unowned.runSynchronously(on: executor) }
  }
}
