import Foundation
import GRDB
import RosterCore
import SearchRules

/// One kind's part of the local index, described as data: a kind whose objects have no members
/// or manager (devices, app registrations, enterprise apps) keeps them in tables of its own name
/// beside people's and groups', which it never touches, and its own keys in `meta`. The tables'
/// migration, search, reads, writes and sync round are written once over this description
/// (`DirectoryIndex+ItemReads`, `DirectoryIndex+ItemWrites`, `ItemSyncRound`, `TableIndexedKind`),
/// so a new kind of the same shape is a new `ItemTable` value, not a copy.
///
/// - `<name>`: one row per object and generation, the object as the JSON `Item` encodes (Graph's
///   property names) and its `sortName` for the list's order. A full round writes a new
///   generation beside the live one and switches when its last page has come, so a search never
///   sees half a tenant's objects; delta rounds edit the live generation. With `due`, a `due`
///   column (unix seconds, NULL when none) and the index `<name>_due` on (generation, due).
/// - `<name>_fts`: FTS5 over the `$search` tokens of the item's `.tokens` fields
///   (`NameTokenizer`, written as people's and groups' are: `IndexTokens.raw`).
/// - With `companion`, `<name>_<suffix>`: rows of plain columns each item keeps beside its own
///   (`ItemCompanion`: an app's credentials), written and dropped with it.
///
/// Keys in `meta` (`Keys`): `<name>_generation`, `<name>_delta_link`, `<name>_building_generation`,
/// `<name>_building_link`, `<name>_last_sync`, and `<name>_problem` (the permission the token
/// lacks; none are kept then).
public struct ItemTable<Item: SearchableItem & Codable>: Sendable {
  /// The table's name and its meta keys' prefix (`device`); never changed once shipped, or
  /// existing indexes lose their rows.
  public let name: String
  /// The migration that creates the tables (`devices-v1`): GRDB runs each name once.
  public let migration: String
  /// What a search's words are matched against (`SearchSchema.devices`), as Graph's `$search`.
  public let schema: SearchSchema
  /// The permission a refusal names (`Device.Read.All`), recorded when the token lacks it.
  public let permission: String
  /// Lower-case permissions any of which lets a sign-in read the kind (`conform` forgets the
  /// rows of a sign-in holding none).
  public let readScopes: [String]
  /// When set, each row keeps this date in an indexed `due` column, so "which expire before …"
  /// is answered by the index (`DirectoryIndex.items(in:dueBefore:limit:)`) without decoding
  /// every row.
  public let due: (@Sendable (Item) -> Date?)?
  /// When set, the rows each item keeps in `<name>_<suffix>` (an app's credentials).
  public let companion: ItemCompanion<Item>?

  public init(
    name: String, migration: String, schema: SearchSchema, permission: String, readScopes: [String],
    due: (@Sendable (Item) -> Date?)? = nil, companion: ItemCompanion<Item>? = nil
  ) {
    self.name = name
    self.migration = migration
    self.schema = schema
    self.permission = permission
    self.readScopes = readScopes
    self.due = due
    self.companion = companion
  }

  /// The FTS table beside `name`.
  var fts: String { name + "_fts" }

  /// Its keys in `meta`.
  public var key: Keys { Keys(prefix: name) }

  /// The table's keys in `meta`, each prefixed by its name.
  public struct Keys: Sendable {
    public let generation: String
    public let deltaLink: String
    public let building: String
    public let buildingLink: String
    public let lastSync: String
    public let problem: String

    init(prefix: String) {
      generation = prefix + "_generation"
      deltaLink = prefix + "_delta_link"
      building = prefix + "_building_generation"
      buildingLink = prefix + "_building_link"
      lastSync = prefix + "_last_sync"
      problem = prefix + "_problem"
    }
  }

  // MARK: - Schema

  /// Registers `migration`, which creates the tables (`create`), then `idMigration`, then the
  /// companion's (`companionMigration`), which fills it from the rows an older index holds.
  public func registerMigration(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration(migration) { db in try create(db) }
    migrator.registerMigration(idMigration) { db in try createIdIndex(db) }
    if companion != nil {
      migrator.registerMigration(companionMigration) { db in try addCompanion(db) }
    }
  }

  /// The migration that adds `<name>_id_nocase` (`devices-v1-nocase-id`; issue 42).
  var idMigration: String { migration + "-nocase-id" }

  /// An index on (generation, id COLLATE NOCASE): rows are found by id case-insensitively (each
  /// upsert's and removal's delete, `item(id:)`), which `UNIQUE(generation, id)`, compared as
  /// bytes, cannot answer, so each was a scan of the generation — a first sync of 50,000 devices
  /// spent minutes in it, growing with the square of the count.
  func createIdIndex(_ db: Database) throws {
    try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(name)_id_nocase ON \(name)(generation, id COLLATE NOCASE)")
  }

  /// Creates the tables. Without `due` the statements are the ones `devices-v1` always ran, so
  /// the devices' schema is what existing indexes hold.
  func create(_ db: Database) throws {
    let dueColumn = due == nil ? "" : " due REAL,"
    try db.execute(
      sql: """
        CREATE TABLE \(name)(
          rowid INTEGER PRIMARY KEY, generation INTEGER NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL,
          json TEXT NOT NULL,\(dueColumn) UNIQUE(generation, id));
        CREATE VIRTUAL TABLE \(fts) USING fts5(
          name, tokenize='ascii', prefix='1 2 3', detail='column', columnsize=0);
        """)
    if due != nil {
      try db.execute(sql: "CREATE INDEX \(name)_due ON \(name)(generation, due)")
    }
    try createCompanion(db)
  }

  /// The live generation's rows due by a date, soonest first: the index on (generation, due)
  /// finds them and gives their order, so only the matching rows are read and decoded.
  var dueQuery: String {
    """
    SELECT json FROM \(name) WHERE generation = ? AND due <= ?
    ORDER BY due, name COLLATE NOCASE, id LIMIT ?
    """
  }

  // MARK: - Rows

  /// `<name>_fts`'s text for `item`: its tokenized fields' tokens, each once.
  func tokens(_ item: Item) -> String {
    Set(item.searchFields.values(matching: .tokens).flatMap(NameTokenizer.indexTokens).map(IndexTokens.raw))
      .sorted().joined(separator: " ")
  }

  /// The row's `due` value: unix seconds, nil when the item has none.
  func dueValue(_ item: Item) -> Double? { due?(item)?.timeIntervalSince1970 }
}
