import Foundation
import TestSupport
import Testing

/// Issue 28 item 3 through the real binary in tmux, against `roster sandbox` as its own process
/// (its fault API takes the network away and revokes tokens): "offline" clears by itself when
/// Graph answers again; a session that ended while offline shows the sign-in screen once the
/// network is back; and `roster logout` in another terminal stops the running UI from using the
/// token it holds in memory.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct OfflineSessionEndToEndTests {
  /// A signed-in UI over a synced index, 100×30. The sandbox approves no sign-in by itself, so
  /// the sign-in screen a session's end brings stays until the test has seen it (approved at
  /// once, it lasted a device-code poll: a loaded CI machine's capture missed it).
  static func started(_ run: RosterInTmux) throws -> SandboxProcess {
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(binary: binary, arguments: ["--size", "300"], approvesItself: false)
    try sandbox.signIn(binary, home: run.work.path)
    try run.start([], environment: sandbox.environment, cols: 100, rows: 30)
    try run.tmux.until("the index synced", timeout: 45) { $0.contains("Search:") && $0.contains("index, synced") }
    return sandbox
  }

  /// A query, every Graph and sign-in request reset, then Ctrl-R (which asks again only with a
  /// query in the field): the sync finds Graph unreachable.
  static func goOffline(_ run: RosterInTmux, _ sandbox: SandboxProcess) throws {
    try run.settle("typing") { try run.tmux.type("smi") }
    try sandbox.fault(["match": "*", "kind": "reset"])
    try run.tmux.keys("C-r")
    try run.tmux.until("offline", timeout: 60) { $0.contains("index, offline") }
  }

  @Test func offlineClearsByItselfWhenGraphAnswersAgain() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let sandbox = try Self.started(run)
    defer { sandbox.stop() }
    try Self.goOffline(run, sandbox)
    try sandbox.clearFaults()
    // No key: the sync that probes Graph while offline finds it back.
    try run.tmux.until("online again without Ctrl-R", timeout: 40) {
      $0.contains("index, synced") && !$0.contains("offline")
    }
    try run.tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func aSessionThatEndedWhileOfflineShowsTheSignInScreen() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let sandbox = try Self.started(run)
    defer { sandbox.stop() }
    try Self.goOffline(run, sandbox)
    try sandbox.fault(["kind": "revoke_refresh_tokens"])
    try sandbox.fault(["kind": "expire_access_tokens"])
    try sandbox.clearFaults()
    try run.tmux.until("the sign-in screen with why", timeout: 40) {
      $0.contains("Your session ended") && !$0.contains("index, offline")
    }
    try run.tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func rosterLogoutInAnotherTerminalEndsTheRunningSession() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try Self.started(run)
    defer { sandbox.stop() }
    try run.settle("typing") { try run.tmux.type("smi") }
    let environment = sandbox.environment.merging([
      "HOME": run.work.path, "XDG_STATE_HOME": run.work.path + "/state", "XDG_CONFIG_HOME": run.work.path + "/config",
      "XDG_CACHE_HOME": run.work.path + "/cache", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]) { $1 }
    #expect(try SandboxProcess.run(binary, ["logout"], environment: environment) == 0)
    // The next thing that needs a token (the list's next person's details) finds it gone.
    try run.tmux.keys("Down")
    try run.tmux.until("the sign-in screen with why", timeout: 20) {
      $0.contains("Your session ended") && $0.contains("roster logout")
    }
    try run.tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }
}
