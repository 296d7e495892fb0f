import Foundation
import GRDB
import RosterCore
import SearchRules

/// "Your people" (issue 32) kept with the account's index: whom Microsoft 365 says the person
/// works with (`works_with`, Graph's order) and whom they opened in Roster (`opened`, on this
/// machine only). Searches list them first within each tier of the ranking
/// (`DirectoryIndex+YourPeopleSearch`).
///
/// Forgotten with the person, as the kept working hours are: a delta's removal or a 404
/// (`forgetYours(removedIn:)`), a full sync that no longer lists them (`forgetYoursOfPeopleGone`);
/// Graph's list when Graph refuses it or the sign-in lacks People.Read (`forgetWorksWith`); the
/// history at `roster history --clear` (`clearOpened`); all of it with the account's index.
///
/// Every write bumps meta `yours_version`, so a search in this or another process sees the change
/// (`YoursCache`).
extension DirectoryIndex {
  /// Schema v10: the two lists. No other table is touched.
  static func addYourPeople(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE works_with(id BLOB PRIMARY KEY NOT NULL, position INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE opened(id BLOB PRIMARY KEY NOT NULL, openedAt REAL NOT NULL) WITHOUT ROWID;
        """)
  }

  /// What the index keeps, for the app's state and `roster history`.
  public func yourPeople() throws -> YourPeople {
    try pool.read { db in
      let worksWith = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM works_with ORDER BY position")
        .compactMap(PersonRow.identifier)
      let opened = try Row.fetchAll(db, sql: "SELECT id, openedAt FROM opened ORDER BY openedAt DESC")
        .compactMap { row -> YourPeople.Opened? in
          guard let id = PersonRow.identifier(row["id"]) else { return nil }
          return YourPeople.Opened(id: id, at: Date(timeIntervalSince1970: row["openedAt"]))
        }
      let readAt = try Self.meta(db)["works_with_read_at"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
      return YourPeople(worksWith: worksWith, worksWithReadAt: readAt, opened: opened)
    }
  }

  /// Graph's list, replacing the one before, as read at `readAt`.
  public func saveWorksWith(_ ids: [String], readAt: Date) throws {
    try pool.write { db in
      try db.execute(sql: "DELETE FROM works_with")
      let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO works_with(id, position) VALUES (?, ?)")
      for (position, id) in ids.enumerated() { try insert.execute(arguments: [PersonRow.key(id), position]) }
      try Self.set(db, ["works_with_read_at": String(readAt.timeIntervalSince1970)])
      try Self.yoursChanged(db)
    }
  }

  /// Forgets Graph's list; only reads when there is none (every start without the permission
  /// comes here: the write lock would make the first frame wait behind a sync).
  public func forgetWorksWith() throws {
    let held = try pool.read { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM works_with)") == true
        || Self.meta(db)["works_with_read_at"] != nil
    }
    guard held else { return }
    try pool.write { db in
      try db.execute(sql: "DELETE FROM works_with")
      try Self.set(db, ["works_with_read_at": nil])
      try Self.yoursChanged(db)
    }
  }

  /// The person opened `id` at `at`; the history keeps the `YourPeople.openedKept` most recent.
  public func recordOpened(_ id: String, at: Date) throws {
    try pool.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO opened(id, openedAt) VALUES (?, ?)",
        arguments: [PersonRow.key(id), at.timeIntervalSince1970])
      try db.execute(
        sql: "DELETE FROM opened WHERE id NOT IN (SELECT id FROM opened ORDER BY openedAt DESC LIMIT ?)",
        arguments: [YourPeople.openedKept])
      try Self.yoursChanged(db)
    }
  }

  /// `roster history --clear`: forgets whom the person opened; how many that was.
  @discardableResult
  public func clearOpened() throws -> Int {
    try pool.write { db in
      try db.execute(sql: "DELETE FROM opened")
      let cleared = db.changesCount
      try Self.yoursChanged(db)
      return cleared
    }
  }

  /// In the transaction that removes people (a delta page, a 404): they leave both lists.
  static func forgetYours(_ db: Database, removedIn changes: [DeltaChange]) throws {
    var removed = false
    for case .removed(let id) in changes {
      let key = PersonRow.key(id)
      for table in ["works_with", "opened"] {
        try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [key])
        removed = removed || db.changesCount > 0
      }
    }
    if removed { try yoursChanged(db) }
  }

  /// In the transaction that makes `generation` the live one: anyone it does not list leaves both
  /// lists (they left while no delta said so, or the token no longer reads them).
  static func forgetYoursOfPeopleGone(_ db: Database, generation: Int) throws {
    for table in ["works_with", "opened"] {
      try db.execute(
        sql: "DELETE FROM \(table) WHERE NOT EXISTS (SELECT 1 FROM person WHERE generation = ? AND id = \(table).id)",
        arguments: [generation])
    }
    try yoursChanged(db)
  }

  /// Marks the lists changed for every reader (`YoursCache.stamp`).
  static func yoursChanged(_ db: Database) throws {
    let version =
      try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'yours_version'")
      .flatMap { Int($0) } ?? 0
    try set(db, ["yours_version": String(version + 1)])
  }
}
