import Foundation
import TestSupport
import Testing

/// Issue 40 item 6: the "Terminal too small" screen says "q quits", so `q` quits there, whatever
/// the hidden field holds and with help open behind it.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed")) struct TooSmallEndToEndTests {
  @Test func qQuitsTheTooSmallScreenWithTextInTheFieldAndHelpOpen() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try ScreenFixesEndToEndTests.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 80, rows: 24)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("aoife")
    try tmux.until("the query in the field") { $0.contains("Search: aoife") && $0.contains("Aoife O'Connor") }
    try tmux.keys("?")
    try tmux.until("help open") { $0.contains("Everywhere") }

    try tmux.resize(cols: 30, rows: 10)
    try tmux.until("the too-small screen") { $0.contains("Terminal too small") && $0.contains("q quits") }
    try tmux.keys("q")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.modesRestored)
  }
}
