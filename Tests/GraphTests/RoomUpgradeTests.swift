import Foundation
import GRDB
import RosterCore
import TestSupport
import Testing

@testable import Index

/// Schema v6 (`v6-rooms`) only adds the rooms table: a v5 file with people and groups is upgraded
/// at its first open, keeps every person and group, holds no rooms until a refresh, and then
/// keeps them. Shell completion (`upgrade: false`) leaves the v5 file alone.
@Suite struct RoomUpgradeTests {
  static func schema(_ db: Database) throws -> [String] {
    try String.fetchAll(
      db, sql: "SELECT type || ' ' || name || ' ' || ifnull(sql, '') FROM sqlite_master ORDER BY type, name")
  }

  /// Drops what v6 added and forgets the migration, checking the schema is then exactly that of
  /// a file migrated up to v5.
  static func makeVersionFive(_ location: IndexLocation) throws {
    let v5 = TemporaryDirectory(prefix: "roster-room-upgrade-v5")
    defer { v5.remove() }
    let reference = try DatabasePool(path: v5.url.appendingPathComponent("v5.sqlite").path)
    try DirectoryIndex.migrator.migrate(reference, upTo: "v5-raw-group-tokens")
    let expected = try reference.read(Self.schema)
    let (tables, migrations) = try reference.read { db in
      (
        Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      )
    }
    try reference.close()
    let pool = try DatabasePool(path: location.file.path)
    try pool.write { db in
      try db.execute(sql: "DROP TABLE room; DELETE FROM grdb_migrations WHERE identifier = 'v6-rooms'")
      // And what later versions added (v7: people's hours; v8: the phone look-up table and its triggers;
      // v9: the filter indexes; v10: the person's own people).
      try db.execute(
        sql: """
          DROP TABLE IF EXISTS reach; DELETE FROM grdb_migrations WHERE identifier = 'v7-reach';
          DROP TRIGGER person_lookup_added; DROP TRIGGER person_lookup_removed; DROP TRIGGER person_lookup_changed;
          DROP TABLE person_lookup; DELETE FROM grdb_migrations WHERE identifier = 'v8-lookup';
          DROP INDEX person_department; DROP INDEX person_jobTitle; DROP INDEX person_companyName;
          DROP INDEX person_city; DROP INDEX person_country; DROP INDEX person_office; DROP INDEX person_disabled;
          DROP INDEX person_kind; DELETE FROM grdb_migrations WHERE identifier = 'v9-filter-indexes';
          DROP TABLE works_with; DROP TABLE opened; DELETE FROM grdb_migrations WHERE identifier = 'v10-your-people'
          """)
      // And what each registered kind's migrations added (`IndexedKinds`: devices…), whatever they are:
      // its full-text tables first (their shadow tables go with them), then the rest.
      let added = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY sql NOT LIKE 'CREATE VIRTUAL%'"
      ).filter { !tables.contains($0) }
      for table in added { try db.execute(sql: "DROP TABLE IF EXISTS \"\(table)\"") }
      let known = migrations.map { "'\($0)'" }.joined(separator: ", ")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier NOT IN (\(known))")
    }
    #expect(try pool.read(Self.schema) == expected)
    try pool.close()
  }

  @Test func aVersionFiveFileKeepsItsPeopleAndGroupsAndGainsRooms() async throws {
    let directory = TemporaryDirectory(prefix: "roster-room-upgrade")
    defer { directory.remove() }
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")

    // Filled by today's code, then made a v5 file: the one table v6 adds dropped and the
    // migration forgotten. Its schema is checked against a file migrated up to v5 only.
    do {
      let index = try DirectoryIndex.open(location)
      let people = DeltaFeed { _, _ in
        DeltaPage(
          changes: [
            .upsert(
              Person(id: "p1", displayName: "Ann Lee", mail: "ann@contoso.test"), managerId: nil, managerKnown: true),
            .upsert(Person(id: "p2", displayName: "Bo Chen"), managerId: "p1", managerKnown: true),
          ], deltaLink: "d1")
      }
      let groups = GroupDeltaFeed { _, _ in
        GroupDeltaPage(
          changes: [
            .upsert(
              id: "g1", group: Group(id: "g1", displayName: "Platform Team"),
              members: [MemberChange(id: "p2", kind: .user, removed: false)])
          ], deltaLink: "gd1")
      }
      _ = try await IndexSync(index: index, feed: people, groups: .sync(groups)).run()
    }
    try Self.makeVersionFive(location)

    #expect(throws: DirectoryIndex.NeedsUpgrade.self) { try DirectoryIndex.open(location, upgrade: false) }
    let index = try DirectoryIndex.open(location)
    let status = try index.status()
    #expect(status.complete && status.people == 2 && status.groups == 1)
    #expect(status.rooms == nil && status.roomsRefreshed == nil, "no refresh yet: unknown, not none")
    #expect(try index.search("ann", limit: 5).map(\.id) == ["p1"])
    #expect(try index.detail(id: "p2")?.managerChain.map(\.id) == ["p1"])
    #expect(try index.searchGroups("platform", limit: 5).map(\.id) == ["g1"])
    #expect(try index.memberOf("p2", transitive: false).map(\.id) == ["g1"])

    let room = Room(id: "r1", displayName: "Atrium")
    try index.replaceRooms([room], at: Date())
    #expect(try index.rooms().rooms == [room] && index.status().rooms == 1)
    #expect(try index.status().people == 2, "the rooms' refresh leaves people alone")
  }
}
