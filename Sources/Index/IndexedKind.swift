import Foundation
import GRDB
import RosterCore

/// A `SearchedKind`'s part of the local index (devices, apps): its tables, what it keeps, and its
/// reads. Registered once in `IndexedKinds.all`; the index's migrations, its status, the live
/// client's readers and `roster index status` iterate that list, so a new kind writes its part in
/// its own folder (`Index/<Kind>/`) and one line there.
public protocol IndexedKind {
  static var kind: ObjectKind { get }
  /// Its tables' migrations, named after it (`"devices-v1"`), registered after the index's own in
  /// the registry's order (GRDB runs each once, by name).
  static func registerMigrations(_ migrator: inout DatabaseMigrator)
  /// What it keeps: nil count before its first sync finished, or with the permission it lacks.
  static func count(_ db: Database) throws -> KindIndexCount
  /// Whether it keeps anything, from `meta` alone (`IndexReadiness`: nothing counted).
  static func readiness(_ meta: [String: String]) -> KindReadiness
  /// Forgets what `account` may not read (its token lacks the kind's permission), as the index is
  /// attached: nothing the sign-in may no longer read is answered from disk.
  static func conform(_ index: DirectoryIndex, to account: Account) throws
  /// Its reads from the attached index (nil while none is attached: the reader answers `.offline`).
  static func reader(_ index: @escaping @Sendable () -> DirectoryIndex?) -> KindIndexReader
}

/// A kind's round in a sync, built by the composition root over its Graph feed (the Index target
/// knows no Graph): it runs after the people's and groups' in the same locked sync.
public protocol KindSyncRound: Sendable {
  var kind: ObjectKind { get }
  /// Entries applied and pages fetched. A missing permission is recorded in the kind's tables and
  /// returns (0, 1): the rest of the index still syncs.
  func run(
    _ index: DirectoryIndex, now: @escaping @Sendable () -> Date, catchUpAfterFull: Bool,
    onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws -> (changes: Int, requests: Int)
}

/// What the index keeps of one kind, as `roster index status --json` writes it.
public struct IndexedKindStatus: Sendable, Equatable, Codable {
  public var count: Int?
  public var missingPermission: String?

  public init(_ count: KindIndexCount) {
    self.count = count.count
    self.missingPermission = count.problem
  }
}

extension DirectoryIndex {
  /// Each registered kind's count, by kind.
  static func kindCounts(_ db: Database) throws -> [ObjectKind: KindIndexCount] {
    var counts: [ObjectKind: KindIndexCount] = [:]
    for indexed in IndexedKinds.all { counts[indexed.kind] = try indexed.count(db) }
    return counts
  }

  /// Each registered kind forgets what `account` may not read.
  func conformKinds(to account: Account) throws {
    for indexed in IndexedKinds.all { try indexed.conform(self, to: account) }
  }

  /// Each registered kind's reader over the attached index.
  static func kindReaders(_ index: @escaping @Sendable () -> DirectoryIndex?) -> [ObjectKind: KindIndexReader] {
    Dictionary(uniqueKeysWithValues: IndexedKinds.all.map { ($0.kind, $0.reader(index)) })
  }
}
