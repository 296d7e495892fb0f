import Foundation
import Testing

/// Issue 28 item 2 as a person sees it: the index file truncated, then deleted, under the running
/// `roster --demo`. The next key says so in the status line and is answered by Graph (the same
/// people, not "No one matches"), and the index is rebuilt into a new file that answers again.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct IndexDamageEndToEndTests {
  @Test func aTruncatedThenDeletedIndexFallsBackToGraphAndIsRebuilt() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    let data = run.work.appendingPathComponent("demo-data")
    try run.start(
      ["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path, "ROSTER_DEMO_DATA": data.path], cols: 120, rows: 30)
    try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: data.path).first { $0.hasSuffix(".sqlite") })
    let file = data.appendingPathComponent(name)

    try run.settle("typing from the index") { try tmux.type("o'brie") }
    try tmux.until("the index's answer") { $0.contains("Siobhán O'Brien") && $0.contains("index, synced") }

    try FileHandle(forWritingTo: file).truncate(atOffset: 0)
    try tmux.type("n")
    try tmux.until("the damage said, and Graph's answer") {
      $0.contains("Local index damaged: rebuilding it") && $0.contains("1 match")
        && !$0.contains("No one matches")
    }
    try tmux.until("the rebuilt index answering", timeout: 45) { $0.contains("index, synced") }

    try FileManager.default.removeItem(at: file)
    try tmux.keys("BSpace")
    try tmux.until("the deletion said, and Graph's answer") {
      $0.contains("Local index deleted: rebuilding it") && $0.contains("Siobhán O'Brien")
    }
    try tmux.until("the rebuilt index answering", timeout: 45) { $0.contains("index, synced") }
    // A new file at the path, not the unlinked one: what `roster index status` finds.
    #expect(FileManager.default.fileExists(atPath: file.path))
    try tmux.keys("C-u")
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
  }
}
