import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 40 item 23 through the real binary in tmux: side by side at 120×40 the list is sized by
/// what it holds (59 columns, names and addresses whole) beside a pane as wide as its photo and
/// fields need, and the divider stays put while typing.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed")) struct SplitEndToEndTests {
  @Test func theListGetsTheColumnsItsRowsNeed() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try ScreenFixesEndToEndTests.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 120, rows: 40)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    let divider = Layout.listCols(120)
    #expect(divider == 59)
    /// Every body row has the divider at the list's width (the people file is one-cell Latin).
    func dividedAt(_ screen: String) -> Bool {
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(38).map(Array.init)
      return rows.allSatisfy { $0.count > divider && $0[divider] == "│" }
    }
    for query in ["a", "ao", "aoife", "rahul"] {
      try tmux.keys("C-u")
      try tmux.type(query)
      try tmux.until("\(query): the list 59 columns wide") { screen in
        screen.contains("Search: \(query)") && dividedAt(screen)
      }
    }
    try tmux.until("Rahul's row whole: name and address") {
      $0.contains("Rahul Gupta") && $0.contains("rahul@contoso.com")
    }
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }
}
