import Foundation
import RosterCore
import TerminalUI

/// How `roster search` writes people to stdout.
enum OutputFormat: Equatable {
  /// Columns fitted to `width` cells (nil: not a terminal, columns at their natural width).
  case table(width: Int?)
  /// A JSON array of objects with Graph property names.
  case json
  /// RFC 4180 CSV with a header row.
  case csv
}

/// Renders people for scripts and terminals. Every directory string passes through
/// `DirectoryText.sanitize` first, whatever the format: a name carrying an escape sequence must not
/// reach a terminal even through `--json | less -R` or a CSV opened with `cat`.
enum PeopleOutput {
  static func render(_ people: [Person], as format: OutputFormat) throws -> String {
    let clean = people.map(sanitized)
    switch format {
    case .table(let width): return table(clean, width: width)
    case .json: return try json(clean)
    case .csv: return csv(clean)
    }
  }

  static func sanitized(_ person: Person) -> Person {
    func clean(_ text: String?) -> String? { text.map { DirectoryText.sanitize($0) } }
    var copy = person
    copy.id = DirectoryText.sanitize(person.id)
    copy.displayName = clean(person.displayName)
    copy.givenName = clean(person.givenName)
    copy.surname = clean(person.surname)
    copy.mail = clean(person.mail)
    copy.userPrincipalName = clean(person.userPrincipalName)
    copy.jobTitle = clean(person.jobTitle)
    copy.department = clean(person.department)
    copy.companyName = clean(person.companyName)
    copy.officeLocation = clean(person.officeLocation)
    copy.businessPhones = person.businessPhones?.map { DirectoryText.sanitize($0) }
    copy.mobilePhone = clean(person.mobilePhone)
    copy.userType = clean(person.userType)
    return copy
  }

  // MARK: - JSON

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  // MARK: - CSV

  static let csvColumns: [(header: String, value: @Sendable (Person) -> String?)] = [
    ("id", { $0.id }), ("displayName", { $0.displayName }), ("givenName", { $0.givenName }),
    ("surname", { $0.surname }),
    ("mail", { $0.mail }), ("userPrincipalName", { $0.userPrincipalName }), ("jobTitle", { $0.jobTitle }),
    ("department", { $0.department }),
  ]

  static func csv(_ people: [Person]) -> String {
    var lines = [csvColumns.map { csvField($0.header) }.joined(separator: ",")]
    for person in people {
      lines.append(csvColumns.map { csvField($0.value(person) ?? "") }.joined(separator: ","))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// RFC 4180: quoted when it holds a comma, quote, CR or LF (or edge spaces); quotes doubled.
  static func csvField(_ text: String) -> String {
    let needsQuotes =
      text.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
      || text.hasPrefix(" ") || text.hasSuffix(" ")
    return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
  }

  // MARK: - Table

  static let tableHeaders = ["Name", "Mail", "Job title", "Department"]
  static let columnGap = "  "
  static let minimumColumnWidth = 6

  static func tableRow(_ person: Person) -> [String] {
    [
      displayName(person), person.mail ?? person.userPrincipalName ?? "", person.jobTitle ?? "",
      person.department ?? "",
    ]
  }

  static func displayName(_ person: Person) -> String {
    if let name = person.displayName, !name.isEmpty { return name }
    let parts = [person.givenName, person.surname].compactMap { $0 }.filter { !$0.isEmpty }
    return parts.isEmpty ? (person.userPrincipalName ?? person.id) : parts.joined(separator: " ")
  }

  /// Nothing when no one matched (the command says so on stderr). Job title and department are
  /// left out when no row has one: with basic-profile permissions Graph never sends them, and two
  /// empty columns would only push the mail addresses into truncation.
  static func table(_ people: [Person], width: Int?) -> String {
    guard !people.isEmpty else { return "" }
    let cells = people.map(tableRow)
    let kept = tableHeaders.indices.filter { column in column < 2 || cells.contains { !$0[column].isEmpty } }
    let rows = ([tableHeaders] + cells).map { row in kept.map { row[$0] } }
    let natural = kept.indices.map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    let widths = width.map { fitted(natural, into: $0) } ?? natural
    return rows.map { row in
      var line = ""
      for column in row.indices {
        let isLast = column == row.count - 1
        let cell =
          isLast
          ? Truncation.truncate(row[column], toWidth: widths[column])
          : Truncation.fit(row[column], toWidth: widths[column])
        line += (column == 0 ? "" : columnGap) + cell
      }
      return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n") + "\n"
  }

  /// Column widths that fit `total` cells: the widest column gives up a cell at a time, down to a
  /// minimum, so short columns (department) stay readable while long ones (mail) are cut.
  static func fitted(_ natural: [Int], into total: Int) -> [Int] {
    var widths = natural
    let available = max(total - columnGap.count * (natural.count - 1), 0)
    while widths.reduce(0, +) > available {
      guard let widest = widths.indices.filter({ widths[$0] > minimumColumnWidth }).max(by: { widths[$0] < widths[$1] })
      else { break }
      widths[widest] -= 1
    }
    return widths
  }
}
