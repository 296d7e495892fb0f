import Foundation
import RosterCore

/// `roster search --close`: the exact answer, then the close matches, marked in every format —
/// a divider line in the table (as in the list), `"closeMatch": true` in JSON, a `closeMatch`
/// column in CSV — so a script never takes a close match for an exact one.
extension PeopleOutput {
  static func render(_ people: [Person], close: CloseMatches?, as format: OutputFormat) throws -> String {
    let close = close?.people.isEmpty == false ? close : nil
    guard let close else {
      if case .table = format { return try render(people, as: format) }
      // With --close every row says whether it is one, even when none was found.
      return try render(marked: people.map { ($0, false) }, as: format)
    }
    let rows = people.map { ($0, false) } + close.people.map { ($0, true) }
    switch format {
    case .table(let width):
      let lines = table(rows.map { withPrintableId($0.0) }, width: width).split(
        separator: "\n", omittingEmptySubsequences: false)
      // Line 0 is the header: the divider goes above the first close match.
      var out = Array(lines.prefix(people.count + 1)).map(String.init)
      out.append("-- \(close.label) --")
      out += lines.dropFirst(people.count + 1).map(String.init)
      return out.joined(separator: "\n")
    case .json, .csv:
      return try render(marked: rows, as: format)
    }
  }

  private static func render(marked rows: [(Person, Bool)], as format: OutputFormat) throws -> String {
    switch format {
    case .json:
      return try json(rows.map { PersonJSON(person: withPrintableId($0.0), closeMatch: $0.1) })
    case .csv:
      let plain = csv(rows.map { withPrintableId($0.0) }).components(separatedBy: "\r\n")
      var lines = [plain[0] + ",closeMatch"]
      for (index, row) in rows.enumerated() { lines.append(plain[index + 1] + (row.1 ? ",true" : ",false")) }
      return lines.joined(separator: "\r\n") + "\r\n"
    case .table:
      return try render(rows.map(\.0), as: format)
    }
  }
}
