import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// Issue 31 item 5 as a person meets it, through `roster --demo` in tmux (the demo asks for
/// Calendars.ReadBasic): the pane of someone in another zone shows their local time "ahead of
/// you" or "behind you", their working hours and today, from the sandbox's getSchedule; at 80×24,
/// then 40×12. The viewer's clock is UTC (TZ).
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct ReachEndToEndTests {
  /// The first id `reach-N` whose generated calendar (the demo's seed 1) is readable, in the
  /// office, works some days, and is in one of `zones`.
  static func id(in zones: Set<String>) -> String? {
    (0..<2000).lazy.map { "reach-\($0)" }.first { id in
      let profile = CalendarProfile(id: id, seed: 1)
      return zones.contains(profile.zone.name) && !profile.unreadable && !profile.workingDays.isEmpty && !away(id)
    }
  }

  /// The sandbox's presence board has one in twenty out of office (FNV-1a of the id).
  static func away(_ id: String) -> Bool {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in id.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    return value % 20 == 0
  }

  static func peopleFile(in directory: URL) throws -> URL {
    let ahead = try #require(id(in: ["India Standard Time"]))
    let behind = try #require(id(in: ["America/New_York", "Eastern Standard Time", "Pacific Standard Time"]))
    func person(_ id: String, _ name: String) -> [String: Any] {
      ["id": id, "displayName": name, "userPrincipalName": "\(id)@contoso.com", "mail": "\(id)@contoso.com"]
    }
    let people = [person("viewer", "Aoife O'Connor"), person(ahead, "Priya Ahead"), person(behind, "Dana Behind")]
    let file = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    return file
  }

  @Test func thePaneSaysLocalTimeHoursAndToday() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let people = try Self.peopleFile(in: run.work)
    let environment = ["ROSTER_DEMO_PEOPLE": people.path, "TZ": "UTC"]
    try run.start(["--demo"], environment: environment, cols: 80, rows: 24)
    let tmux = run.tmux
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    for (word, name, relation) in [("priya", "Priya Ahead", "ahead of you"), ("dana", "Dana Behind", "behind you")] {
      try tmux.type(word)
      try tmux.until("\(name) in the list") { $0.contains(name) && $0.contains("1 match") }
      try tmux.keys("Enter")
      try tmux.until("\(name)'s local time, hours and today", timeout: 30) { screen in
        screen.contains("Local time") && screen.contains(relation) && screen.contains("Hours")
          && screen.contains("Today")
      }
      try tmux.keys("Escape", "C-u")
    }
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)

    let small = try RosterInTmux(sharing: run)
    defer { small.tmux.kill() }
    try small.start(["--demo"], environment: environment, cols: 40, rows: 12)
    try small.tmux.until("the search screen", timeout: 45) { $0.contains("Search") }
    try small.tmux.type("priya")
    try small.tmux.until("Priya in the list") { $0.contains("Priya Ahead") }
    try small.tmux.keys("Enter")
    try small.tmux.until("her local time, even at 40 columns", timeout: 30) { screen in
      screen.contains("Local time") && screen.contains("ahead")
    }
    try small.tmux.keys("Escape", "C-u", "q")
    #expect(try small.waitForExit().status == 0)
  }
}
