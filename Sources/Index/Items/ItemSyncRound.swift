import Foundation
import GRDB
import RosterCore

/// An `ItemTable`'s round in a sync (`SyncRound`, as people's and groups'): a full round the first
/// time, after the token was refused, or when the service no longer knows the link; else a delta
/// round from the stored link; page by page, each page one transaction. A 403 means the token may
/// not read the kind: the index keeps none of it and says why, and the rest of the sync goes on.
public struct ItemSyncRound<Item: SearchableItem & Codable>: KindSyncRound {
  public let table: ItemTable<Item>
  let feed: ChangeFeed<ItemChange<Item>>

  public init(table: ItemTable<Item>, feed: ChangeFeed<ItemChange<Item>>) {
    self.table = table
    self.feed = feed
  }

  public var kind: ObjectKind { Item.objectKind }

  /// `catchUpAfterFull` is for rounds filled from a listing (groups'): an item round is Graph's
  /// own delta from its first page, so its last page's link already follows every change.
  public func run(
    _ index: DirectoryIndex, now: @escaping @Sendable () -> Date, catchUpAfterFull: Bool,
    onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws -> (changes: Int, requests: Int) {
    let table = table
    do {
      let point = try index.syncPoint(of: table)
      let tables = SyncRound<ItemChange<Item>>.Tables(
        beginFull: { _ in try index.beginSync(of: table) },
        writeFull: { page, generation, _ in try index.writePage(page, generation: generation, to: table) },
        finishFull: { try index.finishSync($0, generation: $1, at: $2, in: table) },
        writeDelta: { try index.writeDeltaPage($0, at: $1, to: table) },
        dropDeltaLink: { try index.dropDeltaLink(of: table) })
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
      try index.forget(table, missing: table.permission)
      return (0, 1)
    }
  }
}
