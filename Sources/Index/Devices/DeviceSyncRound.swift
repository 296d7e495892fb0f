import Foundation
import GRDB
import RosterCore

/// The devices' round in a sync (`SyncRound`, as people's and groups'): a full round the first
/// time, after the token was refused, or when the service no longer knows the link; else a delta
/// round from the stored link; page by page, each page one transaction. A 403 means the token may
/// not read devices: the index keeps none and says why, and the rest of the sync goes on.
public struct DeviceSyncRound: KindSyncRound {
  let feed: ChangeFeed<DeviceChange>

  public init(feed: ChangeFeed<DeviceChange>) {
    self.feed = feed
  }

  public var kind: ObjectKind { DeviceIndex.kind }

  /// `catchUpAfterFull` is for rounds filled from a listing (groups'): a device round is Graph's
  /// own delta from its first page, so its last page's link already follows every change.
  public func run(
    _ index: DirectoryIndex, now: @escaping @Sendable () -> Date, catchUpAfterFull: Bool,
    onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws -> (changes: Int, requests: Int) {
    do {
      let point = try index.deviceSyncPoint()
      let tables = SyncRound<DeviceChange>.Tables(
        beginFull: { _ in try index.beginDeviceSync() },
        writeFull: { page, generation, _ in try index.writeDevicePage(page, generation: generation) },
        finishFull: { try index.finishDeviceSync($0, generation: $1, at: $2) },
        writeDelta: { try index.writeDeviceDeltaPage($0, at: $1) },
        dropDeltaLink: { try index.dropDeviceDeltaLink() })
      let round = SyncRound(
        feed: feed, tables: tables, now: now, estimate: { nil }, progress: { _ in }, onRetry: onRetry)
      let delta = point.building == nil && point.liveGeneration > 0 ? point.deltaLink : nil
      let resume = point.building.map { (generation: $0.generation, link: $0.link, count: 0) }
      guard case .synced(_, let changes, let requests) = try await round.run(deltaLink: delta, resume: resume) else {
        return (0, 0)
      }
      return (changes, requests)
    } catch let error as DirectoryError {
      guard case .permissionDenied = error else { throw error }
      try index.forgetDevices(missing: DeviceIndex.permission)
      return (0, 1)
    }
  }
}

private typealias Key = DeviceIndex.Key

/// Device writes, one transaction per page (the tables: `DeviceIndex`).
extension DirectoryIndex {
  struct DeviceSyncPoint {
    var liveGeneration: Int
    var deltaLink: String?
    /// A full round under way: its generation and the link to its next page.
    var building: (generation: Int, link: String?)?
  }

  func deviceSyncPoint() throws -> DeviceSyncPoint {
    try pool.read { db in
      let meta = try Self.meta(db)
      return DeviceSyncPoint(
        liveGeneration: Int(meta[Key.generation] ?? "") ?? 0, deltaLink: meta[Key.deltaLink],
        building: Int(meta[Key.building] ?? "").map { ($0, meta[Key.buildingLink]) })
    }
  }

  func beginDeviceSync() throws -> Int {
    try pool.write { db in
      let live = try DeviceIndex.liveGeneration(db)
      try Self.purgeDevices(db, except: live)
      try Self.set(db, [Key.building: String(live + 1), Key.buildingLink: nil])
      return live + 1
    }
  }

  func writeDevicePage(_ page: ChangePage<DeviceChange>, generation: Int) throws {
    try pool.write { db in
      try Self.applyDevices(db, page.changes, generation: generation)
      try Self.set(db, [Key.buildingLink: page.nextLink])
    }
  }

  /// The last page: the generation becomes the live one, and a recorded refusal is forgotten.
  func finishDeviceSync(_ page: ChangePage<DeviceChange>, generation: Int, at now: Date) throws {
    try pool.write { db in
      try Self.applyDevices(db, page.changes, generation: generation)
      try Self.set(
        db,
        [
          Key.generation: String(generation), Key.deltaLink: page.deltaLink,
          Key.lastSync: String(now.timeIntervalSince1970), Key.building: nil, Key.buildingLink: nil, Key.problem: nil,
        ])
      try Self.purgeDevices(db, except: generation)
    }
  }

  func writeDeviceDeltaPage(_ page: ChangePage<DeviceChange>, at now: Date) throws {
    try pool.write { db in
      try Self.applyDevices(db, page.changes, generation: try DeviceIndex.liveGeneration(db))
      if let link = page.deltaLink {
        try Self.set(db, [Key.deltaLink: link, Key.lastSync: String(now.timeIntervalSince1970)])
      }
    }
  }

  func dropDeviceDeltaLink() throws {
    try pool.write { db in try Self.set(db, [Key.deltaLink: nil]) }
  }

  /// The token may not read devices: the index keeps none (nothing the sign-in may no longer read
  /// is answered from disk) and says which permission is missing.
  func forgetDevices(missing permission: String) throws {
    try pool.write { db in
      try Self.purgeDevices(db, except: nil)
      try Self.set(
        db,
        [
          Key.problem: permission, Key.generation: nil, Key.deltaLink: nil, Key.building: nil, Key.buildingLink: nil,
          Key.lastSync: nil,
        ])
    }
  }

  /// A device is written whole, replacing its row: Graph's delta sends every selected property.
  private static func applyDevices(_ db: Database, _ changes: [DeviceChange], generation: Int) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let insert = try db.cachedStatement(sql: "INSERT INTO device(generation, id, name, json) VALUES (?, ?, ?, ?)")
    let insertTokens = try db.cachedStatement(sql: "INSERT INTO device_fts(rowid, name) VALUES (?, ?)")
    for change in changes {
      switch change {
      case .upsert(let device):
        try deleteDevice(db, id: device.id, generation: generation)
        let json = String(decoding: try encoder.encode(device), as: UTF8.self)
        try insert.execute(arguments: [generation, device.id, device.displayName.string, json])
        try insertTokens.execute(arguments: [db.lastInsertedRowID, DeviceIndex.tokens(device)])
      case .removed(let id):
        try deleteDevice(db, id: id, generation: generation)
      }
    }
  }

  private static func deleteDevice(_ db: Database, id: String, generation: Int) throws {
    let find = try db.cachedStatement(sql: "SELECT rowid FROM device WHERE generation = ? AND id = ? COLLATE NOCASE")
    for rowid in try Int64.fetchAll(find, arguments: [generation, id]) {
      try db.cachedStatement(sql: "DELETE FROM device_fts WHERE rowid = ?").execute(arguments: [rowid])
      try db.cachedStatement(sql: "DELETE FROM device WHERE rowid = ?").execute(arguments: [rowid])
    }
  }

  /// Deletes every device generation but `kept` (all when nil).
  private static func purgeDevices(_ db: Database, except kept: Int?) throws {
    let generation = kept ?? -1
    try db.execute(
      sql: "DELETE FROM device_fts WHERE rowid IN (SELECT rowid FROM device WHERE generation != ?)",
      arguments: [generation])
    try db.execute(sql: "DELETE FROM device WHERE generation != ?", arguments: [generation])
  }
}
