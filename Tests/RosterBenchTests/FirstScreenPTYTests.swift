import Foundation
import Testing

@testable import roster_bench

/// Issue 19, item 14: with a cached token and a warm index, what a terminal (here a pty, which
/// sees every byte, as one over SSH does) receives from the start is the search screen with its
/// final status line; the sign-in screen ("Checking for a saved session…", "not signed in") never
/// goes out.
@Suite(.serialized) struct FirstScreenPTYTests {
  static let scopes = "openid profile offline_access User.Read User.ReadBasic.All User.Read.All"

  @Test func withACachedTokenAndAWarmIndexTheFirstFrameIsTheScreenThatStays() throws {
    let binary = try #require(TerminalGraphicsPTYTests.roster, "roster binary not built next to the tests")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-first-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let sandbox = try SandboxProcess(roster: binary, size: 300, latencyMs: 0)
    defer { sandbox.stop() }
    var subject = try RosterHarness.subject(binary: binary, sandbox: sandbox, scopes: Self.scopes, home: home)
    subject.environment["ROSTER_INDEX"] = "on"
    try RosterHarness.signIn(subject, tenant: Tenant(sandbox: sandbox))
    let sync = try IndexHarness.runRoster(subject, ["index", "sync"])
    try #require(sync.status == 0, "roster index sync failed: \(sync.stderr)")

    for _ in 0..<3 {
      let session = try subject.launch()
      defer { session.terminate() }
      var firstFrame: [String] = []
      let drawn = session.waitForScreen(timeout: 20) { screen in
        guard RosterHarness.firstFrameMarkers.allSatisfy({ screen.contains($0) }) else { return false }
        firstFrame = screen.lines
        return true
      }
      try #require(drawn != nil, "the search screen never came: \(session.text(from: 0).suffix(400))")
      session.waitForQuiet(0.3, timeout: 5)
      let everything = session.text(from: 0)
      for signInText in ["Sign in to Microsoft Entra ID", "Checking for a saved session", "not signed in"] {
        #expect(!everything.contains(signInText), "the sign-in screen went out before the list: \(signInText)")
      }
      #expect(
        firstFrame.joined(separator: "\n").contains("index, synced"),
        "the first frame lacks its final status line:\n\(firstFrame.joined(separator: "\n"))")
    }
  }
}
