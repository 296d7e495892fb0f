import GRDB

/// The index's group tables (issue 20), added by a migration of their own beside the people
/// tables, which they never touch:
///
/// - `directory_group`: one row per group and generation (groups have their own generations and
///   delta link in `meta`, `groups_…` keys, so a groups round never disturbs people's);
/// - `group_fts`: contentless FTS5 over `SearchSchema.groups`, a column per property (`name` for
///   the display name's tokens, `about` for the description's), hex tokens as for people;
/// - `group_member`: (generation, group, member, member's type), keyed both ways so members of a
///   group and the groups of a member are index lookups. Only ids: a member's name comes from the
///   person or group row, so a person hidden from the address list (not in `person`) stays hidden.
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
          CREATE TABLE group_member(
            generation INTEGER NOT NULL, groupId TEXT NOT NULL, memberId TEXT NOT NULL, memberType TEXT NOT NULL,
            PRIMARY KEY(generation, groupId, memberId)) WITHOUT ROWID;
          CREATE INDEX group_member_of ON group_member(generation, memberId);
          """)
    }
  }
}
