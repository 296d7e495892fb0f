import Foundation
import TestSupport
import Testing

/// Issue 28 item 10 as a person meets it, through `roster --demo` in tmux: the first ↓ after
/// Enter shows the first direct report rather than skipping it; `y` says what it copied; Esc
/// that empties the list empties the pane; a group's pane at 40×12 does not open mid-field.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct PaneEndToEndTests {
  /// A manager two levels down with three reports, and a person with no mail.
  static func peopleFile(in directory: URL) throws -> URL {
    func person(_ id: String, _ name: String, manager: String? = nil, mail: Bool = true) -> [String: Any] {
      var person: [String: Any] = [
        "id": id, "displayName": name, "userPrincipalName": "\(id)@contoso.com", "jobTitle": "Engineer",
      ]
      if mail { person["mail"] = "\(id)@contoso.com" }
      if let manager { person["manager"] = manager }
      return person
    }
    let people = [
      person("ceo", "Aoife O'Connor"), person("vp", "Rahul Gupta", manager: "ceo"),
      person("lead", "Mei Tanaka", manager: "vp"), person("r1", "Ivan Petrov", manager: "lead"),
      person("r2", "Zoë Ålund", manager: "lead"), person("r3", "Ana Lima", manager: "lead"),
      person("nomail", "Salim Ali", mail: false),
    ]
    let file = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    return file
  }

  @Test func firstDownShowsTheFirstReportAndYSaysWhatItCopied() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try Self.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 80, rows: 24)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("mei")
    try tmux.until("Mei in the list") { $0.contains("Mei Tanaka") && $0.contains("1 match") }
    try tmux.keys("Enter")
    try tmux.until("her pane, loaded, at its top") {
      $0.contains("Name            Mei Tanaka") && $0.contains("Enter open")
    }
    #expect(!(try tmux.capture()).contains("> • Ivan Petrov"), "the first report starts below the fold")
    try tmux.keys("Down")
    try tmux.until("the first report, in view and selected") { $0.contains("> • Ivan Petrov") }
    try tmux.keys("Down")
    try tmux.until("then the second") { $0.contains("> • Zoë Ålund") }

    // `y` on a person without a mail copies (and says) the user name.
    try tmux.keys("Escape")
    try tmux.until("back in the list") { !$0.contains("> • Zoë Ålund") }
    try tmux.keys("C-u")
    try tmux.type("salim")
    try tmux.until("Salim in the list") { $0.contains("Salim Ali") && $0.contains("1 match") }
    try tmux.keys("Enter")
    try tmux.until("his pane") { $0.contains("Name            Salim Ali") }
    try tmux.type("y")
    try tmux.until("the banner naming the user name") { $0.contains("Copied user name") }
  }

  @Test func escThatEmptiesTheListEmptiesTheGroupPane() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try run.start(["--demo"], cols: 100, rows: 30)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("build agents")
    try tmux.until("the group's pane") { $0.contains("Name            Build Agents") }
    try tmux.keys("Escape")
    try tmux.until("an empty list and an empty pane") {
      $0.contains("Type a name, mail or user name.") && !$0.contains("Build Agents")
    }
  }

  /// At 40×12 a group's pane opens at a field's first line or its members' heading.
  @Test func groupPaneAt40x12OpensAtAFieldOrTheMembers() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try run.start(["--demo"], cols: 40, rows: 12)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("build agents")
    try tmux.until("the group in the list") { $0.contains("⊞ Build Agents") }
    try tmux.keys("Enter")
    try tmux.until("the group's pane with its members") { $0.contains("Members (direct") }
    let lines = try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
    // Line 0 is the pane's title; line 1 its first body line.
    let first = lines.count > 1 ? String(lines[1]) : ""
    #expect(!first.hasPrefix("   "), "opens mid-field: \(lines.joined(separator: "\n"))")
  }
}
