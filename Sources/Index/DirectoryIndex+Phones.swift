import Foundation
import GRDB
import RosterCore
import SearchRules

/// Finding someone by a phone number in any common form (`+1 (425) 555-0100`, `425.555.0100`,
/// `4255550100`): the digits compared from the end (`PhoneKey`).
///
/// Two numbers that are the same share their last seven digits (`PhoneKey.tail`), so the rows to
/// look at are those `person_lookup` lists for that tail (one index probe; schema v8,
/// `DirectoryIndex+Lookup`), each then checked with the whole rule: a handful of rows, not every
/// row's phones unpacked (the scan this replaced took 0.9 s at 200,000 people in a debug build).
/// Only text that reads as a phone (digits and `+-.()/` only, at least seven digits) takes
/// this path, so a name never pays for it.
extension DirectoryIndex {
  /// The people whose business phone or mobile is `key`'s number, in the order of results.
  public func phoneOwners(_ key: PhoneKey, limit: Int) throws -> [Person] {
    guard limit > 0 else { return [] }
    return try read { db, terms -> [Person] in
      let generation = Self.liveGeneration(try Self.meta(db))
      let rows = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT \(PersonRow.selection()), businessPhones, mobilePhone FROM person
            WHERE rowid IN (SELECT person FROM person_lookup WHERE key = ?) AND +generation = ? ORDER BY rowid
            """),
        arguments: [LookupKey.phone(key.tail), generation])
      let phones = PersonRow.columns.count + 1
      let match = { (digits: [UInt8]) in key.matches(digits: digits) }
      var people: [Person] = []
      while people.count < limit, let row = try rows.next() {
        guard PhoneDigits.anyNumber(row[phones], match) || PhoneDigits.anyNumber(row[phones + 1], match) else {
          continue
        }
        people.append(PersonRow.person(row, terms))
      }
      return people
    }
  }
}
