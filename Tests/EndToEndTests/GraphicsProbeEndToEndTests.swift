import Foundation
import TestSupport
import Testing

/// Issue 28 item 11: roster in tmux must not send the kitty graphics query, which tmux takes for
/// the pane title (kept in every tmux user's status line after roster exits). The environment
/// also says "kitty" (`KITTY_WINDOW_ID`, `TERM_PROGRAM`), as in tmux started from kitty.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct GraphicsProbeEndToEndTests {
  @Test func tmuxPaneTitleIsLeftAlone() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try tmux.tmux(["set-option", "-g", "allow-rename", "on"])
    try run.start(
      ["--demo"], environment: ["KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "WezTerm"], cols: 80, rows: 24)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    // Past the probe's one-second timeout: whatever it sent has arrived.
    Thread.sleep(forTimeInterval: 1.5)
    let title = try tmux.tmux(["display-message", "-p", "-t", tmux.session, "#{pane_title}"])
    #expect(!title.contains("Gi="), "pane title: \(title)")
    let screen = try tmux.capture()
    #expect(!screen.contains("Gi=31"), "\(screen)")
    try tmux.keys("C-c")
    _ = try run.waitForExit()
    let after = try tmux.tmux(["display-message", "-p", "-t", tmux.session, "#{pane_title}"])
    #expect(!after.contains("Gi="), "pane title after exit: \(after)")
  }
}
