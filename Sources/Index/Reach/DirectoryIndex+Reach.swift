import Foundation
import GRDB
import RosterCore

/// People's working hours and zones from their last getSchedule answer (issue 31), kept so the
/// pane can show a person's local time and hours while Graph cannot be reached, marked with their
/// age. One row a person: their id (as `person` keys it), the hours as JSON in Graph's shape
/// (`WorkingHoursJSON`) and when they were read. Today's busy times are never kept.
///
/// Forgotten with the person: a delta's removal or a 404 (`forgetReach(removedIn:)`), a full sync
/// that no longer lists them (`forgetReachOfPeopleGone`), a schedule Graph could no longer read
/// (`saveWorkingHours` with nil); all of them when Graph refuses getSchedule or the sign-in lacks
/// `Calendars.ReadBasic` (`forgetWorkingHours`); and with the account, whose index file holds them.
extension DirectoryIndex {
  /// Schema v7: the kept working hours. No other table is touched.
  static func addReach(_ db: Database) throws {
    try db.execute(
      sql: "CREATE TABLE reach(id BLOB PRIMARY KEY NOT NULL, hours TEXT NOT NULL, readAt REAL NOT NULL) WITHOUT ROWID")
  }

  /// Keeps each person's hours as read at `readAt`, in one transaction; nil forgets theirs.
  public func saveWorkingHours(_ hours: [String: WorkingHours?], readAt: Date) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let rows = try hours.map { id, hours in
      (PersonRow.key(id), try hours.map { String(decoding: try encoder.encode(WorkingHoursJSON($0)), as: UTF8.self) })
    }
    try pool.write { db in
      let upsert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO reach(id, hours, readAt) VALUES (?, ?, ?)")
      let delete = try db.cachedStatement(sql: "DELETE FROM reach WHERE id = ?")
      for (key, json) in rows {
        if let json {
          try upsert.execute(arguments: [key, json, readAt.timeIntervalSince1970])
        } else {
          try delete.execute(arguments: [key])
        }
      }
    }
  }

  /// The kept hours of those `ids` the index holds any for, keyed as asked. A row that does not
  /// read back (written by something else) is left out.
  public func workingHours(of ids: [String]) throws -> [String: StoredWorkingHours] {
    let decoder = JSONDecoder()
    return try pool.read { db in
      let find = try db.cachedStatement(sql: "SELECT hours, readAt FROM reach WHERE id = ?")
      var found: [String: StoredWorkingHours] = [:]
      for id in ids {
        guard let row = try Row.fetchOne(find, arguments: [PersonRow.key(id)]) else { continue }
        let text: String = row["hours"]
        guard let hours = (try? decoder.decode(WorkingHoursJSON.self, from: Data(text.utf8)))?.hours else { continue }
        found[id] = StoredWorkingHours(hours: hours, readAt: Date(timeIntervalSince1970: row["readAt"]))
      }
      return found
    }
  }

  /// Forgets every person's kept hours; only reads when there are none (every start without the
  /// permission comes here: the write lock would make the first frame wait behind a sync).
  public func forgetWorkingHours() throws {
    guard try pool.read({ db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM reach)") }) == true else {
      return
    }
    try pool.write { db in try db.execute(sql: "DELETE FROM reach") }
  }

  /// How many people have kept hours (tests, `index status` some day).
  public func workingHoursCount() throws -> Int {
    try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reach") ?? 0 }
  }

  /// In the transaction that removes people (a delta page, a 404): their kept hours go too.
  static func forgetReach(_ db: Database, removedIn changes: [DeltaChange]) throws {
    let delete = try db.cachedStatement(sql: "DELETE FROM reach WHERE id = ?")
    for case .removed(let id) in changes { try delete.execute(arguments: [PersonRow.key(id)]) }
  }

  /// In the transaction that makes `generation` the live one: the kept hours of anyone it does
  /// not list go (they left while no delta said so, or the token no longer reads them).
  static func forgetReachOfPeopleGone(_ db: Database, generation: Int) throws {
    try db.execute(
      sql: "DELETE FROM reach WHERE NOT EXISTS (SELECT 1 FROM person WHERE generation = ? AND id = reach.id)",
      arguments: [generation])
  }
}
