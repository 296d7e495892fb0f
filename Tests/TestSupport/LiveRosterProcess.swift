import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `roster` child that keeps running (`roster signins --follow`): its output read as it comes,
/// waited on for a line rather than a guessed sleep, sent a signal, then waited to its end.
public final class LiveRosterProcess: Sendable {
  private let child: SpawnedChild
  private let output = LiveOutput()

  /// Starts `roster` (or `process.executable`) with `process`'s environment.
  public init(_ process: RosterProcess, _ arguments: [String]) throws {
    guard let path = process.executable ?? RosterBinary.url?.path else {
      throw SandboxHarnessError("roster is not built")
    }
    child = try SpawnedChild(path: path, arguments: arguments, environment: process.environment)
    // Blocking reads on threads of their own: the sandbox serving the child lives in the test
    // process and needs the cooperative pool free.
    for (handle, isStdout) in [(child.stdout, true), (child.stderr, false)] {
      let output = output
      Thread {
        while true {
          let data = handle.availableData
          output.append(data, stdout: isStdout)
          if data.isEmpty { return }
        }
      }.start()
    }
  }

  /// What the child has written so far.
  public var stdout: String { output.text(stdout: true) }
  public var stderr: String { output.text(stdout: false) }

  /// Returns once `stdout` (or stderr) satisfies `condition`; false if the child's output ended
  /// first or `limit` passed — a bound on a failing test, not a wait for the child.
  @discardableResult
  public func waitFor(
    stdout isStdout: Bool = true, limit: Duration = .seconds(60), _ condition: @escaping @Sendable (String) -> Bool
  ) async -> Bool {
    await output.waitFor(stdout: isStdout, limit: limit, condition)
  }

  /// Sends `signal` (SIGINT: Ctrl-C) to the child.
  public func send(_ signal: Int32) { kill(child.pid, signal) }

  /// Waits for the child to end and both pipes to close: status and everything written.
  public func finish() async -> RosterProcess.Output {
    _ = await output.waitFor(stdout: true, limit: .seconds(120)) { _ in false }
    _ = await output.waitFor(stdout: false, limit: .seconds(120)) { _ in false }
    let child = child
    let status = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: child.waitForExit()) }.start()
    }
    return RosterProcess.Output(status: status, stdout: stdout, stderr: stderr)
  }
}

/// Both pipes' bytes so far, and the waiters woken when either grows or ends.
private final class LiveOutput: @unchecked Sendable {
  private struct Waiter {
    var stdout: Bool
    var condition: @Sendable (String) -> Bool
    var continuation: CheckedContinuation<Bool, Never>
  }

  private let lock = NSLock()
  private var bytes: [Bool: Data] = [true: Data(), false: Data()]
  private var ended: Set<Bool> = []
  private var waiters: [UUID: Waiter] = [:]
  /// Timers that fired before their waiter was registered.
  private var expired: Set<UUID> = []

  func text(stdout: Bool) -> String { lock.withLock { String(decoding: bytes[stdout] ?? Data(), as: UTF8.self) } }

  func append(_ data: Data, stdout: Bool) {
    let woken: [(CheckedContinuation<Bool, Never>, Bool)] = lock.withLock {
      if data.isEmpty { ended.insert(stdout) } else { bytes[stdout, default: Data()].append(data) }
      let text = String(decoding: bytes[stdout] ?? Data(), as: UTF8.self)
      var ready: [(CheckedContinuation<Bool, Never>, Bool)] = []
      for (id, waiter) in waiters where waiter.stdout == stdout {
        if waiter.condition(text) {
          ready.append((waiter.continuation, true))
          waiters[id] = nil
        } else if ended.contains(stdout) {
          ready.append((waiter.continuation, false))
          waiters[id] = nil
        }
      }
      return ready
    }
    for (continuation, result) in woken { continuation.resume(returning: result) }
  }

  func waitFor(stdout: Bool, limit: Duration, _ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
    let id = UUID()
    let timer = Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.expire(id)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let immediate: Bool? = lock.withLock {
        let text = String(decoding: bytes[stdout] ?? Data(), as: UTF8.self)
        if condition(text) { return true }
        if ended.contains(stdout) || expired.remove(id) != nil { return false }
        waiters[id] = Waiter(stdout: stdout, condition: condition, continuation: continuation)
        return nil
      }
      if let immediate { continuation.resume(returning: immediate) }
    }
  }

  private func expire(_ id: UUID) {
    let waiter = lock.withLock {
      let waiter = waiters.removeValue(forKey: id)
      if waiter == nil { expired.insert(id) }
      return waiter
    }
    waiter?.continuation.resume(returning: false)
  }
}
