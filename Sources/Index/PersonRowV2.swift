import GRDB
import RosterCore

/// The `person` row of schema v2 (`v2-compact-ranked-people`), frozen: that migration rewrites a
/// v1 file's rows in this format, and `v3-interned-people` reads them back to rewrite them as
/// `PersonRow` now stores them. Every value is text (or an id as `PersonRow.key`), a principal
/// name equal to the mail is "". Never change it: a file of either version may still be opened.
enum PersonRowV2 {
  static let columns = [
    "generation", "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled", "managerId",
  ]

  /// The column list, `rowid` first.
  static func selection(from table: String? = nil) -> String {
    let prefix = table.map { "\($0)." } ?? ""
    return (["rowid"] + columns).map { prefix + $0 }.joined(separator: ", ")
  }

  private static func text(_ row: Row, _ column: Int) -> CleanText? {
    let value: String? = row[column]
    return value.map { CleanText($0) }
  }

  /// A row of `selection` (v1 rows read the same: their ids are text, read as they are).
  static func person(_ row: Row) -> Person {
    let phones: String? = row[12]
    let mail = text(row, 6)
    let principal = text(row, 7)
    return Person(
      id: PersonRow.identifier(row[2]) ?? "", displayName: text(row, 3), givenName: text(row, 4),
      surname: text(row, 5), mail: mail, userPrincipalName: principal?.string.isEmpty == true ? mail : principal,
      jobTitle: text(row, 8), department: text(row, 9), companyName: text(row, 10), officeLocation: text(row, 11),
      businessPhones: phones.map { text in
        text.isEmpty
          ? []
          : text.split(separator: PersonRow.separator, omittingEmptySubsequences: false).map {
            CleanText(String($0))
          }
      },
      mobilePhone: text(row, 13), userType: text(row, 14), accountEnabled: row[15])
  }

  static func managerId(_ row: Row) -> String? { PersonRow.identifier(row[16]) }

  static func arguments(_ person: Person, generation: Int, managerId: String?) -> StatementArguments {
    let phones = person.businessPhones.map { $0.map(\.string).joined(separator: String(PersonRow.separator)) }
    let principal = person.userPrincipalName?.string
    let values: [(any DatabaseValueConvertible)?] = [
      generation, PersonRow.key(person.id), person.displayName?.string, person.givenName?.string,
      person.surname?.string, person.mail?.string,
      principal != nil && principal == person.mail?.string ? "" : principal,
      person.jobTitle?.string, person.department?.string, person.companyName?.string, person.officeLocation?.string,
      phones, person.mobilePhone?.string, person.userType?.string, person.accountEnabled, managerId.map(PersonRow.key),
    ]
    return StatementArguments(values)
  }

  /// Inserts `people` (with their manager ids) into `generation` of a v2 table, after its last
  /// row. (The v2 writer chose row ids by the display name's first eight letters; nothing reads
  /// a v2 row's id any more: `v3-interned-people`, which runs right after, puts every row in order.)
  static func insert(_ db: Database, _ people: [(Person, String?)], generation: Int) throws {
    let placeholders = columns.map { _ in "?" }.joined(separator: ",")
    let insert = try db.cachedStatement(
      sql: "INSERT INTO person(\(columns.joined(separator: ","))) VALUES (\(placeholders))")
    for (person, managerId) in people {
      try insert.execute(arguments: Self.arguments(person, generation: generation, managerId: managerId))
    }
  }

  /// The full-text tokens of every row of `generation`, in row-id order, as the v2 writer wrote
  /// them (the v2 migration no longer does: v3 replaces them at once). `IndexUpgradeTests`
  /// writes a v2 file with it.
  static func writeTokens(_ db: Database, generation: Int) throws {
    let insertTokens = try db.cachedStatement(sql: "INSERT INTO person_fts(rowid, name, fields) VALUES (?, ?, ?)")
    let rows = try Row.fetchCursor(
      db, sql: "SELECT \(selection()) FROM person WHERE generation = ? ORDER BY rowid", arguments: [generation])
    var memo = IndexTokenMemo()
    while let row = try rows.next() {
      let person = person(row)
      try insertTokens.execute(arguments: [row[0] as Int64, memo.name(person), memo.fields(person)])
    }
  }
}
