import Foundation
import GRDB
import RosterCore

/// Each app's secrets and certificates in the index, one row each beside the app's
/// (`applications_credentials`, `serviceprincipals_credentials`: an `ItemCompanion`), with what
/// `roster apps --expiring` prints of them (`AppCredentialRow`) as plain columns: the offline
/// report reads the rows ending before its date through the index on (generation, ends) and never
/// decodes an app's JSON (issue 42: 10,434 apps' JSON was nearly half of a half-second report).
///
/// Only credentials with an end are kept (one without never expires). Instants are seconds since
/// 2001-01-01 (`timeIntervalSinceReferenceDate`), the exact value a `Date` holds and the one the
/// app's stored JSON has, so a row read back prints and compares exactly as the app decoded would.
enum AppCredentialColumns {
  static let columns = [
    "position INTEGER NOT NULL", "ends REAL NOT NULL", "app_id TEXT NOT NULL", "app_client_id TEXT",
    "app_name TEXT NOT NULL", "kind TEXT NOT NULL", "key_id TEXT", "name TEXT", "display_name TEXT", "starts REAL",
    "hint TEXT", "type TEXT", "usage TEXT", "custom_key_identifier TEXT",
  ]

  static func companion<Flavor: AppFlavor>(_ flavor: Flavor.Type) -> ItemCompanion<AppObject<Flavor>> {
    ItemCompanion(suffix: "credentials", columns: columns, indexed: "ends", distinct: "position") { app in
      app.credentialRows.compactMap(values)
    }
  }

  /// A row's values in `columns`' order; nil for a credential without an end.
  static func values(_ row: AppCredentialRow) -> [DatabaseValue]? {
    guard let ends = row.due.endDateTime else { return nil }
    let entry = row.entry
    return [
      row.position.databaseValue, ends.timeIntervalSinceReferenceDate.databaseValue,
      row.appObjectId.databaseValue, row.appId.databaseValue, row.appName.string.databaseValue,
      row.due.kind.rawValue.databaseValue, row.due.keyId.databaseValue, row.due.name?.string.databaseValue ?? .null,
      entry.displayName?.string.databaseValue ?? .null,
      entry.startDateTime?.timeIntervalSinceReferenceDate.databaseValue ?? .null,
      entry.hint?.string.databaseValue ?? .null, entry.type?.string.databaseValue ?? .null,
      entry.usage?.string.databaseValue ?? .null, entry.customKeyIdentifier.databaseValue,
    ]
  }

  /// The read: the live generation's rows ending before a date, soonest first (the order the
  /// table keeps them in, so SQLite sorts nothing and the report's sort finds them in order); without `entries`, the Graph entry's columns only `--json` prints are left out.
  static func query(_ table: String, entries: Bool) -> String {
    """
    SELECT position, ends, app_id, app_client_id, app_name, kind, key_id, name\(entries ? entryColumns : "")
    FROM \(table) WHERE generation = ? AND ends < ? ORDER BY ends
    """
  }

  static let entryColumns = ", display_name, starts, hint, type, usage, custom_key_identifier"

  /// A row read back. Text is cleaned as it is read (the file is outside the program; cleaning
  /// is idempotent, so what the sync wrote reads back unchanged).
  static func row(_ columns: CredentialColumns, kind: ObjectKind, entries: Bool) -> AppCredentialRow {
    func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    func text(_ bytes: UnsafeBufferPointer<UInt8>?) -> CleanText? { string(bytes).map { CleanText($0) } }
    func instant(_ seconds: Double?) -> Date? { seconds.map(Date.init(timeIntervalSinceReferenceDate:)) }
    return AppCredentialRow(
      appKind: kind, appObjectId: string(columns.appObjectId) ?? "", appId: string(columns.appClientId),
      appName: text(columns.appName) ?? .empty,
      due: AppCredentialDue(
        kind: columns.kind, keyId: string(columns.keyId), name: text(columns.name), endDateTime: instant(columns.ends)),
      position: columns.position,
      entry: entries
        ? AppCredentialRow.Entry(
          displayName: text(columns.text(8)), startDateTime: instant(columns.double(9)), hint: text(columns.text(10)),
          type: text(columns.text(11)), usage: text(columns.text(12)), customKeyIdentifier: string(columns.text(13)))
        : AppCredentialRow.Entry())
  }
}

extension DirectoryIndex {
  /// Every secret and certificate of one flavour's apps, as the last sync kept them, that ends
  /// before `date` (`AppCredentialDue.ends(before:)`), soonest first (the report sorts them with
  /// the rest of its order). Without `entries` the Graph entry's fields (`AppCredentialRow.entry`)
  /// are left empty: only the report's JSON prints them.
  public func credentials<Flavor: AppFlavor>(_ flavor: Flavor.Type, endingBefore date: Date, entries: Bool = true)
    throws -> [AppCredentialRow]
  {
    var found: [AppCredentialRow] = []
    try credentials(flavor, endingBefore: date, entries: entries) { found.append($0) }
    return found
  }

  /// The same rows, each handed to `each` as it is read: the report keeps them in its own rows
  /// without an array of these to copy them from (issue 42).
  public func credentials<Flavor: AppFlavor>(
    _ flavor: Flavor.Type, endingBefore date: Date, entries: Bool, each: (AppCredentialRow) -> Void
  ) throws {
    try credentialColumns(flavor, endingBefore: date, entries: entries) {
      each(AppCredentialColumns.row($0, kind: Flavor.kind, entries: entries))
    }
  }
}
