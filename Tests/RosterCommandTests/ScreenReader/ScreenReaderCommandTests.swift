import Foundation
import TestSupport
import Testing

/// `roster --screen-reader` through the built binary (issue 44 item 3): on a pseudo-terminal, a
/// search, a card, the walk to the manager and back, and quitting, kept as a transcript a person
/// reads top to bottom (docs/screen-reader-transcript.txt); and `ACCESSIBLE` choosing the mode.
@Suite(.serialized) struct ScreenReaderCommandTests {
  /// The snapshot: in docs/, beside the guide that quotes it (a file in a test folder would be an
  /// unhandled resource of the target).
  static let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../docs/screen-reader-transcript.txt").standardizedFileURL

  static func count(_ text: String, in transcript: String) -> Int {
    transcript.components(separatedBy: text).count - 1
  }

  @Test func aSearchACardTheManagerAndBackOnATerminal() async throws {
    let home = TemporaryDirectory(prefix: "roster-screen-reader")
    defer { home.remove() }
    var environment = try CommandLineCommandTests.newUser(home.url).environment
    environment["TERM"] = "xterm-256color"
    environment["TZ"] = "UTC"
    let roster = try PseudoTerminalChild(arguments: ["--screen-reader", "--demo"], environment: environment)
    let card = "Action or search: "
    // Each line is typed once the prompt it answers is there, as a person would.
    let steps: [(keys: String, waitFor: String, times: Int)] = [
      ("", "Search: ", 1),
      // "zoo", Backspace, "e": the prompt is edited, not only appended to.
      ("zoo\u{7F}e\r", "Number or search: ", 1),
      ("1\r", card, 1),
      ("1\r", card, 2),
      ("b\r", card, 3),
      ("b\r", "Number or search: ", 2),
    ]
    for step in steps {
      roster.type(step.keys)
      let reached = await roster.waitFor { Self.count(step.waitFor, in: $0) >= step.times }
      #expect(reached, "waiting for \(step.waitFor) ×\(step.times):\n\(roster.transcript)")
      guard reached else {
        kill(roster.pid, SIGKILL)
        return
      }
    }
    roster.type("q\r")
    #expect(await roster.exitStatus() == 0)
    _ = await roster.waitFor { _ in false }
    let raw = roster.transcript
    #expect(ScreenReaderTranscript.foreignSequences(raw) == [], "\(raw.debugDescription)")
    let text = ScreenReaderTranscript.normalised(raw)
    #expect(text.contains("Card of Giuseppe Romano."))
    #expect(text.contains("Back to the card of Zoë Château."))
    for glyph in ["★", "●", "◎", "○", "…", "│"] { #expect(!text.contains(glyph), "\(glyph)") }
    try Self.compare(text)
  }

  /// The transcript against the snapshot: recorded when missing or with `RECORD_SNAPSHOTS=1`
  /// (and then failed, so a recording is looked at before it is trusted).
  static func compare(_ text: String) throws {
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: snapshot, encoding: .utf8) else {
      try text.write(to: snapshot, atomically: true, encoding: .utf8)
      Issue.record("Recorded \(snapshot.path); run again to compare.")
      return
    }
    let have = text.components(separatedBy: "\n")
    let want = expected.components(separatedBy: "\n")
    let differences = zip(want, have).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(5)
      .map { "line \($0.offset + 1): expected \($0.element.0.debugDescription), got \($0.element.1.debugDescription)" }
    #expect(text == expected, "\(differences.joined(separator: "\n"))\n\(text)")
  }

  @Test func accessibleChoosesTheLineModeAndZeroDoesNot() async throws {
    try await CommandLineCommandTests.asNewUser("roster-accessible") { roster in
      var on = roster.environment
      on["ACCESSIBLE"] = "1"
      let lines = try await RosterProcess(environment: on).run(["--demo"])
      #expect(lines.status == 0, "\(lines.stderr)")
      #expect(lines.stdout.hasPrefix("Roster, line by line."), "\(lines.stdout)")
      #expect(lines.stdout.contains("Search: "))
      #expect(!lines.stdout.contains("\u{1B}"), "\(lines.stdout.debugDescription)")

      for value in ["0", "false", "FALSE", ""] {
        var off = roster.environment
        off["ACCESSIBLE"] = value
        let screen = try await RosterProcess(environment: off).run(["--demo"])
        // The full-screen UI, which refuses a stdin that is no terminal.
        #expect(!screen.stdout.contains("Search: "), "ACCESSIBLE=\(value): \(screen.stdout)")
        #expect(screen.status != 0, "ACCESSIBLE=\(value)")
      }
    }
  }

  @Test func theHelpListsTheOption() async throws {
    try await CommandLineCommandTests.asNewUser("roster-screen-reader-help") { roster in
      let run = try await roster.run(["--screen-reader", "--demo", "--help"])
      #expect(run.status == 0)
      #expect(run.stdout.contains("--screen-reader"), "\(run.stdout)")
    }
  }
}
