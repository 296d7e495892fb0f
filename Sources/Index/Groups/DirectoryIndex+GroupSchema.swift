import GRDB
import RosterCore

/// The index's group tables (issue 20), added by a migration of their own beside the people
/// tables, which they never touch:
///
/// - `directory_group`: one row per group and generation (groups have their own generations and
///   delta link in `meta`, `groups_…` keys, so a groups round never disturbs people's);
/// - `group_fts`: contentless FTS5 over `SearchSchema.groups`, a column per property (`name` for
///   the display name's tokens, `about` for the description's), tokens written as people's are
///   (`IndexTokens.raw`, prefix indexes for one to three characters, no column sizes) since
///   `v5-raw-group-tokens` (issue 29: one token encoding for every table);
/// - `group_member`: (generation, group, member, member's type), keyed both ways so members of a
///   group and the groups of a member are index lookups. Only keys: a member's name comes from the
///   person or group row, so a person hidden from the address list (not in `person`) stays hidden.
///   Groups and members are small integers from `object_key` (each object id stored once): with
///   two GUID texts per membership, 20,000 people and their 2,000 groups took 43.7 MB; with keys,
///   17.2 MB (the people's part is about 10 MB).
extension DirectoryIndex {
  static func registerGroupMigration(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("groups-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE directory_group(
            rowid INTEGER PRIMARY KEY, generation INTEGER NOT NULL, id TEXT NOT NULL,
            displayName TEXT, mail TEXT, mailNickname TEXT, description TEXT, groupTypes TEXT,
            mailEnabled INTEGER, securityEnabled INTEGER, visibility TEXT, membershipRule TEXT,
            membershipRuleProcessingState TEXT, resourceProvisioningOptions TEXT, UNIQUE(generation, id));
          CREATE VIRTUAL TABLE group_fts USING fts5(
            name, about, content='', tokenize='ascii', prefix='2 4 6', detail='column');
          CREATE TABLE object_key(key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
          CREATE TABLE group_member(
            generation INTEGER NOT NULL, groupKey INTEGER NOT NULL, memberKey INTEGER NOT NULL,
            memberType INTEGER NOT NULL, PRIMARY KEY(generation, groupKey, memberKey)) WITHOUT ROWID;
          CREATE INDEX group_member_of ON group_member(generation, memberKey);
          """)
    }
  }

  /// Schema v5 (issue 29): groups' full-text tokens as people's are (`IndexTokens.raw` instead of
  /// hex, `prefix='1 2 3'`, `columnsize=0`), so one encoding serves every table. The table is
  /// made anew and every stored group's tokens written again in row-id order (a contentless
  /// table cannot be rewritten row by row without the old tokens; a few thousand groups take
  /// milliseconds).
  static func rawGroupTokens(_ db: Database) throws {
    try db.execute(
      sql: """
        DROP TABLE group_fts;
        CREATE VIRTUAL TABLE group_fts USING fts5(
          name, about, content='', tokenize='ascii', prefix='1 2 3', detail='column', columnsize=0);
        """)
    let insert = try db.makeStatement(sql: "INSERT INTO group_fts(rowid, name, about) VALUES (?, ?, ?)")
    let rows = try Row.fetchCursor(
      db, sql: "SELECT \(GroupRow.selection()) FROM directory_group ORDER BY rowid")
    while let row = try rows.next() {
      let tokens = GroupRow.tokens(GroupRow.group(row))
      try insert.execute(arguments: [GroupRow.rowid(row), tokens[0], tokens[1]])
    }
  }

  /// The stable code of a member's kind in `group_member.memberType`.
  static func code(_ kind: DirectoryObjectKind) -> Int {
    switch kind {
    case .unknown: return 0
    case .user: return 1
    case .group: return 2
    case .device: return 3
    case .servicePrincipal: return 4
    case .orgContact: return 5
    }
  }

  static func kind(code: Int) -> DirectoryObjectKind {
    [.unknown, .user, .group, .device, .servicePrincipal, .orgContact][code >= 0 && code <= 5 ? code : 0]
  }

  /// The key of object `id`, made when `create` and missing.
  static func objectKey(_ db: Database, _ id: String, create: Bool) throws -> Int64? {
    if create {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO object_key(id) VALUES (?)").execute(arguments: [id])
    }
    return try Int64.fetchOne(db.cachedStatement(sql: "SELECT key FROM object_key WHERE id = ?"), arguments: [id])
  }
}
