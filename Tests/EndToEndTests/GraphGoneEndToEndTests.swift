import Foundation
import TestSupport
import Testing

/// Issue 40 item 3 through the real binary in tmux against `roster sandbox` as its own process:
/// with every request reset (the sandbox's `reset` fault), the first read that cannot reach Graph
/// puts "offline" in the status line and presence says it is unavailable; with the fault gone,
/// both come back by themselves.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct GraphGoneEndToEndTests {
  /// The pane's presence line holds a known availability (its glyph), not "…" or "unavailable".
  static func presenceKnown(_ screen: String) -> Bool {
    screen.split(separator: "\n").contains { line in
      guard let range = line.range(of: "Presence ") else { return false }
      let value = line[range.upperBound...].drop { $0 == " " }
      return value.first.map { "●◎◆◇⊖◐◑○·".contains($0) } ?? false
    }
  }

  @Test func offlineIsSaidAtTheFirstFailedReadAndClearsWhenGraphAnswers() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: ["--size", "300"],
      scopes: "openid profile offline_access User.Read User.Read.All Presence.Read.All")
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    let tmux = run.tmux
    try run.start([], environment: sandbox.environment, cols: 120, rows: 40)
    try tmux.until("the index synced", timeout: 45) { $0.contains("Search:") && $0.contains("index, synced") }
    try run.settle("typing") { try tmux.type("smi") }
    try tmux.until("the first person's presence") { Self.presenceKnown($0) }

    try sandbox.fault(["match": "*", "kind": "reset"])
    // The next person's pane and presence are asked of Graph, which does not answer.
    try tmux.keys("Down")
    try tmux.until("offline in the status line, presence unavailable", timeout: 60) { screen in
      screen.contains("index, offline") && screen.contains("unavailable") && !Self.presenceKnown(screen)
    }

    try sandbox.clearFaults()
    // No key: the index's probe finds Graph back, and presence is asked again at once.
    try tmux.until("online again, presence known", timeout: 40) { screen in
      screen.contains("index, synced") && !screen.contains("offline") && !screen.contains("unavailable")
        && Self.presenceKnown(screen)
    }
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }
}
