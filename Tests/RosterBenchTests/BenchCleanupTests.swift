import Foundation
import Testing

@testable import roster_bench

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 28 item 6: `roster-bench` stops the `roster sandbox` it started on every way out. A
/// stand-in `roster` (a script that announces itself as the sandbox does, writes its pid and
/// sleeps) is given with `--roster`; the bench is made to fail, and to be signalled while it
/// waits on that sandbox; either way the stand-in must be gone when the bench is.
@Suite(.serialized) struct BenchCleanupTests {
  static var bench: String? {
    TerminalGraphicsPTYTests.roster.map {
      URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("roster-bench").path
    }.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
  }

  /// A directory with a stand-in `roster` that prints `line`, writes its pid and sleeps.
  static func standIn(printing line: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cleanup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = directory.appendingPathComponent("roster")
    try """
    #!/bin/sh
    echo $$ > '\(directory.path)/pid'
    echo '\(line)'
    exec sleep 600
    """.write(to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    return directory
  }

  /// Waits for the stand-in's pid file (an event: the stand-in writes it before anything else),
  /// or for the bench to end without starting it; its pid. The bound is only there to turn a hang
  /// into a failure: a loaded machine may take long to start the bench, never five minutes.
  static func standInPID(_ directory: URL, bench: Process) throws -> pid_t {
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      if let text = try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      guard bench.isRunning else { throw BenchError("roster-bench ended without starting the stand-in sandbox") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw BenchError("the stand-in sandbox never started")
  }

  /// Waits until someone connects to `listener` (the bench asking the silent port for its
  /// token): from then on the bench is waiting on the sandbox, its signal handlers in place.
  static func waitForConnection(_ listener: Int32) -> Bool {
    var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 300_000) == 1
  }

  /// Gone, or a zombie waiting for a parent that has ended (PID 1 in a container may not reap).
  static func isGone(_ pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
      if status.contains("State:\tZ") { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  /// Waits for the bench to end, at most two minutes (a bench that never sees the signal must
  /// fail the test, not hang it).
  static func waitForExit(_ process: Process) {
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      Issue.record("roster-bench did not end")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  static func startBench(_ bench: String, roster: URL) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: bench)
    process.arguments = ["--quick", "--only", "typing", "--index-people", "0", "--roster", roster.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func aSandboxThatAnnouncesNonsenseIsStoppedWithTheError() throws {
    let bench = try #require(Self.bench, "roster-bench not built next to the tests")
    let directory = try Self.standIn(printing: "not a sandbox")
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = try Self.startBench(bench, roster: directory.appendingPathComponent("roster"))
    let pid = try Self.standInPID(directory, bench: process)
    Self.waitForExit(process)
    #expect(process.terminationStatus != 0)
    #expect(Self.isGone(pid), "the stand-in sandbox \(pid) outlived the failed bench")
    if !Self.isGone(pid) { kill(pid, SIGKILL) }
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalledBenchStopsItsSandbox(signal: Int32) throws {
    let bench = try #require(Self.bench, "roster-bench not built next to the tests")
    // A port that takes connections and never answers: the bench waits on it for its token.
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    listen(listener, 16)
    let port = UInt16(bigEndian: address.sin_port)
    let directory = try Self.standIn(printing: "sandbox: http://127.0.0.1:\(port) tenant=t1 client=c1")
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = try Self.startBench(bench, roster: directory.appendingPathComponent("roster"))
    let pid = try Self.standInPID(directory, bench: process)
    #expect(Self.waitForConnection(listener), "the bench never asked the stand-in sandbox for a token")
    kill(process.processIdentifier, signal)
    Self.waitForExit(process)
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
    #expect(Self.isGone(pid), "the stand-in sandbox \(pid) outlived the bench killed by signal \(signal)")
    if !Self.isGone(pid) { kill(pid, SIGKILL) }
  }
}
