import Foundation
import GRDB

/// What an `--offline` answer checks before it reads, from the index's `meta` alone: whether a
/// full sync finished and when, when rooms were refreshed, and which kinds a round has filled.
/// Nothing is counted — `IndexStatus` counts every table for `roster index status`, which at
/// 50,000 devices and 40,000 apps was a tenth of `roster apps --expiring 30d --offline` (issue 42).
public struct IndexReadiness: Sendable, Equatable {
  /// A full sync has finished: searches may use the index.
  public var complete: Bool
  public var lastSync: Date?
  /// When Graph last answered a rooms refresh.
  public var roomsRefreshed: Date?
  /// Each registered kind (`IndexedKinds`), by its name (`device`).
  public var kinds: [String: KindReadiness]

  init(meta: [String: String]) {
    complete = DirectoryIndex.liveGeneration(meta) > 0 && meta["delta_link"] != nil
    lastSync = Double(meta["last_sync"] ?? "").map(Date.init(timeIntervalSince1970:))
    roomsRefreshed = Double(meta["rooms_refreshed"] ?? "").map(Date.init(timeIntervalSince1970:))
    kinds = Dictionary(uniqueKeysWithValues: IndexedKinds.all.map { ($0.kind.rawValue, $0.readiness(meta)) })
  }
}

/// Whether the index keeps a kind: a round of it finished (`kept`), or the sign-in lacks the
/// permission to list it (`missingPermission`; then nothing is kept).
public struct KindReadiness: Sendable, Equatable {
  public var kept: Bool
  public var missingPermission: String?

  public init(kept: Bool, missingPermission: String? = nil) {
    self.kept = kept
    self.missingPermission = missingPermission
  }
}

extension DirectoryIndex {
  public func readiness() throws -> IndexReadiness {
    try pool.read { db in IndexReadiness(meta: try Self.meta(db)) }
  }

  /// One table's readiness as `meta` records it: its refusal, or its live generation and delta link.
  static func readiness<Item>(of table: ItemTable<Item>, _ meta: [String: String]) -> KindReadiness {
    if let missing = meta[table.key.problem] { return KindReadiness(kept: false, missingPermission: missing) }
    return KindReadiness(kept: Int(meta[table.key.generation] ?? "") != nil && meta[table.key.deltaLink] != nil)
  }
}
