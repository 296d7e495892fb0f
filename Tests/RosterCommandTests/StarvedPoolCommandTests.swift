import AppRuntime
import Foundation
import TestSupport
import Testing

/// The in-process sandbox keeps serving while every thread of Swift's cooperative pool is blocked.
/// In the full parallel suite, synchronous tests (tmux polls, `waitUntilExit`) block pool threads
/// for seconds at a time; a `roster` child waiting on a sandbox served from that pool then timed
/// out, and one CI run lost 15 minutes and 40 expectations that way.
@Suite(.serialized) struct StarvedPoolCommandTests {
  @Test func aSignInCompletesWhileEveryPoolThreadIsBlocked() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      guard let binary = RosterBinary.url else { throw SandboxHarnessError("roster is not built") }
      let exited = LockedValue(false)
      let blocked = LockedValue(0)
      let child = Process()
      child.executableURL = binary
      child.arguments = ["login", "--device-code"]
      child.environment = harness.rosterEnvironment()
      child.standardInput = FileHandle.nullDevice
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      child.terminationHandler = { _ in exited.withLock { $0 = true } }
      try child.run()

      // More blockers than the pool has threads; each holds its thread until the child has
      // exited or 180 s have passed (a bound, not a timing: a loaded machine may start the child
      // slowly), so the child can only exit early if the sandbox serves
      // from threads of its own.
      let deadline = Date().addingTimeInterval(180)
      let blockers = (0..<(ProcessInfo.processInfo.activeProcessorCount + 2)).map { _ in
        Task.detached {
          blocked.withLock { $0 += 1 }
          while !exited.current, Date() < deadline { usleep(10_000) }
        }
      }
      for blocker in blockers { await blocker.value }
      #expect(exited.current, "the sign-in did not finish while the pool was blocked")
      #expect(blocked.current >= ProcessInfo.processInfo.activeProcessorCount)
      while child.isRunning { try await Task.sleep(for: .milliseconds(20)) }
      #expect(child.terminationStatus == 0)
    }
  }
}
