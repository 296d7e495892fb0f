import Foundation
import GRDB
import GRDBSQLite
import RosterCore

/// One due credential's columns as SQLite holds them (`AppCredentialColumns.query`'s order), the
/// one reader of those columns: the offline report's table copies out what it prints itself
/// (issue 42: making an `AppCredentialRow` of five strings a row only to copy them into its lines
/// was a quarter of the report), and `AppCredentialColumns.row` makes the row the other answers
/// need. Texts point into SQLite's current row and are valid only during the call that gets
/// them; each ends at its first NUL, as the `String` GRDB would have made of it does. A row
/// without a position or an app id, or of a kind this version does not know, is never handed out.
public struct CredentialColumns {
  private let statement: SQLiteStatement
  public let kind: AppCredentialDue.Kind

  fileprivate init?(_ statement: SQLiteStatement) {
    self.statement = statement
    guard let kind = Self.text(statement, 5).flatMap(Self.kind), !Self.isNull(statement, 0), !Self.isNull(statement, 2)
    else { return nil }
    self.kind = kind
  }

  public var position: Int { Int(sqlite3_column_int64(statement, 0)) }
  /// The end as seconds since 2001 (`timeIntervalSinceReferenceDate`).
  public var ends: Double? { double(1) }
  public var appObjectId: UnsafeBufferPointer<UInt8> { text(2) ?? UnsafeBufferPointer(start: nil, count: 0) }
  public var appClientId: UnsafeBufferPointer<UInt8>? { text(3) }
  public var appName: UnsafeBufferPointer<UInt8>? { text(4) }
  public var keyId: UnsafeBufferPointer<UInt8>? { text(6) }
  public var name: UnsafeBufferPointer<UInt8>? { text(7) }

  /// A column past the report's own (`AppCredentialColumns.entryColumns`): read only with `entries`.
  func text(_ column: CInt) -> UnsafeBufferPointer<UInt8>? { Self.text(statement, column) }
  func double(_ column: CInt) -> Double? {
    Self.isNull(statement, column) ? nil : sqlite3_column_double(statement, column)
  }

  private static func isNull(_ statement: SQLiteStatement, _ column: CInt) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  private static func text(_ statement: SQLiteStatement, _ column: CInt) -> UnsafeBufferPointer<UInt8>? {
    guard !isNull(statement, column), let start = sqlite3_column_text(statement, column) else { return nil }
    return UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
  }

  private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> AppCredentialDue.Kind? {
    if bytes.elementsEqual(AppCredentialDue.Kind.secret.rawValue.utf8) { return .secret }
    if bytes.elementsEqual(AppCredentialDue.Kind.certificate.rawValue.utf8) { return .certificate }
    return nil
  }
}

extension DirectoryIndex {
  /// Every secret and certificate of one flavour's apps, as the last sync kept them, that ends
  /// before `date`, soonest first, as columns; the Graph entry's columns only with `entries`.
  public func credentialColumns<Flavor: AppFlavor>(
    _ flavor: Flavor.Type, endingBefore date: Date, entries: Bool = false, each: (CredentialColumns) -> Void
  ) throws {
    let table = AppIndex<Flavor>.table
    guard let companion = table.companionName else { return }
    try pool.read { db in
      let statement = try db.cachedStatement(sql: AppCredentialColumns.query(companion, entries: entries))
      let rows = try Row.fetchCursor(
        statement, arguments: [try Self.liveGeneration(of: table, db), date.timeIntervalSinceReferenceDate])
      while try rows.next() != nil {
        if let columns = CredentialColumns(statement.sqliteStatement) { each(columns) }
      }
    }
  }
}
