import Foundation
import TestSupport
import Testing

/// Issue 40 item 13 through the real binary in tmux: the demo signs in with the ops permissions,
/// so `h` in a person's pane shows the Account section (state, the three sign-in clocks, MFA,
/// licences) rather than "not asked".
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct DemoOpsEndToEndTests {
  @Test func theDemosPaneShowsAccountHealth() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.start(["--demo"], cols: 120, rows: 40)
    try run.tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    let tmux = run.tmux
    try tmux.type("Emily Smith")
    // The demo's row carries a presence mark before the name.
    try tmux.until("Emily Smith alone in the list") { $0.contains("1 match") && $0.contains("Emily Smith emily.smith") }
    try tmux.keys("Enter")
    try tmux.until("her pane") { $0.contains("Name            Emily Smith") }
    try tmux.keys("h")
    try tmux.until("every part of the section, none of it not asked", timeout: 30) { screen in
      screen.contains("Usage location: ") && screen.contains("Last successful sign-in")
        && screen.contains("MFA registered:")
    }
    let screen = try tmux.capture()
    #expect(!screen.contains("not asked"), "\(screen)")
  }
}
