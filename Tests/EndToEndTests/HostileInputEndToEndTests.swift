import Foundation
import TestSupport
import Testing

/// Issue 11 through the real binary in tmux: hostile mouse reports and a lone paste start
/// (points 1–2), a token endpoint in trouble while the UI runs (3) and a permission warning
/// while the UI runs (8).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "needs tmux (scripts/bootstrap installs it)"))
struct HostileInputEndToEndTests {
  /// Sends raw bytes to the pane, exactly as a terminal would.
  static func sendBytes(_ tmux: Tmux, _ bytes: [UInt8]) throws {
    try tmux.tmux(["send-keys", "-t", tmux.session, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  static let hostileMouseReports = [
    "\u{1B}[<0;-9223372036854775808;1M", "\u{1B}[<64;1;-9223372036854775808M", "\u{1B}[<65;9223372036854775807;3M",
    "\u{1B}[<0;99999999999999999999999;99999999999999999999M", "\u{1B}[<-1;5;5M", "\u{1B}[<0;0;0m",
    "\u{1B}[-9223372036854775808~", "\u{1B}[<64;70000;70000M",
  ]

  @Test func hostileMouseReportsAndALonePasteStartNeverStopTheApp() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 100, rows: 30)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }

    // Point 1: reports whose numbers overflow an Int once trapped the decoder.
    for report in Self.hostileMouseReports { try Self.sendBytes(tmux, Array(report.utf8)) }
    try tmux.type("ali")
    try tmux.until("the app still answering after the hostile reports") { $0.contains("Alice Smith") }

    // Point 2: a paste start without its end: what follows arrives as text once the terminal
    // goes quiet, instead of every key being swallowed.
    try tmux.keys("C-u")
    try Self.sendBytes(tmux, Array("\u{1B}[200~sal".utf8))
    try tmux.until("the stalled paste delivered as text", timeout: 30) {
      $0.contains("Search: sal") && $0.contains("Salim Ali")
    }
    try tmux.type("im")
    try tmux.until("typing after it works") { $0.contains("Search: salim") }

    // Ctrl-C right after another lone paste start still quits, with the terminal restored.
    try Self.sendBytes(tmux, Array("\u{1B}[200~x".utf8) + [0x03])
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.modesRestored)
  }

  @Test func aTokenEndpointInTroubleIsTemporaryAndWarningsStayOnTheStatusLine() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: ["--people", try DemoEndToEndTests.peopleFile(in: run.work).path])
    defer { sandbox.stop() }
    let dir = run.work.path
    try sandbox.signIn(binary, home: dir)
    // Point 8: a state directory others can read is repaired with a warning, which must land
    // on the status line, not be printed over the full-screen UI.
    chmod("\(dir)/state/roster", 0o755)

    // The live Graph path: with the local index a typed word sends Graph nothing, so no refresh.
    try run.start(
      [], environment: sandbox.environment.merging(["ROSTER_INDEX": "off"]) { $1 }, cols: 200, rows: 30)
    try tmux(run).until("the search screen with the warning on the status line") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let warned = lines.indices.filter { lines[$0].contains("readable by others") }
      return screen.contains("Search:") && warned.count == 1 && warned[0] >= lines.count - 3
    }
    var info = stat()
    #expect(stat("\(dir)/state/roster", &info) == 0 && info.st_mode & 0o077 == 0)
    // Settled first: the start's warm-up reads a token too, and on a loaded machine it could still be
    // on its way and meet the faults below itself, with nothing on screen to say so.
    try tmux(run).until("roster idle after its start") { _ in FileManager.default.fileExists(atPath: run.idleFile.path)
    }
    // A first query reads what a session reads once ("my groups", the rooms' list) and settles,
    // so the faults below meet the people search itself: those reads retry quietly, and on a loaded
    // machine they could take both failures first and leave the search nothing to wait for.
    try run.settle("a first query") { try run.tmux.type("megan") }
    try run.tmux.until("the first query's answer") { $0.contains("Megan Bowen") }
    try run.settle("clearing the field") { try run.tmux.keys("C-u") }

    // Point 3: the access token expires and the token endpoint fails twice with Retry-After.
    try sandbox.fault(["kind": "expire_access_tokens"])
    try sandbox.fault(["match": "*/token", "kind": "status", "status": 503, "retry_after": "2", "count": 2])
    try run.tmux.type("alice")
    var sawTemporary = false
    try run.tmux.until("the results after the retries", timeout: 45) { screen in
      #expect(!screen.contains("session ended"), "a transient error ended the session:\n\(screen)")
      if screen.contains("Sign-in service unavailable") || screen.contains("the sign-in service") {
        sawTemporary = true
      }
      return screen.contains("Alice Smith") && screen.contains("Search: alice")
    }
    #expect(sawTemporary, "the wait was shown as temporary")

    try run.tmux.keys("C-c")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.modesRestored)
  }

  private func tmux(_ run: RosterInTmux) -> Tmux { run.tmux }
}
