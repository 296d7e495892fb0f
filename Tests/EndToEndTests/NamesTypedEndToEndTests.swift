import Foundation
import TestSupport
import Testing

/// Issue 28 items 1 and 5 as a person meets them, in the real binary over a synced demo index:
/// Enter opens the person typed (the selection follows the best match as the query changes), and
/// people known by a name in another script are found by their mail name, under a divider that
/// says so.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct NamesTypedEndToEndTests {
  /// Bram Smit, seven Smiths, 杨伟 (wei.yang@…) and राहुल गुप्ता (rahul.gupta@…).
  static func peopleFile(in directory: URL) throws -> URL {
    func person(_ id: String, _ name: String, _ mail: String) -> [String: Any] {
      ["id": id, "displayName": name, "userPrincipalName": "\(mail)@contoso.com", "mail": "\(mail)@contoso.com"]
    }
    var people = [person("bram", "Bram Smit", "bram.smit")]
    for (offset, first) in ["Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"].enumerated() {
      people.append(person("smith\(offset)", "\(first) Smith", "\(first.lowercased()).smith"))
    }
    people.append(person("wei", "杨伟", "wei.yang"))
    people.append(person("rahul", "राहुल गुप्ता", "rahul.gupta"))
    let file = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    return file
  }

  /// The list's selected line (the one the `>` marks).
  static func selected(_ screen: String) -> String {
    screen.split(separator: "\n").first { $0.hasPrefix(">") }.map(String.init) ?? ""
  }

  @Test(arguments: [(80, 24), (100, 30)])
  func enterOpensThePersonTypedAndMailNamesFindRomanisedNames(cols: Int, rows: Int) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try Self.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: cols, rows: rows)
    try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }

    try tmux.type("smit")
    try tmux.until("Bram Smit selected at the top") { Self.selected($0).contains("Bram Smit") }
    try tmux.type("h")
    // Bram drops to the close matches; the selection goes to the first exact Smith.
    try tmux.until("a Smith selected") { Self.selected($0).contains("Cy Smith") }
    try tmux.keys("Enter")
    try tmux.until("Cy Smith's pane") { $0.contains("Name            Cy Smith") }
    #expect(!(try tmux.capture()).contains("Name            Bram Smit"))

    try tmux.keys("Escape")
    try tmux.until("back in the list") { !$0.contains("Name            Cy Smith") || $0.contains("Search: smith") }
    for _ in 0..<5 { try tmux.keys("BSpace") }
    try tmux.type("yang")
    try tmux.until("杨伟 found by mail name") { $0.contains("found by mail name") && $0.contains("杨伟") }
    for _ in 0..<4 { try tmux.keys("BSpace") }
    try tmux.type("gupta")
    try tmux.until("राहुल गुप्ता found by mail name") {
      $0.contains("found by mail name") && $0.contains("rahul.gupta@")
    }
  }

  /// Item 12: the demo is signed in within a moment, and letters typed while it signs in are the
  /// search's: `quinn` typed at once neither quits nor starts anything.
  @Test func lettersTypedAtOnceInTheDemoAreSearchedNotObeyed() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try Self.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 80, rows: 24)
    try tmux.type("quinn")
    try tmux.until("the search for what was typed", timeout: 20) {
      $0.contains("Search: quinn") && $0.contains("No one matches")
    }
    #expect(try run.pid() != nil, "still running")
  }
}
