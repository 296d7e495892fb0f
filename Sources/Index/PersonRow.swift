import Foundation
import GRDB
import RosterCore
import SearchRules

/// Maps `Person` to and from a `person` row (schema v3). Phones are joined with the ASCII unit
/// separator (no phone number holds one): a list of 500 rows decodes without a JSON parser per
/// row.
///
/// What repeats is held small (issue 22, ≤ 250 bytes a person): job title, department, company,
/// city and country (those two since `v8-lookup`), user type and the mail's domain by number
/// (`PersonTerms`), which is also what makes a filter (`dept:Sales`) a few numbers to compare
/// (`IndexFilterClause`); the office is text (it is often a room, "Oslo 3/214": as many texts as
/// people); a given name or surname that is the
/// display name's first or last word (split at spaces) as 0, which SQLite stores in the record
/// header alone; a principal name equal to the mail as "". Texts are compared by their bytes, so
/// every value reads back exactly as it was written.
///
/// Rows are read by position from `SELECT \(selection)`, not by column name: GRDB finds a named
/// column by a case-insensitive scan of the row's columns, and 16 such scans per person were most
/// of a 500-row search at 200,000 people.
enum PersonRow {
  static let separator: Character = "\u{1F}"

  static let columns = [
    "generation", "id", "displayName", "givenName", "surname", "mail", "mailDomain", "userPrincipalName", "jobTitle",
    "department", "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled",
    "managerId", "city", "country", "proxyAddresses", "otherMails", "employeeId",
  ]

  /// Columns without a declared type (no affinity): a number, a marker or text is kept as given.
  /// `person_staging` (a full sync's rows before they are put in order, `DirectoryIndex+Staging`)
  /// has the same columns after the row's order key and full-text tokens.
  static func createTable(_ name: String = "person", staged: Bool = false) -> String {
    """
    CREATE TABLE \(name)(
      rowid INTEGER PRIMARY KEY, \(staged ? "sortKey BLOB NOT NULL, nameTokens TEXT, fieldTokens TEXT, " : "")
      generation INTEGER NOT NULL, id NOT NULL,
      displayName TEXT, givenName, surname, mail TEXT, mailDomain, userPrincipalName TEXT, jobTitle, department,
      companyName, officeLocation TEXT, businessPhones, mobilePhone, userType, accountEnabled INTEGER,
      managerId, city, country, proxyAddresses TEXT, otherMails TEXT, employeeId TEXT, UNIQUE(generation, id))
    """
  }

  /// Reports by manager (`ManagerLink`): people without a manager have no entry, and the
  /// generation is left out (two bytes an entry; a manager's reports are a handful of rows to
  /// check). Queries say `+generation` so SQLite takes this index, not the id index's first
  /// column.
  static let createManagerIndex =
    "CREATE INDEX person_manager ON person(managerId) WHERE managerId IS NOT NULL"

  static let insertStatement =
    "INSERT INTO person(rowid, \(columns.joined(separator: ","))) VALUES (?\(String(repeating: ",?", count: columns.count)))"

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
  private static let mailDomain = at("mailDomain")
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
  private static let city = at("city")
  private static let country = at("country")
  private static let proxyAddresses = at("proxyAddresses")
  private static let otherMails = at("otherMails")
  private static let employeeId = at("employeeId")

