import ArgumentParser
import Foundation
import RosterCore
import TerminalUI

/// The columns `--columns` may name (Graph's property names, plus `manager` and `level`), and the
/// one renderer for tables, CSV and JSON over any choice of them: `roster search --columns` and
/// `roster org` are two callers of the same export, not two exports.
struct PersonColumn: Sendable {
  var name: String
  /// The Graph property to `$select` for it; nil for `manager` and `level`, which are not on the user.
  var property: String?
  var value: @Sendable (PersonRecord) -> String?

  static let catalog: [PersonColumn] = [
    text("id") { $0.id }, text("displayName") { $0.displayName?.string },
    text("givenName") { $0.givenName?.string }, text("surname") { $0.surname?.string },
    text("mail") { $0.mail?.string }, text("userPrincipalName") { $0.userPrincipalName?.string },
    text("jobTitle") { $0.jobTitle?.string }, text("department") { $0.department?.string },
    text("companyName") { $0.companyName?.string }, text("officeLocation") { $0.officeLocation?.string },
    text("city") { $0.city?.string }, text("country") { $0.country?.string },
    text("mobilePhone") { $0.mobilePhone?.string },
    text("businessPhones") { $0.businessPhones.map { $0.map(\.string).joined(separator: "; ") } },
    text("userType") { $0.userType?.string },
    text("accountEnabled") { $0.accountEnabled.map { $0 ? "true" : "false" } },
    PersonColumn(name: "manager", property: nil) { $0.manager.map(PeopleOutput.displayName) },
    PersonColumn(name: "level", property: nil) { String($0.level) },
  ]

  private static func text(_ name: String, _ read: @escaping @Sendable (Person) -> String?) -> PersonColumn {
    PersonColumn(name: name, property: name) { read($0.person) }
  }

  /// `displayName,mail,manager` → those columns; a name not in the catalog is a usage error that
  /// lists the ones there are.
  static func parse(_ list: String) throws -> [PersonColumn] {
    let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("--columns needs at least one column name.") }
    return try names.map { name in
      guard let column = catalog.first(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw ValidationError(
          "--columns: no column '\(CleanText(name))'; choose from \(catalog.map(\.name).joined(separator: ", ")).")
      }
      return column
    }
  }

  /// Renders `records` with `columns` in `format` (the table fitted to the width when given).
  static func render(_ records: [PersonRecord], columns: [PersonColumn], as format: OutputFormat) throws -> String {
    let rows = records.map { record in
      columns.map { CleanText($0.value(record) ?? "").string }
    }
    switch format {
    case .csv:
      return TextTable.csv(columns.map(\.name), rows)
    case .json:
      let objects = records.map { record in
        Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.value(record).map { CleanText($0).string }) })
      }
      return try PeopleOutput.json(objects)
    case .table(let width):
      // Every column asked for stays, empty or not; the name gives up cells last.
      return TextTable.render(columns.map(\.name), rows, width: width, kept: 1, keepEmpty: true)
    }
  }
}
