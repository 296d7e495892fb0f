import Foundation
import GRDB
import RosterCore
import SearchRules

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
    let mail = text(row, mail)
    let principal = text(row, userPrincipalName)
    return Person(
      id: identifier(row[id]) ?? "", displayName: text(row, displayName), givenName: text(row, givenName),
      surname: text(row, surname), mail: mail, userPrincipalName: principal?.string.isEmpty == true ? mail : principal,
      jobTitle: text(row, jobTitle),
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

  /// The columns the full-text tokens are made of (`Person.searchFields`), `rowid` first: the
  /// end of a full sync reads every row for its tokens, and decoding the other ten columns was
  /// a fifth of that.
  static let searchedSelection = "rowid, displayName, givenName, surname, mail, userPrincipalName"

  /// A person with only the searched fields (and no id), from a row of `searchedSelection`.
  static func searched(_ row: Row) -> Person {
    let mail = text(row, 4)
    let principal = text(row, 5)
    return Person(
      id: "", displayName: text(row, 1), givenName: text(row, 2), surname: text(row, 3), mail: mail,
      userPrincipalName: principal?.string.isEmpty == true ? mail : principal)
  }
  /// The display name alone, cleaned as `person` cleans it: enough to rank the row.
  static func displayName(_ row: Row) -> String? { text(row, displayName)?.string }
  static func managerId(_ row: Row) -> String? { identifier(row[managerId]) }
  /// What the search rules match (`Person.searchFields` of `person(row)`), without the rest.
  static func searchFields(_ row: Row) -> SearchFields {
    let mail = text(row, mail)?.string
    let principal = text(row, userPrincipalName)?.string
    return SearchFields(
      .people,
      values: [
        text(row, displayName)?.string, text(row, givenName)?.string, text(row, surname)?.string, mail,
        principal?.isEmpty == true ? mail : principal,
      ])
  }

  /// The object id alone, as `person` reads it.
  static func id(_ row: Row) -> String { identifier(row[id]) ?? "" }

  /// How an object id is stored: a lower-case GUID (every Entra object id Graph sends) as its 16
  /// bytes, anything else as the text itself, so it reads back exactly as it came. 16 bytes
  /// instead of 36 in the row, the id index, the manager column and its index.
  static func key(_ id: String) -> DatabaseValue {
    guard let bytes = guidBytes(id) else { return id.databaseValue }
    return Data(bytes).databaseValue
  }

  static func identifier(_ value: DatabaseValue) -> String? {
    switch value.storage {
    case .blob(let data) where data.count == 16:
      // By table, not `String(format:)`: that costs microseconds a byte, and 500 rows a key.
      var text: [UInt8] = []
      text.reserveCapacity(36)
      for (position, byte) in data.enumerated() {
        if position == 4 || position == 6 || position == 8 || position == 10 { text.append(UInt8(ascii: "-")) }
        text.append(hexDigits[Int(byte >> 4)])
        text.append(hexDigits[Int(byte & 0xF)])
      }
      return String(decoding: text, as: UTF8.self)
    case .string(let text): return text
    default: return nil
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func guidBytes(_ id: String) -> [UInt8]? {
    let utf8 = Array(id.utf8)
    let dashes = [8, 13, 18, 23]
    guard utf8.count == 36, dashes.allSatisfy({ utf8[$0] == UInt8(ascii: "-") }) else { return nil }
    let digits = utf8.enumerated().filter { !dashes.contains($0.offset) }.map(\.element)
    guard let bytes = IndexTokens.bytes(fromLowerHex: digits), bytes.count == 16 else { return nil }
    return bytes
  }

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
    // A user principal name equal to the mail (most) is stored as "": "the same as mail".
    let principal = person.userPrincipalName?.string
    let values: [(any DatabaseValueConvertible)?] = [
      generation, key(person.id), person.displayName?.string, person.givenName?.string, person.surname?.string,
      person.mail?.string, principal != nil && principal == person.mail?.string ? "" : principal,
      person.jobTitle?.string, person.department?.string, person.companyName?.string, person.officeLocation?.string,
      phones, person.mobilePhone?.string, person.userType?.string, person.accountEnabled, managerId.map(key),
    ]
    return StatementArguments(values)
  }
}
