import Foundation
import RosterCore
import TerminalUI

/// `TextTable.render`'s table — every column kept (`keepEmpty`), fitted to the terminal by
/// `ColumnFit.chosen` when there is one, at most `TextTable.pipedColumnLimit` cells a column when
/// piped, trailing spaces cut — made for reports of tens of thousands of lines (`roster apps
/// --expiring`, issue 42): each cell is measured once, a cell that fits is copied and padded as
/// bytes (only a cell wider than its column goes through `Truncation`), and the lines are one
/// buffer. The output is `TextTable.render`'s, byte for byte, for tables without address columns
/// (`TextTable.addressHeaders`), which this one never cuts at a domain.
enum ReportTable {
  /// The rows' cells one row after another, as UTF-8 bytes in one buffer with each cell's end and
  /// width: filled once, then measured and copied without a `String` a cell to retain and release
  /// (issue 42: the strings' reference counting was most of printing ten thousand rows).
  struct Cells {
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []
    /// Terminal cells each takes: its bytes when they are all printable ASCII (nearly every
    /// cell), else `DisplayWidth.of`.
    private(set) var widths: [Int] = []

    /// Cells a row.
    let columns: Int

    init(columns: Int, rows: Int, bytes: Int) {
      self.columns = columns
      let count = columns * rows
      ends.reserveCapacity(count)
      widths.reserveCapacity(count)
      self.bytes.reserveCapacity(bytes)
    }

    var count: Int { ends.count }

    mutating func append(_ text: String) {
      let start = bytes.count
      var printable = true
      let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
        bytes.append(contentsOf: utf8)
        printable = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      }
      if copied == nil {
        bytes.append(contentsOf: text.utf8)
        printable = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      }
      widths.append(printable ? bytes.count - start : DisplayWidth.of(text))
      ends.append(bytes.count)
    }

    /// A text whose bytes are at hand (a column SQLite holds), cleaned as `CleanText` cleans it:
    /// printable ASCII within the cap is kept as it is, anything else goes through `CleanText`.
    /// Nil is an empty cell.
    mutating func append(cleaning text: UnsafeBufferPointer<UInt8>?) {
      guard let text else { return append("") }
      if text.count <= CleanText.defaultMaxCharacters, text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
        bytes.append(contentsOf: text)
        widths.append(text.count)
        ends.append(bytes.count)
      } else {
        append(CleanText(String(decoding: text, as: UTF8.self)).string)
      }
    }

    /// The text of cell `index`, as appended.
    func text(_ index: Int) -> String {
      String(decoding: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
    }

    /// The cells as buffers, `columns` a row, for the lines' loop.
    struct Buffers {
      let bytes: UnsafeBufferPointer<UInt8>
      let ends: UnsafeBufferPointer<Int>
      let widths: UnsafeBufferPointer<Int>
      let columns: Int

      func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }
    }

    func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { bytes in
        ends.withUnsafeBufferPointer { ends in
          widths.withUnsafeBufferPointer { widths in
            body(Buffers(bytes: bytes, ends: ends, widths: widths, columns: columns))
          }
        }
      }
    }
  }

  /// `cells`: `headers.count` a row; `order`: the rows' order when it is not theirs.
  static func render(_ headers: [String], _ cells: Cells, width: Int?, kept: Int, order: [Int]? = nil) -> [UInt8] {
    let count = headers.count
    guard count > 0, count == cells.columns, cells.count > 0 else { return [] }
    var head = Cells(columns: count, rows: 1, bytes: 128)
    for header in headers { head.append(header) }
    var natural = head.widths
    for index in 0..<cells.count { natural[index % count] = max(natural[index % count], cells.widths[index]) }
    natural = natural.map { min($0, TextTable.pipedColumnLimit) }
    var shown = Array(0..<count)
    var widths = natural
    if let width {
      let columns = (0..<count).map { column in
        let needs = column < max(kept, 1) ? natural[column] : ColumnFit.minimumUseful
        return ColumnFit.Column(natural: natural[column], needs: max(needs, head.widths[column]))
      }
      let chosen = ColumnFit.chosen(columns, into: width, gap: TextTable.columnGap.count, kept: kept)
      shown = chosen.indices.filter { chosen[$0] != nil }
      widths = shown.compactMap { chosen[$0] }
    }
    var output: [UInt8] = []
    output.reserveCapacity(cells.bytes.count + (cells.count / count + 1) * (widths.reduce(0, +) + 2 * count + 1))
    let lines = Lines(widths: widths, shown: shown, gap: Array(TextTable.columnGap.utf8))
    head.withBuffers { lines.write(rows: [0], $0, into: &output) }
    cells.withBuffers { lines.write(rows: order ?? Array(0..<(cells.count / count)), $0, into: &output) }
    return output
  }

  /// Writes lines: each shown cell padded to its column (the last not padded), one cut to fit
  /// when wider (`Truncation`), the columns apart by the gap, trailing spaces cut. Reads the
  /// cells through their buffers: no array is retained a cell.
  private struct Lines {
    let widths: [Int]
    let shown: [Int]
    let gap: [UInt8]
    let spaces: [UInt8]

    init(widths: [Int], shown: [Int], gap: [UInt8]) {
      self.widths = widths
      self.shown = shown
      self.gap = gap
      spaces = [UInt8](repeating: UInt8(ascii: " "), count: widths.max() ?? 0)
    }

    func write(rows: [Int], _ cells: Cells.Buffers, into output: inout [UInt8]) {
      widths.withUnsafeBufferPointer { widths in
        shown.withUnsafeBufferPointer { shown in
          gap.withUnsafeBufferPointer { gap in
            spaces.withUnsafeBufferPointer { spaces in
              let (last, count) = (shown.count - 1, cells.columns)
              for row in rows {
                let start = output.count
                for place in 0..<shown.count {
                  if place > 0 { output.append(contentsOf: gap) }
                  let (limit, cell) = (widths[place], row * count + shown[place])
                  let width = cells.widths[cell]
                  let bytes = UnsafeBufferPointer(rebasing: cells.bytes[cells.range(cell)])
                  if width <= limit {
                    output.append(contentsOf: bytes)
                    if place != last, limit > width {
                      output.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[0..<(limit - width)]))
                    }
                  } else {
                    let text = String(decoding: bytes, as: UTF8.self)
                    let cut =
                      place == last ? Truncation.truncate(text, toWidth: limit) : Truncation.fit(text, toWidth: limit)
                    output.append(contentsOf: cut.utf8)
                  }
                }
                ReportTable.endLine(&output, from: start)
              }
            }
          }
        }
      }
    }
  }

  /// Ends the line that started at byte `start`: its trailing space characters cut, as
  /// `TextTable.render` cuts them — compared as characters, so a space joined to the character
  /// before it (after a prepended mark such as U+0600) stays: a space after an ASCII byte is a
  /// character of its own; after anything else the line's last character decides — then a line feed.
  fileprivate static func endLine(_ output: inout [UInt8], from start: Int) {
    while output.count > start, output[output.count - 1] == UInt8(ascii: " ") {
      if output.count - 1 > start, output[output.count - 2] >= 0x80 {
        let line = String(decoding: output[start...], as: UTF8.self)
        if line.last != " " { break }
      }
      output.removeLast()
    }
    output.append(UInt8(ascii: "\n"))
  }
}
