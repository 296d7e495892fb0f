import Foundation
import RosterCore
import TerminalUI

/// How one list command's rows look, for `ListStream`: the table's headers and cells, which
/// columns may narrow, which holds an address (cut at its middle), and the rows for scripts.
struct ListLayout<Item>: Sendable {
  var headers: [String]
  var cells: @Sendable (Item) -> [String]
  /// Columns narrowed one cell at a time, widest first, until a line fits the terminal.
  var shrinkable: [Int]
  /// A column of mail addresses or user names, cut keeping its domain.
  var addressColumn: Int?
  /// One item as a pretty-printed JSON object.
  var json: @Sendable (Item) throws -> String
  var csvHeader: [String]
  var csvFields: @Sendable (Item) -> [String]
  /// Print the table's headers, the CSV header, when no row came (`[]` is always written for JSON).
  var headerWhenEmpty = false
}

/// Writes a list to stdout page by page as it is read: a table whose columns are measured on
/// the first page and kept (a later, wider cell is cut, never a re-aligned screen), a JSON array
/// written as it grows, or CSV with its header once. `finish` closes what the format opened.
final class ListStream<Item>: @unchecked Sendable {
  let format: OutputFormat
  let layout: ListLayout<Item>
  private let lock = NSLock()
  private var widths: [Int]?
  private var rows = 0
  private var finished = false

  init(format: OutputFormat, layout: ListLayout<Item>) {
    self.format = format
    self.layout = layout
  }

  /// Rows written so far.
  var count: Int { lock.withLock { rows } }

  func write(_ page: [Item]) {
    lock.withLock {
      guard !finished, !page.isEmpty else { return }
      let text: String
      switch format {
      case .table(let width): text = table(page, width: width)
      case .json: text = json(page)
      case .csv: text = csv((rows == 0 ? [layout.csvHeader] : []) + page.map(layout.csvFields))
      }
      rows += page.count
      StandardOutput.write(text)
    }
  }

  /// `failed`: the list stopped on an error, so no empty table or CSV header is printed (JSON
  /// is still closed, so a script reads valid JSON).
  func finish(failed: Bool = false) {
    lock.withLock {
      guard !finished else { return }
      finished = true
      switch format {
      case .json: StandardOutput.write(rows == 0 ? "[]\n" : "\n]\n")
      case .table(let width) where rows == 0 && layout.headerWhenEmpty && !failed:
        let widths = Self.widths(for: [layout.headers], width: width, shrinkable: layout.shrinkable)
        StandardOutput.write(line(layout.headers, widths: widths, address: false) + "\n")
      case .csv where rows == 0 && layout.headerWhenEmpty && !failed: StandardOutput.write(csv([layout.csvHeader]))
      default: break
      }
    }
  }

  private func csv(_ lines: [[String]]) -> String {
    lines.map { $0.map(PeopleOutput.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  private func table(_ page: [Item], width: Int?) -> String {
    let lines = page.map(layout.cells)
    let widths =
      self.widths ?? Self.widths(for: [layout.headers] + lines, width: width, shrinkable: layout.shrinkable)
    let head = self.widths == nil ? [line(layout.headers, widths: widths, address: false)] : []
    self.widths = widths
    return (head + lines.map { line($0, widths: widths, address: true) }).joined(separator: "\n") + "\n"
  }

  private func json(_ page: [Item]) -> String {
    let objects = page.compactMap { item -> String? in
      guard let text = try? layout.json(item) else { return nil }
      return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .map { "  " + $0 }.joined(separator: "\n")
    }
    guard !objects.isEmpty else { return "" }
    return (rows == 0 ? "[\n" : ",\n") + objects.joined(separator: ",\n")
  }

  /// Natural widths (at most `TextTable.pipedColumnLimit`), then the widest shrinkable column
  /// narrowed one cell at a time until the line fits the terminal.
  static func widths(for rows: [[String]], width: Int?, shrinkable: [Int]) -> [Int] {
    guard let columns = rows.first?.count else { return [] }
    var widths = (0..<columns).map { column in
      min(rows.map { DisplayWidth.of($0[column]) }.max() ?? 0, TextTable.pipedColumnLimit)
    }
    guard let width else { return widths }
    let gaps = TextTable.columnGap.count * (columns - 1)
    while widths.reduce(0, +) + gaps > width {
      let narrowable = shrinkable.filter { widths[$0] > TextTable.minimumColumnWidth }
      guard let widest = narrowable.max(by: { widths[$0] < widths[$1] }) else { break }
      widths[widest] -= 1
    }
    return widths
  }

  private func line(_ cells: [String], widths: [Int], address: Bool) -> String {
    var line = ""
    for column in cells.indices {
      let cell =
        address && column == layout.addressColumn
        ? Truncation.fitAddress(cells[column], toWidth: widths[column])
        : Truncation.truncate(cells[column], toWidth: widths[column])
      line += column == cells.count - 1 ? cell : Truncation.fit(cell, toWidth: widths[column]) + TextTable.columnGap
    }
    return String(line.reversed().drop(while: { $0 == " " }).reversed())
  }
}
