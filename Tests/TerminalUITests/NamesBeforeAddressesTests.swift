import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 28 item 8: names get their full width before addresses, in the list and in the CLI's
/// table; titles and departments are cut before addresses.
@MainActor
@Suite struct NamesBeforeAddressesTests {
  static let greeks = [
    Person(
      id: "a", displayName: "Αλέξανδρος Παπαδόπουλος", mail: "alexandros.papadopoulos@contoso.onmicrosoft.com",
      jobTitle: "Engineer"),
    Person(
      id: "b", displayName: "Αλέξανδρος Παπαδημητρίου", mail: "alexandros.papadimitriou@contoso.onmicrosoft.com",
      jobTitle: "Engineer"),
  ]

  static func list(cols: Int, rows: Int) -> [String] {
    var state = ScreenFixtures.results(rows: rows, cols: cols)
    state.field.query = "alexandros"
    state.search.resultsQuery = "alexandros"
    state.search.results = greeks
    state.search.answer = CachedResults(people: greeks, next: nil, totalCount: nil)
    state.selectPerson(at: 0)
    state.detail.showPerson(.loading(greeks[0]))
    var buffer = ScreenBuffer(rows: rows, cols: cols)
    RootViewController().render(state, into: &buffer)
    return (0..<buffer.rows).map { buffer.text(ofRow: $0) }
  }

  /// Side by side at 100 and 120 columns the names were cut to "Αλέξανδρος Π…" for both people.
  @Test(arguments: [(80, 24), (100, 30), (120, 40)])
  func wholeNamesInTheListAtEveryWidth(cols: Int, rows: Int) {
    let lines = Self.list(cols: cols, rows: rows)
    for person in Self.greeks {
      let name = person.displayName!.string
      #expect(
        lines.contains { $0.contains(name) }, "\(cols)×\(rows): \(name) whole in\n\(lines.joined(separator: "\n"))")
    }
  }

  @Test func tableCutsTitleAndDepartmentBeforeTheMail() {
    // Name 17, mail 38, title 31, department 22 in 80 cells with two-cell gaps.
    let widths = ColumnFit.fitted([17, 38, 31, 22], into: 80, gap: 2)
    #expect(widths[0] == 17 && widths[1] == 38, "\(widths)")
    #expect(widths.reduce(0, +) + 6 <= 80, "\(widths)")
    // Too narrow even for minimal titles: then the mail and name give up cells, widest first.
    #expect(ColumnFit.fitted([17, 38, 31, 22], into: 60, gap: 2) == [17, 25, 6, 6])
  }
}
