import Foundation

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
    guard let binary = executable.map(URL.init(fileURLWithPath:)) ?? RosterBinary.url else {
      throw SandboxHarnessError("roster is not built")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    // Blocking reads and the wait run on threads of their own: the sandbox serving this child
    // lives in the test process and needs the cooperative pool free.
    let exited = AsyncStreamBox()
    process.terminationHandler = { _ in exited.finish() }
    try process.run()
    async let outData = Self.readToEnd(out.fileHandleForReading)
    async let errData = Self.readToEnd(err.fileHandleForReading)
    let (stdout, stderr) = await (outData, errData)
    await exited.wait()
    let (outText, errText) = (stdout, stderr)
    return Output(
      status: process.terminationStatus, stdout: String(decoding: outText, as: UTF8.self),
      stderr: String(decoding: errText, as: UTF8.self))
  }

  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
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
