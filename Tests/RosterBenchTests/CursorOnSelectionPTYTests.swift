import Foundation
import TestSupport
import Testing

@testable import roster_bench

/// Issue 44 item 1, read from the byte stream: `roster --demo` on a pseudo-terminal of its own,
/// every byte it writes fed through a terminal emulator, so the cursor is where the bytes leave
/// it (ncurses' last move, the overlays' save and restore, the explicit move after them). After
/// each key roster settles (its idle file is touched once the settled frame is written) and the
/// cursor must then stand on the selected row of the focused pane, or in the field while typing.
@Suite(.serialized) struct CursorOnSelectionPTYTests {
  struct Step: Sendable {
    var name: String
    var keys: String
    var expect: CursorExpectation
  }

  static let down = "\u{1B}[B"

  /// Typing, Down ×5, Enter, Tab, Esc — the walk — with where the cursor belongs after
  /// each: Enter moves the focus to the pane (at 40×12 it covers the list), Tab back to the list,
  /// Esc clears the query.
  static let walk: [Step] =
    [Step(name: "typing", keys: "a", expect: .inField(query: "a"))]
    + (1...5).map { Step(name: "Down ×\($0)", keys: down, expect: .onListSelection) }
    + [
      Step(name: "Enter", keys: "\r", expect: .onPane),
      Step(name: "Tab", keys: "\t", expect: .onListSelection),
      Step(name: "Esc", keys: "\u{1B}", expect: .inField(query: "")),
    ]

  @Test(arguments: [(24, 80), (12, 40), (40, 120)])
  func theCursorStandsOnTheSelectionAfterEveryKey(rows: Int, cols: Int) throws {
    let binary = try #require(TerminalGraphicsPTYTests.roster, "roster binary not built next to the tests")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-cursor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let idle = home.appendingPathComponent("idle")
    let environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "PATH": "/usr/bin:/bin",
      "XDG_STATE_HOME": home.path + "/state", "XDG_CONFIG_HOME": home.path + "/config",
      "XDG_CACHE_HOME": home.path + "/cache",
    ]
    let session = try PTYSession(
      executable: binary, arguments: ["--demo", "--idle-file", idle.path], environment: environment, rows: rows,
      cols: cols)
    defer { session.terminate() }
    try #require(session.waitForScreen(timeout: 60) { $0.contains("Search:") } != nil, "never signed in")
    try Self.waitForFile(idle)
    for step in Self.walk {
      try? FileManager.default.removeItem(at: idle)
      _ = session.send(step.keys)
      try Self.waitForFile(idle)
      // The settled frame has been written; its bytes may still be on their way through the pty.
      let expectation = step.expect
      let placed = session.waitForScreen(timeout: 30) { screen in
        expectation.holds(lines: screen.lines, row: screen.cursor.row, col: screen.cursor.col)
      }
      let cursor = session.cursor()
      let screen = session.screenLines().joined(separator: "\n")
      #expect(
        placed != nil,
        Comment(
          rawValue: "after \(step.name) at \(cols)×\(rows) the cursor is at \(cursor), not \(expectation):\n\(screen)"))
    }
  }

  /// Waits for roster to touch its idle file (an event; the limit only bounds a failure).
  static func waitForFile(_ file: URL, timeout: TimeInterval = 60) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !FileManager.default.fileExists(atPath: file.path) {
      guard Date() < deadline else { throw BenchError("roster never settled (no \(file.lastPathComponent) file)") }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }
}
