import Foundation
import GRDB
import RosterCore

/// Rows of plain columns an item keeps beside its own, in a table of their own
/// (`<name>_<suffix>`: `applications_credentials`), written in the same transaction as the item's
/// row and dropped with it (an upsert replaces them, a removal and a purge delete them). A
/// question about parts of items — which of the apps' credentials end before a date — is then
/// answered by an index and plain columns, never by decoding each item's JSON: the offline expiry
/// report decoded ten thousand apps for it (issue 42).
///
/// The table: `item` (the item row's rowid), `generation` (the item row's), then `columns`, kept
/// in the order of its key (generation, `indexed`, item, `distinct`) — `WITHOUT ROWID`, so a read
/// of a range of `indexed` is one pass over neighbouring pages: through a separate index, half of
/// twenty thousand rows were each a look-up on a page of their own, most of them read from the
/// file again once SQLite's 2 MB cache had let them go. The index `<table>_item` on `item` finds a
/// replaced item's rows.
public struct ItemCompanion<Item>: Sendable {
  /// The table's name after its item table's: `credentials` makes `applications_credentials`.
  public let suffix: String
  /// Its columns after `item` and `generation`, as SQL definitions (`ends REAL NOT NULL`), in
  /// the order `rows` gives their values. Never changed once shipped (a new migration would be).
  public let columns: [String]
  /// The column the rows are kept in order of after the generation: what reads look rows up by.
  public let indexed: String
  /// The column telling one item's rows apart (never NULL): the key's last.
  public let distinct: String
  /// The item's rows, each with one value per column, in `columns`' order.
  public let rows: @Sendable (Item) -> [[DatabaseValue]]

  public init(
    suffix: String, columns: [String], indexed: String, distinct: String,
    rows: @escaping @Sendable (Item) -> [[DatabaseValue]]
  ) {
    self.suffix = suffix
    self.columns = columns
    self.indexed = indexed
    self.distinct = distinct
    self.rows = rows
  }

  /// The columns' names (each definition's first word).
  var columnNames: [String] { columns.map { String($0.prefix { $0 != " " }) } }
}

extension ItemTable {
  /// `<name>_<suffix>`, when the table has a companion.
  public var companionName: String? { companion.map { name + "_" + $0.suffix } }

  /// The migration that adds the companion to an index made before it (`applications-v1-credentials`).
  var companionMigration: String { migration + "-" + (companion?.suffix ?? "") }

  /// Creates the companion's table and indexes (nothing without a companion, nor when they exist).
  func createCompanion(_ db: Database) throws {
    guard let companion, let table = companionName else { return }
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS \(table)(
          item INTEGER NOT NULL, generation INTEGER NOT NULL, \(companion.columns.joined(separator: ", ")),
          PRIMARY KEY(generation, \(companion.indexed), item, \(companion.distinct))) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS \(table)_item ON \(table)(item);
        """)
  }

  /// An index made before the companion existed is upgraded in place, once, at its first open:
  /// the table is made and filled from every row's JSON (the live generation's, and a full round's
  /// under way), so its first offline answer is already complete. A row that does not decode keeps
  /// no companion rows, as every read passes such a row over.
  func addCompanion(_ db: Database) throws {
    try createCompanion(db)
    let rows = try Row.fetchCursor(db, sql: "SELECT rowid, generation, json FROM \(name)")
    let decoder = JSONDecoder()
    while let row = try rows.next() {
      let (rowid, generation, json): (Int64, Int, String) = (row[0], row[1], row[2])
      guard let item = try? decoder.decode(Item.self, from: Data(json.utf8)) else { continue }
      try writeCompanion(of: item, rowid: rowid, generation: generation, db)
    }
  }

  /// The companion rows of the item just written as row `rowid`.
  func writeCompanion(of item: Item, rowid: Int64, generation: Int, _ db: Database) throws {
    guard let companion, let table = companionName else { return }
    let rows = companion.rows(item)
    guard !rows.isEmpty else { return }
    let names = ["item", "generation"] + companion.columnNames
    let insert = try db.cachedStatement(
      sql:
        "INSERT INTO \(table)(\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
    )
    let head = [rowid.databaseValue, generation.databaseValue]
    for values in rows {
      try insert.execute(arguments: StatementArguments(head + values))
    }
  }

  /// Deletes the companion rows of item row `rowid`.
  func deleteCompanion(rowid: Int64, _ db: Database) throws {
    guard let table = companionName else { return }
    try db.cachedStatement(sql: "DELETE FROM \(table) WHERE item = ?").execute(arguments: [rowid])
  }

  /// Deletes the companion rows of every generation but `kept`.
  func purgeCompanion(_ db: Database, except kept: Int) throws {
    guard let table = companionName else { return }
    try db.execute(sql: "DELETE FROM \(table) WHERE generation != ?", arguments: [kept])
  }
}
