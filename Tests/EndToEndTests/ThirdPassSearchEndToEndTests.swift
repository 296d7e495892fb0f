import Foundation
import TestSupport
import Testing

/// Issue 40 items 15 to 17 in the real binary over a synced demo index, as a newcomer meets them:
/// a question of syntax is answered with the fix (never "Ctrl-R to try again").
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct ThirdPassSearchEndToEndTests {
  static var people: [[String: Any]] {
    var people = ManagerSyntaxPeople.people
    let long = "karthik.krishnamurthy@research.eu.contoso.onmicrosoft.com"
    people.append(["id": "k1", "displayName": "Karthik Krishnamurthy", "userPrincipalName": long, "mail": long])
    return people
  }

  /// Item 15: `manager:charlotte williams` says how to quote it, and offers no retry.
  @Test func anUnquotedNameWithASpaceIsToldToQuoteItWithoutARetry() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.startDemo(people: Self.people, cols: 100, rows: 30)
    try run.tmux.type("manager:charlotte williams")
    try run.tmux.until("the quoting advice") { $0.contains("manager:\"Charlotte Williams\"") }
    let screen = try run.tmux.capture()
    #expect(screen.contains("Quote a name with spaces"), "\(screen)")
    #expect(!screen.contains("Ctrl-R"), "\(screen)")
  }

  /// Item 10: the list's address keeps its user name whole and its start, the domain cut.
  @Test(arguments: [(100, 30), (120, 40)])
  func theListKeepsTheUserNameWhole(cols: Int, rows: Int) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.startDemo(people: Self.people, cols: cols, rows: rows)
    try run.tmux.type("karthik")
    try run.tmux.until("Karthik in the list") { $0.contains("1 match") }
    let row = try #require(
      try run.tmux.capture().split(separator: "\n").first { $0.hasPrefix(">") && $0.contains("Karthik Krishnamurthy") })
    // The user name whole, or (where the list is too narrow for it beside the name) no address.
    let address = row.split(separator: "│")[0].split(separator: " ").last { $0.hasPrefix("karthik.") }
    #expect(address.map { $0.hasPrefix("karthik.krishnamurthy@") } ?? (cols < 120), "\(row)")
  }

  /// Items 16 and 17: the field, the empty list and `?` name the filters and lookups; four digits
  /// say how many a phone lookup needs, and a whole number finds its owner.
  @Test func filtersAndLookupsAreNamedAndAShortNumberSaysWhatItNeeds() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.startDemo(people: Self.people, cols: 120, rows: 40)
    let empty = try run.tmux.capture()
    #expect(empty.contains("Search:   name, mail, phone,") && empty.contains("? lists all"), "\(empty)")
    #expect(empty.contains("employee id finds people too; ? lists them."), "\(empty)")
    try run.tmux.type("?")
    try run.tmux.until("the help's search section") { $0.contains("In the search field") }
    let help = try run.tmux.capture()
    for typed in ["manager:NAME", "under:NAME", "+1 425 555 0100", "smtp:ann@contoso.com", "100123", "is:guest"] {
      #expect(help.contains(typed), "\(typed) in \(help)")
    }
    try run.tmux.keys("Escape")
    try run.tmux.until("the help closed") { !$0.contains("In the search field") }
    try run.tmux.type("5555")
    try run.tmux.until("the digits a phone lookup needs") {
      $0.contains("A phone number is looked up from 7 digits on; 4 typed.")
    }
    try run.tmux.type(" 5309")
    try run.tmux.until("the number's owner") { $0.contains("Ravi Shah") }
  }

  /// Items 10 and 11: `roster --demo search` on a 40- and a 60-column terminal: whole names and
  /// whole user names, the title and department left out rather than cut to stubs, and every
  /// address cut only at its end.
  @Test(arguments: [40, 60])
  func theTableLeavesColumnsOutBeforeANameIsCut(cols: Int) throws {
    let binary = try #require(RosterBinary.url, "roster binary not found next to the tests; run `swift build` first")
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-e2e-table-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let tmux = Tmux()
    defer {
      tmux.kill()
      try? FileManager.default.removeItem(at: work)
    }
    func person(_ id: String, _ name: String, _ mail: String, _ title: String) -> [String: Any] {
      [
        "id": id, "displayName": name, "userPrincipalName": mail, "mail": mail, "jobTitle": title,
        "department": "Research & Development",
      ]
    }
    let people = [
      person("k1", "Karthik Krishnamurthy", "karthik.krishnamurthy@contoso.onmicrosoft.com", "Principal Engineer"),
      person("k2", "Karthik Rao", "karthik.rao@contoso.onmicrosoft.com", "Site Reliability Engineer"),
    ]
    try JSONSerialization.data(withJSONObject: people).write(to: work.appendingPathComponent("people.json"))
    let dir = work.path
    let command =
      "env LANG=C.UTF-8 HOME='\(dir)' XDG_STATE_HOME='\(dir)/state' XDG_CONFIG_HOME='\(dir)/config'"
      + " XDG_CACHE_HOME='\(dir)/cache' ROSTER_DEMO_PEOPLE='\(dir)/people.json' '\(binary.path)' --demo search karthik;"
      + " echo done; sleep 600"
    try tmux.start(command: command, cols: cols, rows: 20)
    try tmux.until("the table") { $0.contains("done") }
    let lines = try tmux.capture().split(separator: "\n").map(String.init).filter { $0.hasPrefix("Karthik") }
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Karthik Krishnamurthy") && !$0.hasPrefix("Karthik Krishnamurthy…") })
    if cols >= 60 {
      #expect(lines.contains { $0.hasPrefix("Karthik Krishnamurthy  karthik.krishnamurthy@") }, "\(lines)")
      #expect(lines.contains { $0.hasPrefix("Karthik Rao") && $0.contains("karthik.rao@") }, "\(lines)")
    } else {
      // 21 + 2 + 22 cells of name and user name do not fit in 40: the mail column goes whole.
      #expect(!lines.contains { $0.contains("karthik.") }, "\(lines)")
    }
    for line in lines {
      #expect(line.count <= cols, "\(line)")
      // A column is at least ten cells or absent: no "Job t…" or "Depar…" stubs.
      let cells = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(!cells.contains { $0.hasSuffix("…") && $0.count < 10 }, "\(line)")
    }
  }
}
