import Foundation
import Testing

@testable import TerminalUI

/// Issue 40 item 10 (after issue 28 item 8): an address keeps its start in every width, its
/// domain cut first, then left out; the user name is never cut in the middle, so the list and the
/// table widen the column for it or leave the column out (`PeopleColumns`, `ColumnFit.chosen`).
@Suite struct AddressFitTests {
  @Test func theDomainGoesFirstThenWhole() {
    let address = "karthik.krishnamurthy@contoso.onmicrosoft.com"
    #expect(Truncation.fitAddress(address, toWidth: 30) == "karthik.krishnamurthy@contoso…")
    #expect(Truncation.fitAddress(address, toWidth: 24) == "karthik.krishnamurthy@c…")
    // No room for a cell of the domain and its "…": the domain is left out, the "@" kept.
    #expect(Truncation.fitAddress(address, toWidth: 23) == "karthik.krishnamurthy@ ")
    #expect(Truncation.fitAddress(address, toWidth: 22) == "karthik.krishnamurthy@")
    #expect(Truncation.addressUserWidth(address) == 22)
  }

  @Test func namesakesStayApartWhereTheColumnHoldsTheirUserNames() {
    let first = Truncation.fitAddress("alexandros.papadopoulos@contoso.onmicrosoft.com", toWidth: 25)
    let second = Truncation.fitAddress("alexandros.papadopoulos2@contoso.onmicrosoft.com", toWidth: 25)
    #expect(
      first != second && first.hasPrefix("alexandros.papadopoulos@") && second.hasPrefix("alexandros.papadopoulos2@"))
  }

  @Test func everyWidthKeepsTheStartAndNoMiddleIsCut() {
    let address = "salim.ali@contoso.onmicrosoft.com"
    for width in 0...40 {
      let fitted = Truncation.fitAddress(address, toWidth: width)
      #expect(DisplayWidth.of(fitted) == width)
      let shown = fitted.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "…", with: "")
      #expect(address.hasPrefix(shown), "\(width): \(fitted)")
    }
    #expect(
      Truncation.fitAddress("no-at-sign-here-at-all", toWidth: 8)
        == Truncation.fit("no-at-sign-here-at-all", toWidth: 8))
  }

  /// The list's address column holds the widest user name shown: a name that leaves less spans
  /// its own row.
  @Test func theListsColumnHoldsTheWidestUserName() {
    let columns = PeopleColumns(
      total: 59, names: [21, 16, 14], address: 45, title: nil, presence: nil, addressUser: 22)
    #expect(columns.address.map { $0 >= 22 } == true && columns.name + 1 + (columns.address ?? 0) <= 59, "\(columns)")
    // No name leaves room for a 22-cell user name: 13 cells, where that row shows no address.
    let cut = PeopleColumns(total: 30, names: [21, 16], address: 45, title: nil, presence: nil, addressUser: 22)
    #expect(cut.name == 16 && cut.address == 13, "\(cut)")
    #expect(
      Truncation.fitAddress("karthik.krishnamurthy@contoso.com", toWidth: 13) == String(repeating: " ", count: 13))
  }

  /// Whole columns go before a name is cut or a title becomes a stub (issue 40 item 11).
  @Test func wholeColumnsGoBeforeANameIsCut() {
    let name = ColumnFit.Column(natural: 18, needs: 18)
    let mail = ColumnFit.Column(natural: 38, needs: 20)
    let title = ColumnFit.Column(natural: 25, needs: ColumnFit.minimumUseful)
    let department = ColumnFit.Column(natural: 22, needs: ColumnFit.minimumUseful)
    let all = [name, mail, title, department]
    // The mail whole goes before a title is shown (issue 28), then its domain before the name is cut.
    #expect(ColumnFit.chosen(all, into: 40, gap: 2, kept: 2) == [18, 20, nil, nil])
    #expect(ColumnFit.chosen(all, into: 80, gap: 2, kept: 2) == [18, 38, 20, nil])
    #expect(ColumnFit.chosen(all, into: 60, gap: 2, kept: 2) == [18, 38, nil, nil])
    #expect(ColumnFit.chosen(all, into: 200, gap: 2, kept: 2) == [18, 38, 25, 22])
    // Too narrow for the mail's user name: the mail goes too, and the name is whole.
    #expect(ColumnFit.chosen(all, into: 30, gap: 2, kept: 2) == [18, nil, nil, nil])
    // Only a name wider than the whole width is cut.
    #expect(ColumnFit.chosen(all, into: 12, gap: 2, kept: 2) == [12, nil, nil, nil])
  }
}
