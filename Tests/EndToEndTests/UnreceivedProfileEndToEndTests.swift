import Foundation
import TestSupport
import Testing

/// Issue 40 item 2 through the real binary in tmux: with every `$batch` answered 503, the pane
/// shows the error and what the list's row knew, and leaves out the phones, company and office
/// the profile would have brought, never "Company not set" above the error.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct UnreceivedProfileEndToEndTests {
  @Test func aFailedProfileLeavesOutWhatWasNeverReceived() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(binary: binary, arguments: [])
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    try sandbox.fault(["match": "*$batch*", "kind": "status", "status": 503])
    // Without the index the row is Graph's list row, which holds no company or office.
    try run.start([], environment: sandbox.environment.merging(["ROSTER_INDEX": "off"]) { $1 }, cols: 120, rows: 40)
    try run.tmux.until("the search screen") { $0.contains("Search:") }
    try run.tmux.type("Andrea Ferrari")
    try run.tmux.until("Andrea Ferrari in the list") {
      $0.contains(">Andrea Ferrari") || $0.contains("> Andrea Ferrari")
    }
    try run.tmux.keys("Enter")
    try run.tmux.until("the profile's error", timeout: 90) { $0.contains("Could not load the full profile") }
    let screen = try run.tmux.capture()
    #expect(screen.contains("Job title"), "\(screen)")
    for label in ["Business phone", "Mobile", "Company", "Office"] {
      #expect(!screen.contains(label + " "), "\(label) was never received:\n\(screen)")
    }
  }
}
