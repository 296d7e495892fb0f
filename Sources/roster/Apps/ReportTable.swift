import Foundation
import TerminalUI

/// `TextTable.render`'s table — every column kept (`keepEmpty`), fitted to the terminal by
/// `ColumnFit.chosen` when there is one, at most `TextTable.pipedColumnLimit` cells a column when
/// piped, trailing spaces cut — made for reports of tens of thousands of lines (`roster apps
/// --expiring`, issue 42): each cell is measured once, a cell that fits is copied and padded as
/// bytes (only a cell wider than its column goes through `Truncation`), and the lines are one
/// buffer. The output is `TextTable.render`'s, byte for byte, for tables without address columns
/// (`TextTable.addressHeaders`), which this one never cuts at a domain.
enum ReportTable {
  /// `cells`: the rows' cells one row after another, `headers.count` a row.
  static func render(_ headers: [String], _ cells: [String], width: Int?, kept: Int) -> String {
    let count = headers.count
    guard count > 0, !cells.isEmpty else { return "" }
    let headerWidths = headers.map(cellsOf)
    var cellWidths = [Int](repeating: 0, count: cells.count)
    var natural = headerWidths
    var measured = 0
    for index in cells.indices {
      let cells = cellsOf(cells[index])
      cellWidths[index] = cells
      natural[index % count] = max(natural[index % count], cells)
      measured += cells
    }
    natural = natural.map { min($0, TextTable.pipedColumnLimit) }
    var shown = Array(0..<count)
    var widths = natural
    if let width {
      let columns = (0..<count).map { column in
        let needs = column < max(kept, 1) ? natural[column] : ColumnFit.minimumUseful
        return ColumnFit.Column(natural: natural[column], needs: max(needs, headerWidths[column]))
      }
      let chosen = ColumnFit.chosen(columns, into: width, gap: TextTable.columnGap.count, kept: kept)
      shown = chosen.indices.filter { chosen[$0] != nil }
      widths = shown.compactMap { chosen[$0] }
    }
    // Padding of every width a column can need, made once.
    let pads = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
    let last = shown.count - 1
    var output = ""
    output.reserveCapacity(2 * measured + (cells.count / count + 1) * (widths.reduce(0, +) + 2 * count + 1))
    func append(_ cell: String, cells: Int, place: Int) {
      if place > 0 { output.append(TextTable.columnGap) }
      let limit = widths[place]
      if cells <= limit {
        output.append(cell)
        if place != last, limit > cells { output.append(pads[limit - cells]) }
      } else {
        output.append(place == last ? Truncation.truncate(cell, toWidth: limit) : Truncation.fit(cell, toWidth: limit))
      }
    }
    var start = 0
    for (place, column) in shown.enumerated() {
      append(headers[column], cells: headerWidths[column], place: place)
    }
    endLine(&output, from: start)
    var first = 0
    while first < cells.count {
      start = output.utf8.count
      for (place, column) in shown.enumerated() {
        append(cells[first + column], cells: cellWidths[first + column], place: place)
      }
      endLine(&output, from: start)
      first += count
    }
    return output
  }

  /// Cells a cell occupies: its bytes when they are all printable ASCII (nearly every cell),
  /// else `DisplayWidth.of`.
  private static func cellsOf(_ text: String) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    return ascii == true ? text.utf8.count : DisplayWidth.of(text)
  }

  /// Ends the line that started at UTF-8 offset `start`: its trailing space characters cut, as
  /// `TextTable.render` cuts them (compared as characters, so a space joined to a mark before it
  /// stays), then a line feed.
  private static func endLine(_ output: inout String, from start: Int) {
    while output.utf8.count > start, output.utf8.last == UInt8(ascii: " "), output.last == " " {
      output.removeLast()
    }
    output.append("\n")
  }
}
