import Foundation
import GRDB
import RosterCore

/// Maps `Person` to and from a `person` row. Phones are joined with the ASCII unit separator
/// (no phone number holds one): a list of 500 rows decodes without a JSON parser per row.
///
/// Rows are read by position from `SELECT \(selection)`, not by column name: GRDB finds a named
/// column by a case-insensitive scan of the row's columns, and 16 such scans per person were most
/// of a 500-row search at 200,000 people.
enum PersonRow {
  static let separator: Character = "\u{1F}"

  static let columns = [
    "generation", "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled", "managerId",
  ]

  /// The column list every query that decodes a person selects, `rowid` first.
  static func selection(from table: String? = nil) -> String {
    let prefix = table.map { "\($0)." } ?? ""
    return (["rowid"] + columns).map { prefix + $0 }.joined(separator: ", ")
  }

  /// Position of `column` in a row fetched with `selection`.
  private static func at(_ column: String) -> Int {
    guard let index = columns.firstIndex(of: column) else { preconditionFailure("no column \(column)") }
    return index + 1
  }

  private static let rowid = 0
  private static let id = at("id")
  private static let displayName = at("displayName")
  private static let givenName = at("givenName")
  private static let surname = at("surname")
  private static let mail = at("mail")
  private static let userPrincipalName = at("userPrincipalName")
  private static let jobTitle = at("jobTitle")
  private static let department = at("department")
  private static let companyName = at("companyName")
  private static let officeLocation = at("officeLocation")
  private static let businessPhones = at("businessPhones")
  private static let mobilePhone = at("mobilePhone")
  private static let userType = at("userType")
  private static let accountEnabled = at("accountEnabled")
  private static let managerId = at("managerId")

  /// Rows are cleaned as they are read: the index file is outside the program (another version
  /// of Roster, or anyone with access to the file, may have written it).
  static func person(_ row: Row) -> Person {
    let phones: String? = row[businessPhones]
    return Person(
      id: row[id], displayName: text(row, displayName), givenName: text(row, givenName), surname: text(row, surname),
      mail: text(row, mail), userPrincipalName: text(row, userPrincipalName), jobTitle: text(row, jobTitle),
      department: text(row, department), companyName: text(row, companyName),
      officeLocation: text(row, officeLocation),
      businessPhones: phones.map { text in
        text.isEmpty
          ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map { CleanText(String($0)) }
      },
      mobilePhone: text(row, mobilePhone), userType: text(row, userType), accountEnabled: row[accountEnabled])
  }

  private static func text(_ row: Row, _ column: Int) -> CleanText? {
    let value: String? = row[column]
    return value.map { CleanText($0) }
  }

  static func rowid(_ row: Row) -> Int64 { row[rowid] }
  static func managerId(_ row: Row) -> String? { row[managerId] }

  /// Decodes the rows of `sql` (which selects `selection`) through a cursor: GRDB reuses one
  /// row for a cursor instead of copying each into an array first. Keeps the people `keep`
  /// accepts and stops reading once `stopAfter` are kept.
  static func people(
    _ db: Database, sql: String, arguments: StatementArguments, stopAfter: Int = .max,
    where keep: (Person) -> Bool = { _ in true }
  ) throws -> [Person] {
    let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    var people: [Person] = []
    while people.count < stopAfter, let row = try cursor.next() {
      let candidate = person(row)
      if keep(candidate) { people.append(candidate) }
    }
    return people
  }

  static func arguments(_ person: Person, generation: Int, managerId: String?) -> StatementArguments {
    let phones = person.businessPhones.map { $0.map(\.string).joined(separator: String(separator)) }
    let values: [(any DatabaseValueConvertible)?] = [
      generation, person.id, person.displayName?.string, person.givenName?.string, person.surname?.string,
      person.mail?.string, person.userPrincipalName?.string, person.jobTitle?.string, person.department?.string,
      person.companyName?.string, person.officeLocation?.string, phones, person.mobilePhone?.string,
      person.userType?.string, person.accountEnabled, managerId,
    ]
    return StatementArguments(values)
  }
}
