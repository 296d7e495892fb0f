import Foundation
import TestSupport
import Testing

/// Issue 28 items 8 and 10 through the real binary: `roster search` on an 80-column terminal cuts
/// title and department before addresses; the full-screen list keeps whole names side by side;
/// `roster groups members` names each device by its id, not "device  device".
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct NamesBeforeAddressesEndToEndTests {
  static let title = "Principal Customer Success Engineering Manager"
  static let department = "Customer Success and Support Operations"

  static func peopleFile(in directory: URL) throws -> URL {
    let people: [[String: Any]] = [
      [
        "id": "d1", "displayName": "Diarmuid O'Connor", "userPrincipalName": "diarmuid.oconnor@contoso.onmicrosoft.com",
        "mail": "diarmuid.oconnor@contoso.onmicrosoft.com", "jobTitle": title, "department": department,
      ],
      [
        "id": "d2", "displayName": "Diarmuid O'Connor",
        "userPrincipalName": "diarmuid.oconnor2@contoso.onmicrosoft.com",
        "mail": "diarmuid.oconnor2@contoso.onmicrosoft.com", "jobTitle": title, "department": department,
      ],
    ]
    let file = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    return file
  }

  /// Runs `roster ARGUMENTS` in an 80×24 tmux window (stdout a terminal) and returns the screen
  /// once `done` holds.
  static func command(
    _ arguments: [String], in run: RosterInTmux, environment: [String: String] = [:],
    until done: @escaping (String) -> Bool
  ) throws -> String {
    let binary = try #require(RosterBinary.url)
    let dir = run.work.path
    let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let variables = environment.map { "\($0.key)=\(quote($0.value))" }.sorted().joined(separator: " ")
    let line =
      "env TERM=xterm-256color LANG=C.UTF-8 HOME=\(quote(dir)) XDG_STATE_HOME=\(quote(dir + "/state")) "
      + "XDG_CONFIG_HOME=\(quote(dir + "/config")) XDG_CACHE_HOME=\(quote(dir + "/cache")) \(variables) "
      + ([binary.path] + arguments).map(quote).joined(separator: " ") + "; echo END-OF-RUN; sleep 600"
    try run.tmux.start(command: line, cols: 80, rows: 24)
    try run.tmux.until("the command's output", timeout: 60) { $0.contains("END-OF-RUN") && done($0) }
    return try run.tmux.capture()
  }

  @Test func searchTableKeepsAddressesWholeAt80Columns() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let people = try Self.peopleFile(in: run.work)
    let screen = try Self.command(
      ["search", "diarmuid", "--demo"], in: run, environment: ["ROSTER_DEMO_PEOPLE": people.path]
    ) { $0.contains("Diarmuid") }
    #expect(screen.contains("diarmuid.oconnor@contoso.onmicrosoft.com"), "\(screen)")
    #expect(screen.contains("diarmuid.oconnor2@contoso.onmicrosoft.com"), "\(screen)")
    #expect(screen.contains("Diarmuid O'Connor  "), "the name whole: \(screen)")
    #expect(!screen.contains(Self.title), "the title is what is cut: \(screen)")
  }

  @Test func groupMembersNameDevicesByTheirIds() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let screen = try Self.command(["groups", "members", "Build Agents", "--demo"], in: run) {
      $0.contains("Build Agents:")
    }
    #expect(!screen.contains("device           device"), "\(screen)")
    let deviceRows = screen.split(separator: "\n").filter { $0.contains("  device") }
    #expect(deviceRows.count == 4, "\(screen)")
    // Each device row starts with its name (the demo reads with Directory.Read.All), or its id
    // where Graph gives none, so the four differ.
    #expect(Set(deviceRows.map { $0.prefix(36) }).count == 4, "\(screen)")
  }

  /// Side by side at 120 columns the Greek names were cut to "Αλέξανδρος Π…".
  @Test func listKeepsWholeNamesSideBySide() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.start(["--demo"], cols: 120, rows: 40)
    try run.tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try run.tmux.type("alexandros")
    try run.tmux.until("the Greek names, whole") {
      $0.contains("Αλέξανδρος Παπαδόπουλος") && $0.contains("Αλέξανδρος Αθανασίου") && $0.contains("alexandros.")
    }
    let screen = try run.tmux.capture()
    #expect(!screen.contains("Αλέξανδρος Π…"), "\(screen)")
  }
}
