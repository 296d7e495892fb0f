import Foundation
import GRDB
import RosterCore

/// Group writes, one transaction per page like people's: a full groups round writes a new
/// group generation beside the live one and switches when its last page has come; delta rounds
/// edit the live generation. Keys in `meta`: `groups_generation`, `groups_delta_link`,
/// `groups_building_generation`, `groups_building_link`, `groups_last_sync`, `groups_problem`
/// (the `GroupPermissionNeed` that keeps the index from holding groups).
extension DirectoryIndex {
  struct GroupSyncPoint: Equatable {
    var liveGeneration: Int
    var deltaLink: String?
    var building: (generation: Int, link: String?)?

    static func == (lhs: GroupSyncPoint, rhs: GroupSyncPoint) -> Bool {
      lhs.liveGeneration == rhs.liveGeneration && lhs.deltaLink == rhs.deltaLink
        && lhs.building?.generation == rhs.building?.generation && lhs.building?.link == rhs.building?.link
    }
  }

  func groupSyncPoint() throws -> GroupSyncPoint {
    try pool.read { db in
      let meta = try Self.meta(db)
      return GroupSyncPoint(
        liveGeneration: Int(meta["groups_generation"] ?? "") ?? 0, deltaLink: meta["groups_delta_link"],
        building: Int(meta["groups_building_generation"] ?? "").map { ($0, meta["groups_building_link"]) })
    }
  }

  func beginGroupSync() throws -> Int {
    try pool.write { db in
      let live = try Self.liveGroupGeneration(db)
      try Self.purgeGroups(db, except: live)
      try Self.set(db, ["groups_building_generation": String(live + 1), "groups_building_link": nil])
      return live + 1
    }
  }

  func writeGroupPage(_ page: GroupDeltaPage, generation: Int) throws {
    try pool.write { db in
      try Self.applyGroups(db, page.changes, generation: generation)
      try Self.set(db, ["groups_building_link": page.nextLink])
    }
  }

  func finishGroupSync(_ page: GroupDeltaPage, generation: Int, at now: Date) throws {
    try pool.write { db in
      try Self.applyGroups(db, page.changes, generation: generation)
      try Self.set(
        db,
        [
          "groups_generation": String(generation), "groups_delta_link": page.deltaLink,
          "groups_last_sync": String(now.timeIntervalSince1970), "groups_building_generation": nil,
          "groups_building_link": nil, "groups_problem": nil,
        ])
      try Self.purgeGroups(db, except: generation)
    }
  }

  func writeGroupDeltaPage(_ page: GroupDeltaPage, at now: Date) throws {
    try pool.write { db in
      try Self.applyGroups(db, page.changes, generation: try Self.liveGroupGeneration(db))
      if let link = page.deltaLink {
        try Self.set(db, ["groups_delta_link": link, "groups_last_sync": String(now.timeIntervalSince1970)])
      }
    }
  }

  func dropGroupDeltaLink() throws {
    try pool.write { db in try Self.set(db, ["groups_delta_link": nil]) }
  }

  /// The token may not read groups: the index keeps none (every generation emptied) and says why.
  /// Nothing the sign-in may no longer read is answered from disk.
  public func forgetGroups(because need: GroupPermissionNeed) throws {
    try pool.write { db in
      try Self.purgeGroups(db, except: nil)
      try Self.set(
        db,
        [
          "groups_problem": need.rawValue, "groups_generation": nil, "groups_delta_link": nil,
          "groups_building_generation": nil, "groups_building_link": nil, "groups_last_sync": nil,
        ])
    }
  }

  static func liveGroupGeneration(_ db: Database) throws -> Int {
    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'groups_generation'").flatMap { Int($0) } ?? 0
  }

  // MARK: - Rows

  private static func applyGroups(_ db: Database, _ changes: [GroupDeltaChange], generation: Int) throws {
    let placeholders = GroupRow.columns.map { _ in "?" }.joined(separator: ",")
    let insert = try db.cachedStatement(
      sql: "INSERT INTO directory_group(\(GroupRow.columns.joined(separator: ","))) VALUES (\(placeholders))")
    let insertTokens = try db.cachedStatement(sql: "INSERT INTO group_fts(rowid, name, about) VALUES (?, ?, ?)")
    let addMember = try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO group_member(generation, groupKey, memberKey, memberType) VALUES (?, ?, ?, ?)")
    let removeMember = try db.cachedStatement(
      sql: "DELETE FROM group_member WHERE generation = ? AND groupKey = ? AND memberKey = ?")
    for change in changes {
      switch change {
      case .upsert(let id, let group, let members):
        if let group {
          try deleteGroupRow(db, id: id, generation: generation)
          try insert.execute(arguments: GroupRow.arguments(group, generation: generation))
          try insertTokens.execute(arguments: [db.lastInsertedRowID] + StatementArguments(GroupRow.tokens(group)))
        }
        guard !members.isEmpty, let groupKey = try objectKey(db, id, create: true) else { continue }
        for member in members {
          if member.removed {
            guard let memberKey = try objectKey(db, member.id, create: false) else { continue }
            try removeMember.execute(arguments: [generation, groupKey, memberKey])
          } else if let memberKey = try objectKey(db, member.id, create: true) {
            try addMember.execute(arguments: [generation, groupKey, memberKey, code(member.kind)])
          }
        }
      case .removed(let id):
        try deleteGroupRow(db, id: id, generation: generation)
        if let key = try objectKey(db, id, create: false) {
          try db.execute(
            sql: "DELETE FROM group_member WHERE generation = ? AND (groupKey = ? OR memberKey = ?)",
            arguments: [generation, key, key])
        }
      }
    }
  }

  private static func deleteGroupRow(_ db: Database, id: String, generation: Int) throws {
    let find = try db.cachedStatement(
      sql: "SELECT \(GroupRow.selection()) FROM directory_group WHERE generation = ? AND id = ?")
    guard let row = try Row.fetchOne(find, arguments: [generation, id]) else { return }
    try deleteGroupRow(db, row)
  }

  /// A contentless FTS5 row is deleted by giving back the values it was made from.
  private static func deleteGroupRow(_ db: Database, _ row: Row) throws {
    let rowid = GroupRow.rowid(row)
    try db.cachedStatement(sql: "INSERT INTO group_fts(group_fts, rowid, name, about) VALUES ('delete', ?, ?, ?)")
      .execute(arguments: [rowid] + StatementArguments(GroupRow.tokens(GroupRow.group(row))))
    try db.cachedStatement(sql: "DELETE FROM directory_group WHERE rowid = ?").execute(arguments: [rowid])
  }

  /// Deletes every group generation but `kept` (all when nil).
  private static func purgeGroups(_ db: Database, except kept: Int?) throws {
    let rows = try Row.fetchAll(
      db, sql: "SELECT \(GroupRow.selection()) FROM directory_group WHERE generation != ?", arguments: [kept ?? -1])
    for row in rows { try deleteGroupRow(db, row) }
    try db.execute(sql: "DELETE FROM group_member WHERE generation != ?", arguments: [kept ?? -1])
  }
}

extension DirectoryIndex {
  /// Brings the index's groups within what `account`'s token may read before anything is read
  /// from it, as `conform(to:)` does for people: a token without a group permission finds no
  /// group rows (an administrator withdrew consent since the last sync). Only reads when nothing
  /// needs doing, so a start never waits for the write lock.
  public func conformGroups(to account: Account) throws {
    guard !account.canReadGroups, try groupStatus().problem != .readGroups else { return }
    try forgetGroups(because: .readGroups)
  }
}
