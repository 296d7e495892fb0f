import Foundation
import TerminalUI

/// The CLI's one text table and one CSV (people, chosen columns, groups, members, rooms,
/// sign-ins): columns fitted to the terminal's width when there is one (`ColumnFit.chosen`:
/// whole columns after the first `kept` are left out before a name is cut, an address keeps its
/// user name), columns after them left out when no row fills them (unless the person chose the
/// columns), trailing spaces trimmed.
///
/// Without a terminal (piped, redirected) no column is wider than `pipedColumnLimit` cells: a
/// directory entry with a 2,000-character name otherwise pushed every other row's next column
/// 2,000 cells to the right. Whole values are what `--csv` and `--json` are for.
enum TextTable {
  static let columnGap = "  "
  static let minimumColumnWidth = 6
  static let pipedColumnLimit = 60

  /// Headers whose cells are mail addresses: cut at the domain, never inside the user name.
  static let addressHeaders: Set<String> = ["Mail", "mail", "userPrincipalName"]

  /// Nothing for no rows (the command says so on stderr).
  static func render(
    _ headers: [String], _ cells: [[String]], width: Int?, kept: Int = 2, keepEmpty: Bool = false
  ) -> String {
    guard !cells.isEmpty else { return "" }
    var shown = headers.indices.filter { column in
      keepEmpty || column < kept || cells.contains { !$0[column].isEmpty }
    }
    var rows = ([headers] + cells).map { row in shown.map { row[$0] } }
    let natural = shown.indices.map { column in
      min(rows.map { DisplayWidth.of($0[column]) }.max() ?? 0, pipedColumnLimit)
    }
    let isAddress = shown.map { addressHeaders.contains(headers[$0]) }
    var widths = natural
    if let width {
      // Whole columns go before a name is cut or a title becomes a stub (`ColumnFit.chosen`).
      let columns = shown.indices.map { column in
        let needs =
          column == 0
          ? natural[column]
          : isAddress[column]
            ? rows.dropFirst().map { Truncation.addressUserWidth($0[column]) }.max() ?? 0
            : column < kept ? natural[column] : ColumnFit.minimumUseful
        return ColumnFit.Column(natural: natural[column], needs: max(needs, DisplayWidth.of(rows[0][column])))
      }
      let chosen = ColumnFit.chosen(columns, into: width, gap: columnGap.count, kept: kept)
      let kept = chosen.indices.filter { chosen[$0] != nil }
      widths = kept.compactMap { chosen[$0] }
      rows = rows.map { row in kept.map { row[$0] } }
      shown = kept.map { shown[$0] }
    }
    let addresses = shown.map { addressHeaders.contains(headers[$0]) }
    return rows.enumerated().map { number, row in
      var line = ""
      for column in row.indices {
        let cell =
          number > 0 && addresses[column]
          ? Truncation.fitAddress(row[column], toWidth: widths[column])
          : column == row.count - 1
            ? Truncation.truncate(row[column], toWidth: widths[column])
            : Truncation.fit(row[column], toWidth: widths[column])
        line += (column == 0 ? "" : columnGap) + cell
      }
      // Trailing spaces are cut from the end alone (a report has tens of thousands of lines).
      var end = line.endIndex
      while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
      return String(line[..<end])
    }.joined(separator: "\n") + "\n"
  }

  /// Column widths that fit `total` cells: the later columns give up cells first, the first
  /// `kept` (what tells two rows apart, such as name and mail) only after them (issue 28 item 8).
  static func fitted(_ natural: [Int], into total: Int, kept: Int = 2) -> [Int] {
    ColumnFit.fitted(natural, into: total, gap: columnGap.count, kept: kept, minimum: minimumColumnWidth)
  }

  /// RFC 4180 lines (CRLF), every field quoted when it needs to be (`PeopleOutput.csvField`).
  static func csv(_ header: [String], _ rows: [[String]]) -> String {
    ([header] + rows).map { $0.map(PeopleOutput.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }
}