  /// Rows are cleaned as they are read: the index file is outside the program (another version
  /// of Roster, or anyone with access to the file, may have written it).
  /// `identifiers`: also the proxy addresses, other mails and employee id, which a list does not
  /// show (Graph's list `$select` leaves them out too) and which cost every row of a 500-row page
  /// a split and a cleaning; the pane (`detail`) and identifier look-ups ask for them.
  static func person(_ row: Row, _ terms: PersonTerms, identifiers: Bool = false) -> Person {
    let phones = PhoneDigits.text(row[businessPhones])
    let names = self.names(row, first: displayName)
    let mail = self.mail(row, at: mail, terms)
    let principal = text(row, userPrincipalName)
    return Person(
      id: identifier(row[id]) ?? "", displayName: names.display, givenName: names.given, surname: names.surname,
      mail: mail, userPrincipalName: principal?.string.isEmpty == true ? mail : principal,
      jobTitle: term(row, jobTitle, terms), department: term(row, department, terms),
      companyName: term(row, companyName, terms), officeLocation: text(row, officeLocation),
      businessPhones: phones.map { text in
        text.isEmpty
          ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map { CleanText(String($0)) }
      },
      mobilePhone: PhoneDigits.text(row[mobilePhone]).map { CleanText($0) }, userType: term(row, userType, terms),
      accountEnabled: row[accountEnabled], city: term(row, city, terms), country: term(row, country, terms),
      proxyAddresses: identifiers ? addresses(row[proxyAddresses], mail: mail) : nil,
      otherMails: identifiers ? addresses(row[otherMails], mail: nil) : nil,
      employeeId: identifiers ? text(row, employeeId) : nil)
  }

  /// The primary proxy address when it is `SMTP:` and the mail (nearly everyone's), stored as this.
  static let primaryMarker = "="

  /// A list of addresses as stored (joined by `separator`; "" for none), the primary marker
  /// read back as `SMTP:` and the mail.
  private static func addresses(_ value: String?, mail: CleanText?) -> [CleanText]? {
    guard let value else { return nil }
    guard !value.isEmpty else { return [] }
    return value.split(separator: separator, omittingEmptySubsequences: false).map { address in
      address == primaryMarker ? CleanText("SMTP:" + (mail?.string ?? "")) : CleanText(String(address))
    }
  }

  /// What the row holds for a list of addresses: see `addresses(_:mail:)`.
  static func stored(_ addresses: [CleanText]?, mail: String?) -> String? {
    addresses.map { list in
      list.map { $0.string == "SMTP:" + (mail ?? "\u{0}") ? primaryMarker : $0.string }.joined(
        separator: String(separator))
    }
  }

  private static func text(_ row: Row, _ column: Int) -> CleanText? {
    let value: String? = row[column]
    return value.map { CleanText($0) }
  }

  private static func term(_ row: Row, _ column: Int, _ terms: PersonTerms) -> CleanText? {
    terms.text(row[column]).map { CleanText($0) }
  }

  /// Display name, given name and surname from the three columns starting at `first`.
  private static func names(_ row: Row, first: Int) -> (display: CleanText?, given: CleanText?, surname: CleanText?) {
    let display: String? = row[first]
    func name(_ value: DatabaseValue, word: (String) -> Substring.UTF8View) -> CleanText? {
      switch value.storage {
      case .int64(0): return display.map { CleanText(String(decoding: word($0), as: UTF8.self)) }
      case .string(let text): return CleanText(text)
      default: return nil
      }
    }
    return (display.map { CleanText($0) }, name(row[first + 1], word: firstWord), name(row[first + 2], word: lastWord))
  }

  /// The mail from its local part (at `column`) and its domain's number (the next column).
  private static func mail(_ row: Row, at column: Int, _ terms: PersonTerms) -> CleanText? {
    guard let local: String = row[column] else { return nil }
    guard let domain = terms.text(row[column + 1]) else { return CleanText(local) }
    return CleanText(local + "@" + domain)
  }

  private static let space = UInt8(ascii: " ")

  /// The bytes before the first space (all of them when there is none).
  private static func firstWord(_ name: String) -> Substring.UTF8View {
    let utf8 = Substring(name).utf8
    return utf8[..<(utf8.firstIndex(of: space) ?? utf8.endIndex)]
  }

  /// The bytes after the last space (all of them when there is none).
  private static func lastWord(_ name: String) -> Substring.UTF8View {
    let utf8 = Substring(name).utf8
    return utf8[(utf8.lastIndex(of: space).map(utf8.index(after:)) ?? utf8.startIndex)...]
  }

  static func rowid(_ row: Row) -> Int64 { row[rowid] }

  /// The columns the full-text tokens are made of (`Person.searchFields`), `rowid` first: the
  /// end of a full sync reads every row for its tokens, and decoding the other ten columns was
  /// a fifth of that.
  static let searchedSelection = "rowid, displayName, givenName, surname, mail, mailDomain, userPrincipalName"

