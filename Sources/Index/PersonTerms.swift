import GRDB

/// The texts a `person` row holds by number (schema v3, issue 22): job title, department,
/// company, user type and the mail's domain. Directories repeat them endlessly (a few hundred
/// titles and departments, one or two domains, among hundreds of thousands of people), so the row
/// holds a small integer instead of the text (with the name markers of `PersonRow`, the row went
/// from 220 to 140 bytes a person on a 198,366-person file).
///
/// Numbers are never reused (`person_term` is `AUTOINCREMENT`), so a text once read for a number
/// stays right for as long as a row can hold that number: readers keep what they have read
/// (`PersonTerms.Known`, in `DirectoryIndex`) and ask the file only for numbers they have not seen,
/// which another process's sync may have added.
final class PersonTerms {
  /// What one reader has read so far; `Sendable`, to be kept between reads.
  struct Known: Sendable {
    var texts: [Int64: String] = [:]
  }

  private let db: Database
  private(set) var known: Known
  /// Whether a number was read from the file that `known` did not hold.
  private(set) var grew = false
  /// Text to number, by the text's bytes: Swift's `String` equality is canonical equivalence, so
  /// "é" and "e\u{301}" would share a number and one would read back as the other.
  private var numbers: [[UInt8]: Int64] = [:]

  init(_ db: Database, known: Known = Known()) {
    self.db = db
    self.known = known
  }

  /// The text of a stored value: a number is looked up; text is read as it is (a file written
  /// by something else); anything else is no text.
  func text(_ value: DatabaseValue) -> String? {
    switch value.storage {
    case .int64(let number):
      if let text = known.texts[number] { return text }
      let text = try? String.fetchOne(
        db.cachedStatement(sql: "SELECT text FROM person_term WHERE id = ?"), arguments: [number])
      if let text {
        known.texts[number] = text
        grew = true
      }
      return text
    case .string(let text): return text
    default: return nil
    }
  }

  /// The number of `text`, adding it to the table when it is new.
  func number(_ text: String?) throws -> Int64? {
    guard let text else { return nil }
    let bytes = Array(text.utf8)
    if let number = numbers[bytes] { return number }
    let number: Int64
    if let found = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM person_term WHERE text = ?"), arguments: [text])
    {
      number = found
    } else {
      try db.cachedStatement(sql: "INSERT INTO person_term(text) VALUES (?)").execute(arguments: [text])
      number = db.lastInsertedRowID
    }
    numbers[bytes] = number
    known.texts[number] = text
    return number
  }

  static let createTable = "CREATE TABLE person_term(id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL UNIQUE)"

  /// Forgets the texts no row (live or staged) needs once the full-profile fields are emptied
  /// (`conform(to:)`): only mail domains are left.
  static func dropUnreferenced(_ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM person_term WHERE id NOT IN (
          SELECT mailDomain FROM person WHERE mailDomain IS NOT NULL
          UNION SELECT mailDomain FROM person_staging WHERE mailDomain IS NOT NULL)
        """)
  }
}
