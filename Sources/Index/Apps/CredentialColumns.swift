import Foundation
import GRDB
import GRDBSQLite
import RosterCore

/// One due credential's columns as SQLite holds them, for a reader that copies out what it
/// prints itself: the offline report's table (issue 42), which made an `AppCredentialRow` of
/// five strings a row only to copy them into its lines. The texts point into SQLite's current
/// row and are valid only during the call that gets them; each ends at its first NUL, as the
/// `String` GRDB would have made of it does. A row whose kind this version does not know is
/// passed over, as `AppCredentialColumns.row` passes it over.
public struct CredentialColumns {
  /// The end as seconds since 2001 (`timeIntervalSinceReferenceDate`).
  public let ends: Double?
  public let position: Int
  public let appObjectId: UnsafeBufferPointer<UInt8>
  public let appClientId: UnsafeBufferPointer<UInt8>?
  public let appName: UnsafeBufferPointer<UInt8>?
  public let kind: AppCredentialDue.Kind
  public let name: UnsafeBufferPointer<UInt8>?
}

extension DirectoryIndex {
  /// `credentials(_:endingBefore:entries:)`'s rows without the Graph entry's fields, as columns.
  public func credentialColumns<Flavor: AppFlavor>(
    _ flavor: Flavor.Type, endingBefore date: Date, each: (CredentialColumns) -> Void
  ) throws {
    let table = AppIndex<Flavor>.table
    guard let companion = table.companionName else { return }
    try pool.read { db in
      let statement = try db.cachedStatement(sql: AppCredentialColumns.query(companion, entries: false))
      let rows = try Row.fetchCursor(
        statement, arguments: [try Self.liveGeneration(of: table, db), date.timeIntervalSinceReferenceDate])
      let sqlite = statement.sqliteStatement
      func isNull(_ column: CInt) -> Bool { sqlite3_column_type(sqlite, column) == SQLITE_NULL }
      func text(_ column: CInt) -> UnsafeBufferPointer<UInt8>? {
        guard !isNull(column), let start = sqlite3_column_text(sqlite, column) else { return nil }
        return UnsafeBufferPointer(
          start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
      }
      while try rows.next() != nil {
        guard !isNull(0), let objectId = text(2), let kind = text(5).flatMap(Self.credentialKind) else { continue }
        each(
          CredentialColumns(
            ends: isNull(1) ? nil : sqlite3_column_double(sqlite, 1), position: Int(sqlite3_column_int64(sqlite, 0)),
            appObjectId: objectId, appClientId: text(3), appName: text(4), kind: kind, name: text(7)))
      }
    }
  }

  private static func credentialKind(_ bytes: UnsafeBufferPointer<UInt8>) -> AppCredentialDue.Kind? {
    if bytes.elementsEqual(AppCredentialDue.Kind.secret.rawValue.utf8) { return .secret }
    if bytes.elementsEqual(AppCredentialDue.Kind.certificate.rawValue.utf8) { return .certificate }
    return nil
  }
}
