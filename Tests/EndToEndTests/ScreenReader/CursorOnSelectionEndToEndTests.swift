import Foundation
import TestSupport
import Testing

/// Issue 44 item 1, as tmux sees it: `roster --demo` in tmux, and after each key of the walk
/// (typing, Down ×5, Enter, Tab, Esc) tmux's own cursor (`#{cursor_x},#{cursor_y}`) stands on the
/// selected row of the focused pane, or in the search field while typing — where a screen reader
/// attached to the terminal reads.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed")) struct CursorOnSelectionEndToEndTests {
  struct Step: Sendable {
    var name: String
    var keys: [String]
    var expect: CursorExpectation
  }

  /// Typing, Down ×5, Enter (the focus to the pane; at 40×12 it covers the list), Tab (back to
  /// the list), Esc (the query cleared).
  static let walk: [Step] =
    [Step(name: "typing", keys: ["-l", "a"], expect: .inField(query: "a"))]
    + (1...5).map { Step(name: "Down ×\($0)", keys: ["Down"], expect: .onListSelection) }
    + [
      Step(name: "Enter", keys: ["Enter"], expect: .onPane),
      Step(name: "Tab", keys: ["Tab"], expect: .onListSelection),
      Step(name: "Esc", keys: ["Escape"], expect: .inField(query: "")),
    ]

  @Test(arguments: [(24, 80), (12, 40), (40, 120)])
  func tmuxFindsTheCursorOnTheSelectionAfterEveryKey(rows: Int, cols: Int) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try run.start(["--demo"], cols: cols, rows: rows)
    try tmux.until("the search screen", timeout: 60) { $0.contains("Search:") }
    for step in Self.walk {
      try run.settle(step.name) { try tmux.tmux(["send-keys", "-t", tmux.session] + step.keys) }
      var last = ""
      let placed = try tmux.until("the cursor \(step.expect) after \(step.name) at \(cols)×\(rows)") { screen in
        guard let cursor = try? tmux.cursor() else { return false }
        last = "\(cursor)"
        // tmux's capture drops trailing blanks; the expectation reads the lines as drawn.
        return step.expect.holds(
          lines: screen.components(separatedBy: "\n"), row: cursor.row, col: cursor.col)
      }
      #expect(placed, "after \(step.name): cursor \(last)")
    }
  }
}
