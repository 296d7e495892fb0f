import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 32's mark: the person's own people carry ★ after their name in the list (counted in the
/// name column, never the part cut), and the pane says why, at every size.
@MainActor
@Suite struct YourPeopleSnapshotTests {
  static let people = [
    Person(id: "n1", displayName: "Anna Zetterlund", mail: "anna.zetterlund@contoso.com", jobTitle: "Designer"),
    Person(id: "n2", displayName: "Anna Aberg", mail: "anna.aberg@contoso.com", jobTitle: "Engineer"),
    Person(id: "n3", displayName: "Anna Berg", mail: "anna.berg@contoso.com", jobTitle: "Analyst"),
    Person(id: "n4", displayName: "Bo Anna", mail: "bo.anna@contoso.com", jobTitle: "Buyer"),
  ]

  static func state(rows: Int, cols: Int) -> AppState {
    var state = ScreenFixtures.main(rows: rows, cols: cols)
    state.field.query = "anna"
    state.search.status = .results
    state.search.results = people
    state.search.resultsQuery = CleanText(state.field.normalizedQuery)
    state.yourPeople.people = YourPeople(worksWith: ["n1", "n4"], worksWithReadAt: state.now)
    state.yourPeople.people.open("n4", at: state.now.addingTimeInterval(-3 * 86_400))
    state.selectPerson(at: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: people[0])))
    return state
  }

  @Test func theMarkFollowsTheNameAndThePaneSaysWhy() {
    for size in ViewControllerSnapshotTests.sizes {
      let root = RootViewController()
      var buffer = ScreenBuffer(rows: size.rows, cols: size.cols)
      root.render(Self.state(rows: size.rows, cols: size.cols), into: &buffer)
      assertSnapshot(buffer, named: "list-your-people-\(size.cols)x\(size.rows)")
      let text = (0..<buffer.rows).map { buffer.text(ofRow: $0) }.joined(separator: "\n")
      #expect(text.contains("Anna Zetterlund ★"))
      #expect(!text.contains("Anna Aberg ★"))
    }
    var buffer = ScreenBuffer(rows: 40, cols: 120)
    RootViewController().render(Self.state(rows: 40, cols: 120), into: &buffer)
    #expect((0..<buffer.rows).contains { buffer.text(ofRow: $0).contains("★ you work with them (Microsoft 365)") })
  }

  @Test func theMarkIsOneCellWide() {
    #expect(DisplayWidth.of(YourPeople.mark) == 1)
  }
}
