import Foundation
import Testing

/// `roster --demo` with its local index, as a person sees it: the index fills (progress in the
/// status line), then typing is answered from it, marked with its freshness, detail included.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct IndexEndToEndTests {
  @Test func theDemoIndexFillsAndAnswersTyping() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    try run.start(
      ["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path, "XDG_CACHE_HOME": run.work.path + "/cache"],
      cols: 100, rows: 30)
    try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }

    try tmux.type("o'brien")
    try tmux.until("the index's answer") { $0.contains("Siobhán O'Brien") && $0.contains("1 match") }
    try tmux.until("the detail with the manager from Graph") { $0.contains("Counsel") && $0.contains("Megan Bowen") }
    #expect(try tmux.capture().contains("index, synced"))
    try tmux.keys("C-u")
    try tmux.type("pagey")
    // All 150 at once from the index: no pages to load.
    try tmux.until("every match listed") { $0.contains("150 matches") }

    let files = try FileManager.default.contentsOfDirectory(atPath: run.work.path + "/cache/roster")
    #expect(files.contains { $0.hasSuffix(".sqlite") })
    try tmux.keys("C-u")
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
  }
}
