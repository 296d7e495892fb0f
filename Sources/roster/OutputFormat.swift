import ArgumentParser
import Foundation
import RosterCore
import SearchRules
import TerminalUI

/// How a listing command (`search`, `show`, `groups`, `rooms`, `org`, `signins`, `tasks`) writes
/// to stdout.
enum OutputFormat: Equatable {
  /// Columns fitted to `width` cells (nil: not a terminal, columns at their natural width).
  case table(width: Int?)
  /// A JSON array of objects with Graph property names.
  case json
  /// RFC 4180 CSV with a header row.
  case csv

  /// The format a command's `--json` and `--csv` flags ask for: the table, fitted to stdout's
  /// width, when neither.
  static func chosen(json: Bool, csv: Bool, width: Int? = Terminal.stdoutColumns()) -> OutputFormat {
    json ? .json : csv ? .csv : .table(width: width)
  }

  /// The usage error for both flags at once, for a command's `validate()`.
  static func refuseBoth(json: Bool, csv: Bool) throws {
    if json && csv { throw ValidationError("Choose one of --json and --csv.") }
  }
}

/// Renders people for scripts and terminals. Their text fields are `CleanText`, cleaned where they
/// were decoded, whatever the format: a name carrying an escape sequence must not reach a terminal
/// even through `--json | less -R` or a CSV opened with `cat`. Only the id, an identifier kept as
/// the server sent it, is cleaned here for printing.
enum PeopleOutput {
  /// `near`: the person's own people, marked ★ after the name in the table (issue 32).
  static func render(_ people: [Person], as format: OutputFormat, near: Closeness = .none) throws -> String {
    let printable = people.map(withPrintableId)
    switch format {
    case .table(let width): return table(printable, width: width, near: near)
    case .json: return try json(printable.map { PersonJSON(person: $0, closeMatch: false) })
    case .csv: return csv(printable)
    }
  }

  /// `person` with its id cleaned for printing (its text fields are clean already).
  static func withPrintableId(_ person: Person) -> Person {
    var copy = person
    copy.id = CleanText(person.id).string
    return copy
  }

  // MARK: - JSON

  /// Every command's `--json`: sorted keys, one member a line, dates as ISO 8601 where asked.
  /// Foundation on Linux writes an empty array as `[`, a blank line, `]`; a script piping `[]` to
  /// `jq` or comparing it expects `[]` (issue 40), so empty collections are written closed. No
  /// string value can hold a raw line break in JSON, so the rewrite never touches a value.
  static func json(_ value: some Encodable, isoDates: Bool = false) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    if isoDates { encoder.dateEncodingStrategy = .iso8601 }
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    return text.replacing(/\[\s*\n\s*\]/, with: "[]").replacing(/\{\s*\n\s*\}/, with: "{}") + "\n"
  }

  // MARK: - CSV

  static let csvColumns: [(header: String, value: @Sendable (Person) -> String?)] = [
    ("id", { $0.id }), ("displayName", { $0.displayName?.string }), ("givenName", { $0.givenName?.string }),
    ("surname", { $0.surname?.string }),
    ("mail", { $0.mail?.string }), ("userPrincipalName", { $0.userPrincipalName?.string }),
    ("jobTitle", { $0.jobTitle?.string }), ("department", { $0.department?.string }),
  ]

  static func csv(_ people: [Person]) -> String {
    // A `matchedIdentifier` column only when an identifier found someone (issue 32).
    var csvColumns = csvColumns
    if people.contains(where: { $0.matchedIdentifier != nil }) {
      csvColumns.append(("matchedIdentifier", { $0.matchedIdentifier?.string }))
    }
    var lines = [csvColumns.map { csvField($0.header) }.joined(separator: ",")]
    for person in people {
      lines.append(csvColumns.map { csvField($0.value(person) ?? "") }.joined(separator: ","))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// RFC 4180: quoted when it holds a comma, quote, CR or LF (or edge spaces); quotes doubled.
  /// Scanned as UTF-8 bytes (each sign it looks for is one ASCII byte, never part of another
  /// character's encoding): a report of ten thousand rows spent most of its time comparing
  /// grapheme clusters here.
  static func csvField(_ text: String) -> String {
    let utf8 = text.utf8
    let needsQuotes =
      utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
      || utf8.first == 0x20 || utf8.last == 0x20
    return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
  }

  // MARK: - Table

  static let tableHeaders = ["Name", "Mail", "Job title", "Department"]

  static func tableRow(_ person: Person, near: Closeness = .none) -> [String] {
    // Found by an alias, other mail or employee id: said beside the name (issue 32).
    let found = person.matchedIdentifier.map { " (\($0.string))" } ?? ""
    let mark = near.rank(of: person.id) == nil ? "" : " " + PeopleOutput.yourPersonMark
    return [
      displayName(person) + mark + found, (person.mail ?? person.userPrincipalName)?.string ?? "",
      person.jobTitle?.string ?? "",
      person.department?.string ?? "",
    ]
  }

  static func displayName(_ person: Person) -> String {
    if let name = person.displayName, !name.isEmpty { return name.string }
    let parts = [person.givenName, person.surname].compactMap { $0?.string }.filter { !$0.isEmpty }
    return parts.isEmpty ? (person.userPrincipalName?.string ?? person.id) : parts.joined(separator: " ")
  }

  /// Nothing when no one matched (the command says so on stderr). Job title and department are
  /// left out when no row has one: with basic-profile permissions Graph never sends them, and two
  /// empty columns would only push the mail addresses into truncation.
  static func table(_ people: [Person], width: Int?, near: Closeness = .none) -> String {
    TextTable.render(tableHeaders, people.map { tableRow($0, near: near) }, width: width)
  }
}
