import Foundation
import GRDB
import RosterCore

/// An `ItemTable`'s writes, one transaction per page (`ItemSyncRound` calls them): a full round
/// into a new generation, delta pages into the live one, and forgetting everything when the
/// token may not read the kind.
extension DirectoryIndex {
  /// Where a table's sync stands.
  struct ItemSyncPoint {
    var liveGeneration: Int
    var deltaLink: String?
    /// A full round under way: its generation and the link to its next page.
    var building: (generation: Int, link: String?)?
  }

  func syncPoint<Item>(of table: ItemTable<Item>) throws -> ItemSyncPoint {
    try pool.read { db in
      let meta = try Self.meta(db)
      return ItemSyncPoint(
        liveGeneration: Int(meta[table.key.generation] ?? "") ?? 0, deltaLink: meta[table.key.deltaLink],
        building: Int(meta[table.key.building] ?? "").map { ($0, meta[table.key.buildingLink]) })
    }
  }

  func beginSync<Item>(of table: ItemTable<Item>) throws -> Int {
    try pool.write { db in
      let live = try Self.liveGeneration(of: table, db)
      try Self.purge(table, db, except: live)
      try Self.set(db, [table.key.building: String(live + 1), table.key.buildingLink: nil])
      return live + 1
    }
  }

  func writePage<Item>(_ page: ChangePage<ItemChange<Item>>, generation: Int, to table: ItemTable<Item>) throws {
    try pool.write { db in
      try Self.apply(page.changes, to: table, db, generation: generation)
      try Self.set(db, [table.key.buildingLink: page.nextLink])
    }
  }

  /// The last page: the generation becomes the live one, and a recorded refusal is forgotten.
  func finishSync<Item>(
    _ page: ChangePage<ItemChange<Item>>, generation: Int, at now: Date, in table: ItemTable<Item>
  ) throws {
    try pool.write { db in
      try Self.apply(page.changes, to: table, db, generation: generation)
      let key = table.key
      try Self.set(
        db,
        [
          key.generation: String(generation), key.deltaLink: page.deltaLink,
          key.lastSync: String(now.timeIntervalSince1970), key.building: nil, key.buildingLink: nil, key.problem: nil,
        ])
      try Self.purge(table, db, except: generation)
    }
  }

  func writeDeltaPage<Item>(_ page: ChangePage<ItemChange<Item>>, at now: Date, to table: ItemTable<Item>) throws {
    try pool.write { db in
      try Self.apply(page.changes, to: table, db, generation: try Self.liveGeneration(of: table, db))
      if let link = page.deltaLink {
        try Self.set(db, [table.key.deltaLink: link, table.key.lastSync: String(now.timeIntervalSince1970)])
      }
    }
  }

  func dropDeltaLink<Item>(of table: ItemTable<Item>) throws {
    try pool.write { db in try Self.set(db, [table.key.deltaLink: nil]) }
  }

  /// The token may not read the kind: the index keeps none of it (nothing the sign-in may no
  /// longer read is answered from disk) and says which permission is missing.
  func forget<Item>(_ table: ItemTable<Item>, missing permission: String) throws {
    try pool.write { db in
      try Self.purge(table, db, except: nil)
      let key = table.key
      try Self.set(
        db,
        [
          key.problem: permission, key.generation: nil, key.deltaLink: nil, key.building: nil, key.buildingLink: nil,
          key.lastSync: nil,
        ])
    }
  }

  /// An item is written whole, replacing its row: Graph's delta sends every selected property.
  private static func apply<Item>(
    _ changes: [ItemChange<Item>], to table: ItemTable<Item>, _ db: Database, generation: Int
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let insert = try db.cachedStatement(
      sql: table.due == nil
        ? "INSERT INTO \(table.name)(generation, id, name, json) VALUES (?, ?, ?, ?)"
        : "INSERT INTO \(table.name)(generation, id, name, json, due) VALUES (?, ?, ?, ?, ?)")
    let insertTokens = try db.cachedStatement(sql: "INSERT INTO \(table.fts)(rowid, name) VALUES (?, ?)")
    for change in changes {
      switch change {
      case .upsert(let item):
        try delete(id: item.id, from: table, db, generation: generation)
        let json = String(decoding: try encoder.encode(item), as: UTF8.self)
        var arguments: StatementArguments = [generation, item.id, item.sortName, json]
        if table.due != nil { arguments += [table.dueValue(item)] }
        try insert.execute(arguments: arguments)
        let rowid = db.lastInsertedRowID
        try insertTokens.execute(arguments: [rowid, table.tokens(item)])
        try table.writeCompanion(of: item, rowid: rowid, generation: generation, db)
      case .removed(let id):
        try delete(id: id, from: table, db, generation: generation)
      }
    }
  }

  private static func delete<Item>(id: String, from table: ItemTable<Item>, _ db: Database, generation: Int) throws {
    let find = try db.cachedStatement(
      sql: "SELECT rowid FROM \(table.name) WHERE generation = ? AND id = ? COLLATE NOCASE")
    for rowid in try Int64.fetchAll(find, arguments: [generation, id]) {
      try db.cachedStatement(sql: "DELETE FROM \(table.fts) WHERE rowid = ?").execute(arguments: [rowid])
      try db.cachedStatement(sql: "DELETE FROM \(table.name) WHERE rowid = ?").execute(arguments: [rowid])
      try table.deleteCompanion(rowid: rowid, db)
    }
  }

  /// Deletes every generation of the table but `kept` (all when nil).
  private static func purge<Item>(_ table: ItemTable<Item>, _ db: Database, except kept: Int?) throws {
    let generation = kept ?? -1
    try db.execute(
      sql: "DELETE FROM \(table.fts) WHERE rowid IN (SELECT rowid FROM \(table.name) WHERE generation != ?)",
      arguments: [generation])
    try db.execute(sql: "DELETE FROM \(table.name) WHERE generation != ?", arguments: [generation])
    try table.purgeCompanion(db, except: generation)
  }
}
