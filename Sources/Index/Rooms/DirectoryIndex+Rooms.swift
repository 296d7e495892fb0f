import Foundation
import GRDB
import RosterCore

/// The index's rooms (issue 29 item 6): Graph's places have no delta query and a tenant holds
/// hundreds of rooms, so the set is replaced whole, in one transaction, and read whole. A room
/// is kept as the JSON `roster rooms --json` prints (Graph's property names) in arrival order;
/// nothing is searched in SQL, since `RoomFilter` matches the whole list in memory.
///
/// Keys in `meta`: `rooms_refreshed` (when Graph last answered: the rooms, or that the token may
/// not read them), `rooms_problem` (the permission missing; no rooms are kept then) and
/// `rooms_failure` (why the last refresh did not finish; the previous set is kept).
extension DirectoryIndex {
  /// Schema v6: the rooms table. No other table is touched: people and groups stay as they are.
  static func addRooms(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE room(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, json TEXT NOT NULL)")
  }

  /// Replaces every stored room with `rooms` in one transaction: a room Graph no longer lists
  /// is gone, and a write that fails leaves the previous set whole. A room listed twice (pages
  /// that moved under the reader) is kept once, where it came first.
  public func replaceRooms(_ rooms: [Room], at now: Date) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let rows = try rooms.map { ($0.id, String(decoding: try encoder.encode($0), as: UTF8.self)) }
    try pool.write { db in
      try db.execute(sql: "DELETE FROM room")
      let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO room(id, json) VALUES (?, ?)")
      for (id, json) in rows { try insert.execute(arguments: [id, json]) }
      try Self.set(
        db,
        [
          "rooms_refreshed": String(now.timeIntervalSince1970), "rooms_problem": nil, "rooms_failure": nil,
        ])
    }
  }

  /// The token may not read places: the index keeps no rooms (nothing the sign-in may no longer
  /// read is answered from disk, as with groups) and says which permission is missing.
  public func forgetRooms(missing permission: String, at now: Date) throws {
    try pool.write { db in
      try db.execute(sql: "DELETE FROM room")
      try Self.set(
        db,
        [
          "rooms_refreshed": String(now.timeIntervalSince1970), "rooms_problem": permission,
          "rooms_failure": nil,
        ])
    }
  }

  /// A refresh that did not finish (Graph failed, a page was refused): the stored set stays,
  /// and `index status` says why it is not newer.
  public func noteRoomFailure(_ message: String) throws {
    try pool.write { db in try Self.set(db, ["rooms_failure": message]) }
  }

  /// Every stored room in the order Graph listed them, with the status they were read with
  /// (one read: a refresh between two would pair one set with another's count). A row that is
  /// not a room's JSON (written by something else) is left out rather than failing the list.
  public func rooms() throws -> (status: RoomIndexStatus, rooms: [Room]) {
    let (status, texts) = try pool.read { db in
      (
        try Self.roomStatus(db, meta: try Self.meta(db)),
        try String.fetchAll(db, sql: "SELECT json FROM room ORDER BY rowid")
      )
    }
    let decoder = JSONDecoder()
    return (status, texts.compactMap { try? decoder.decode(Room.self, from: Data($0.utf8)) })
  }

  /// What the index knows of rooms, for `index status`, the summary and the daily refresh.
  public func roomStatus() throws -> RoomIndexStatus {
    try pool.read { db in try Self.roomStatus(db, meta: try Self.meta(db)) }
  }

  static func roomStatus(_ db: Database, meta: [String: String]) throws -> RoomIndexStatus {
    let refreshed = Double(meta["rooms_refreshed"] ?? "").map(Date.init(timeIntervalSince1970:))
    let problem = meta["rooms_problem"]
    let count = refreshed != nil && problem == nil ? try Int.fetchOne(db, sql: "SELECT count(*) FROM room") : nil
    return RoomIndexStatus(
      rooms: count, refreshed: refreshed, missingPermission: problem, failure: meta["rooms_failure"])
  }
}

/// The rooms part of `IndexStatus`.
public struct RoomIndexStatus: Sendable, Equatable {
  /// Rooms held; nil before the first refresh, or when the token may not read them.
  public var rooms: Int?
  /// When Graph last answered a refresh (with rooms or with a 403).
  public var refreshed: Date?
  /// The permission the token lacks (`Place.Read.All`); no rooms are kept then.
  public var missingPermission: String?
  /// Why the last refresh did not finish; the rooms held are from `refreshed`.
  public var failure: String?
}
