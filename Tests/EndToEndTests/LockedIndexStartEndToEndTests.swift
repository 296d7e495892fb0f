import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 28 item 6: the full-screen UI started while another process holds the index file
/// locked (as a `VACUUM` or checkpoint in a `roster index sync` does) draws its main screen at
/// once and answers from Graph; once the lock is gone the index is opened and answers again.
/// Before, a start over a locked file drew the screen but went without the index for the rest
/// of the run (the open gave up after SQLite's busy timeout and was never tried again).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct LockedIndexStartEndToEndTests {
  /// SQLite's exclusive lock, taken as SQLite takes it: a write lock on the pending, reserved and
  /// shared bytes of the database file. No other process can begin even a read.
  final class ExclusiveLock {
    private let descriptor: Int32

    init(_ path: String) throws {
      descriptor = open(path, O_RDWR)
      var lock = flock()
      lock.l_type = Int16(F_WRLCK)
      lock.l_whence = Int16(SEEK_SET)
      lock.l_start = 0x4000_0000
      lock.l_len = 512
      guard descriptor >= 0, fcntl(descriptor, F_SETLK, &lock) == 0 else {
        throw TmuxError(message: "could not lock \(path): errno \(errno)")
      }
    }

    func release() { close(descriptor) }
  }

  /// Signs in, syncs the index and locks its file as a long `VACUUM` in another process would;
  /// returns the environment for the run and the lock.
  private func lockedIndex(_ run: RosterInTmux, _ sandbox: SandboxProcess, binary: URL) throws -> ExclusiveLock {
    try sandbox.signIn(binary, home: run.work.path)
    let environment = sandbox.environment.merging([
      "HOME": run.work.path, "XDG_STATE_HOME": run.work.path + "/state", "XDG_CONFIG_HOME": run.work.path + "/config",
      "XDG_CACHE_HOME": run.work.path + "/cache", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]) { $1 }
    #expect(try SandboxProcess.run(binary, ["index", "sync"], environment: environment) == 0)
    let cache = run.work.appendingPathComponent("cache/roster")
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".sqlite") })
    return try ExclusiveLock(cache.appendingPathComponent(file).path)
  }

  /// Starts the UI over a locked index, waits for the main screen and Graph's answer to typing, runs
  /// `beforeRelease` (the lock still held), lets go, and waits for the index to answer.
  private func startOverALockedIndex(environment extra: [String: String], beforeRelease: (Date) -> Void) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(binary: binary, arguments: ["--size", "300"])
    defer { sandbox.stop() }
    let lock = try lockedIndex(run, sandbox, binary: binary)
    var released = false
    defer { if !released { lock.release() } }

    let started = Date()
    try run.start([], environment: sandbox.environment.merging(extra) { $1 }, cols: 100, rows: 30)
    try run.tmux.until("the main screen", timeout: 60) { $0.contains("Search:") && $0.contains("Enter to detail") }
    try run.tmux.type("smi")
    try run.tmux.until("Graph's answer") { $0.contains("match") && !$0.contains("index, synced") }
    beforeRelease(started)
    lock.release()
    released = true
    try run.tmux.until("the index opened and answering", timeout: 45) { $0.contains("index, synced") }
    try run.tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }

  /// The first frame never waits for the index: with the index's busy timeout set far past this
  /// test's patience (an hour), the main screen comes and Graph answers the typing while the open
  /// still waits on the lock — an order of events, not a race against the 10 s timeout (which a
  /// loaded machine lost once). Let go, the waiting open completes and the index answers.
  @Test func theFirstFrameAndTypingNeverWaitForALockedIndex() throws {
    try startOverALockedIndex(environment: ["ROSTER_INDEX_BUSY_SECONDS": "3600"]) { _ in }
  }

  /// An open that gave up (SQLite's busy timeout, 10 s) is tried again: the index is not lost for
  /// the run.
  @Test func anIndexOpenThatGaveUpIsTriedAgain() throws {
    try startOverALockedIndex(environment: [:]) { started in
      // Held past SQLite's busy timeout (10 s), so the first open gives up; then let go.
      Thread.sleep(forTimeInterval: max(0, 14 - Date().timeIntervalSince(started)))
    }
  }
}
