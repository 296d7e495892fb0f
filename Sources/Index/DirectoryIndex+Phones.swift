import Foundation
import GRDB
import RosterCore
import SearchRules

/// Finding someone by a phone number in any common form (`+1 (425) 555-0100`, `425.555.0100`,
/// `4255550100`): the digits compared from the end (`PhoneKey`), over every live row's business
/// phones and mobile.
///
/// Why a scan and not a column or token: the numbers are stored packed (`PhoneDigits`, ~9 bytes
/// each), and matching from the end would need a reversed-digits index the schema does not have.
/// The scan reads two small columns and unpacks them, and only text that reads as a phone (digits
/// and `+-.()/` only, at least seven digits) takes this path, so a name never pays for it.
/// Measured cost is left to the benchmark (a full read of two columns: tens of milliseconds at
/// 200,000 people, more than a name query's few).
extension DirectoryIndex {
  /// The people whose business phone or mobile is `key`'s number, in the order of results.
  public func phoneOwners(_ key: PhoneKey, limit: Int) throws -> [Person] {
    guard limit > 0 else { return [] }
    return try read { db, terms -> [Person] in
      let generation = Self.liveGeneration(try Self.meta(db))
      let phones = try Row.fetchCursor(
        db, sql: "SELECT rowid, businessPhones, mobilePhone FROM person WHERE generation = ? ORDER BY rowid",
        arguments: [generation])
      var owners: [Int64] = []
      while owners.count < limit, let row = try phones.next() {
        let business: DatabaseValue = row[1]
        let mobile: DatabaseValue = row[2]
        let match = { (digits: [UInt8]) in key.matches(digits: digits) }
        if PhoneDigits.anyNumber(business, match) || PhoneDigits.anyNumber(mobile, match) { owners.append(row[0]) }
      }
      guard !owners.isEmpty else { return [] }
      let list = owners.map(String.init).joined(separator: ",")
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE rowid IN (\(list)) ORDER BY rowid")
      var people: [Person] = []
      while let row = try rows.next() { people.append(PersonRow.person(row, terms)) }
      return people
    }
  }
}