  /// A person with only the searched fields (and no id), from a row of `searchedSelection`.
  static func searched(_ row: Row, _ terms: PersonTerms) -> Person {
    let names = self.names(row, first: 1)
    let mail = self.mail(row, at: 4, terms)
    let principal = text(row, 6)
    return Person(
      id: "", displayName: names.display, givenName: names.given, surname: names.surname, mail: mail,
      userPrincipalName: principal?.string.isEmpty == true ? mail : principal)
  }
  /// The display name alone, cleaned as `person` cleans it: enough to rank the row.
  static func displayName(_ row: Row) -> String? { text(row, displayName)?.string }
  /// The manager as the row holds them (`ManagerLink`).
  static func manager(_ row: Row) -> ManagerLink? { ManagerLink(row[managerId]) }
  /// What the search rules match (`Person.searchFields` of `person(row)`), without the rest.
  static func searchFields(_ row: Row, _ terms: PersonTerms) -> SearchFields {
    let names = self.names(row, first: displayName)
    let mail = self.mail(row, at: mail, terms)?.string
    let principal = text(row, userPrincipalName)?.string
    return SearchFields(
      .people,
      values: [
        names.display?.string, names.given?.string, names.surname?.string, mail,
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
    _ db: Database, sql: String, arguments: StatementArguments, terms: PersonTerms, stopAfter: Int = .max,
    where keep: (Person) -> Bool = { _ in true }
  ) throws -> [Person] {
    let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    var people: [Person] = []
    while people.count < stopAfter, let row = try cursor.next() {
      let candidate = person(row, terms)
      if keep(candidate) { people.append(candidate) }
    }
    return people
  }

  /// The values of `columns` for `person`, numbering repeated texts through `terms`.
  static func arguments(_ person: Person, generation: Int, manager: ManagerLink?, terms: PersonTerms) throws
    -> StatementArguments
  {
    let phones = person.businessPhones.map { $0.map(\.string).joined(separator: String(separator)) }
    let display = person.displayName?.string
    let mail = person.mail?.string
    // A user principal name equal to the mail (most) is stored as "": "the same as mail".
    let principal = person.userPrincipalName?.string
    let samePrincipal = principal != nil && mail != nil && principal!.utf8.elementsEqual(mail!.utf8)
    let (local, domain) = mail.map(split) ?? (nil, nil)
    let values: [(any DatabaseValueConvertible)?] = [
      generation, key(person.id), display, name(person.givenName?.string, display, word: firstWord),
      name(person.surname?.string, display, word: lastWord), local, try terms.number(domain),
      samePrincipal ? "" : principal, try terms.number(person.jobTitle?.string),
      try terms.number(person.department?.string), try terms.number(person.companyName?.string),
      person.officeLocation?.string, PhoneDigits.stored(phones),
      PhoneDigits.stored(person.mobilePhone?.string), try terms.number(person.userType?.string),
      person.accountEnabled, manager?.databaseValue, try terms.number(person.city?.string),
      try terms.number(person.country?.string), stored(person.proxyAddresses, mail: mail),
      stored(person.otherMails, mail: nil), person.employeeId?.string,
    ]
    return StatementArguments(values)
  }

  /// 0 when `value` is exactly `word` of the display name, else the value.
  private static func name(_ value: String?, _ display: String?, word: (String) -> Substring.UTF8View)
    -> (any DatabaseValueConvertible)?
  {
    guard let value, let display else { return value }
    return word(display).elementsEqual(value.utf8) ? 0 : value
  }

  /// A mail split at its last "@": the local part and the domain (nil without an "@").
  private static func split(_ mail: String) -> (String?, String?) {
    let utf8 = Substring(mail).utf8
    guard let at = utf8.lastIndex(of: UInt8(ascii: "@")) else { return (mail, nil) }
    return (
      String(decoding: utf8[..<at], as: UTF8.self), String(decoding: utf8[utf8.index(after: at)...], as: UTF8.self)
    )
  }
}
