import Foundation
import TestSupport
import Testing

/// Issue 45's incremental consent in the pane, through the real binary in tmux against `roster
/// sandbox` (its operator holds User, Authentication and Groups Administrator) and a `roster
/// login` holding reads only: the first fix asks silently for its permission and is done, the
/// scopes kept for the next; a permission the tenant withholds is a sentence and nothing is sent.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct SandboxFixConsentEndToEndTests {
  static let rahul = DemoFixEndToEndTests.rahul

  static func withRoster(_ arguments: [String], _ body: (Tmux, URL) throws -> Void) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(binary: binary, arguments: arguments, scopes: HealthEndToEndTests.ops)
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    try run.start([], environment: sandbox.environment, cols: 100, rows: 30)
    let tmux = run.tmux
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.type(rahul)
    try tmux.until("Rahul in the list") { $0.contains(">") && $0.contains("rahul.gupta@") }
    try tmux.keys("Enter")
    try tmux.until("his pane") { $0.contains("User name") }
    try tmux.keys("f")
    try tmux.until("the fixes offered", timeout: 30) { $0.contains("r  Revoke sign-in sessions") }
    try tmux.keys("r")
    try tmux.until("the confirmation") { $0.contains("Type the user name") }
    try tmux.type(rahul)
    try tmux.keys("Enter")
    try body(tmux, run.work.appendingPathComponent("state/roster/writes.jsonl"))
  }

  @Test func theFirstFixAsksForItsPermissionSilently() throws {
    try Self.withRoster([]) { tmux, audit in
      try tmux.until("revoked once the permission was added", timeout: 30) { screen in
        DemoFixEndToEndTests.boxText(screen).contains("Revoked the sign-in sessions of")
      }
      let line = try String(contentsOf: audit, encoding: .utf8)
      #expect(line.contains(#""action":"revoke""#) && line.contains(#""outcome":"ok""#))
      let mode = try FileManager.default.attributesOfItem(atPath: audit.path)[.posixPermissions] as? Int
      #expect(mode == 0o600)
    }
  }

  @Test func aWithheldPermissionIsASentenceAndNothingIsSent() throws {
    try Self.withRoster(["--withhold-consent", "User.RevokeSessions.All"]) { tmux, audit in
      try tmux.until("the permission named", timeout: 30) { screen in
        let text = DemoFixEndToEndTests.boxText(screen)
        return text.contains("needs the delegated permission User.RevokeSessions.All")
          && text.contains("Nothing was sent.")
      }
      #expect(!FileManager.default.fileExists(atPath: audit.path), "nothing was attempted")
    }
  }
}
