import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Close matches below the exact answer, under a divider that names the forgiven word, at every
/// size; the selection on a close match; a click on the divider selects no one.
@MainActor
@Suite struct CloseMatchSnapshotTests {
  static func state(rows: Int, cols: Int, selected: Int) -> AppState {
    var state = ScreenFixtures.main(rows: rows, cols: cols)
    state.field.query = "gupta aditya sh"
    state.search.status = .results
    let exact = [Person(id: "e1", displayName: "Aditya Gupta Shah", mail: "aditya.shah@contoso.com")]
    let close = [
      Person(id: "c1", displayName: "Aditya Gupta", mail: "aditya.gupta@contoso.com", jobTitle: "Engineer"),
      Person(id: "c2", displayName: "Aditya Gupte", mail: "aditya.gupte@contoso.com", jobTitle: "Analyst"),
    ]
    var answer = CachedResults(people: exact, next: nil, totalCount: nil)
    answer.close = CloseMatches(people: close, forgiven: "sh")
    state.search.answer = answer
    state.search.results = exact + close
    state.search.resultsQuery = CleanText(state.field.normalizedQuery)
    state.selectPerson(at: selected)
    state.detail.showPerson(.loading(state.search.results[selected]))
    return state
  }

  @Test func theDividerSitsAboveTheCloseMatches() {
    for size in ViewControllerSnapshotTests.sizes {
      let root = RootViewController()
      var buffer = ScreenBuffer(rows: size.rows, cols: size.cols)
      root.render(Self.state(rows: size.rows, cols: size.cols, selected: 1), into: &buffer)
      assertSnapshot(buffer, named: "list-close-matches-\(size.cols)x\(size.rows)")
    }
  }

  @Test func linesAndRowsDifferByTheDivider() {
    let rows = ListRows(Self.state(rows: 24, cols: 80, selected: 0))
    #expect(rows.count == 4 && rows.dividerLines.map(\.line) == [1])
    #expect((0..<4).map(rows.row(atLine:)) == [0, nil, 1, 2])
    #expect([0, 1, 2].map(rows.line(ofRow:)) == [0, 2, 3])
  }

  /// Groups listed above the people push the divider down by their rows; listing groups alone
  /// (Ctrl-G) draws none.
  @Test func groupsAboveThePeopleMoveTheDivider() {
    var state = Self.state(rows: 24, cols: 80, selected: 0)
    state.groups.isEnabled = true
    state.groups.results = [Group(id: "g1", displayName: "Gupta Fans")]
    state.groups.resultsQuery = state.field.normalizedQuery
    let rows = ListRows(state)
    #expect(rows.count == 5 && rows.dividerLines.map(\.line) == [2])
    #expect((0..<5).map(rows.row(atLine:)) == [0, 1, nil, 2, 3])
    state.list.kind = .groups
    #expect(ListRows(state).dividerLines.isEmpty && ListRows(state).count == 1)
  }

  /// Rooms follow the people below a divider of their own, so none reads as a close match; listed
  /// alone (Ctrl-G) they need none.
  @Test func roomsFollowThePeopleBelowTheirOwnDivider() {
    var state = Self.state(rows: 24, cols: 80, selected: 0)
    state.rooms.isEnabled = true
    state.rooms.results = [Room(id: "r1", displayName: "Gupta Room")]
    state.rooms.resultsQuery = state.field.normalizedQuery
    let rows = ListRows(state)
    #expect(rows.dividerLines.map(\.line) == [1, 4])
    #expect(rows.dividerLines.map(\.label).last == "rooms")
    #expect((0..<6).map(rows.row(atLine:)) == [0, nil, 1, 2, nil, 3])
    #expect([0, 1, 2, 3].map(rows.line(ofRow:)) == [0, 2, 3, 5])
    state.list.kind = .rooms
    #expect(ListRows(state).dividerLines.isEmpty && ListRows(state).count == 1)
  }
}
