import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `roster` binary (`RosterBinary`) with the given environment (a private HOME and
/// XDG dirs), to the end, collecting its output.
public struct RosterProcess: Sendable {
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  public let environment: [String: String]
  /// Another program to run the same way (`/bin/bash` sourcing a completion script); nil: `roster`.
  public let executable: String?

  public init(executable: String? = nil, environment: [String: String]) {
    self.executable = executable
    self.environment = environment
  }

  public func run(_ arguments: [String]) async throws -> Output {
    guard let path = executable ?? RosterBinary.url?.path else {
      throw SandboxHarnessError("roster is not built")
    }
    let child = try SpawnedChild(path: path, arguments: arguments, environment: environment)
    // Blocking reads and the wait run on threads of their own: the sandbox serving this child
    // lives in the test process and needs the cooperative pool free.
    async let outData = Self.onThread { child.stdout.readDataToEndOfFile() }
    async let errData = Self.onThread { child.stderr.readDataToEndOfFile() }
    let (stdout, stderr) = await (outData, errData)
    let status = await Self.onThread { child.waitForExit() }
    return Output(
      status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }

  private static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}

/// A one-shot signal from a callback thread to async code.
private final class AsyncStreamBox: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  private var waiter: CheckedContinuation<Void, Never>?

  func finish() {
    let resume: CheckedContinuation<Void, Never>? = lock.withLock {
      done = true
      defer { waiter = nil }
      return waiter
    }
    resume?.resume()
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock {
        if done { return true }
        waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
