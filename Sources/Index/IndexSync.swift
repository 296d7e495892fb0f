import Diagnostics
import Foundation
import RosterCore

/// Progress of a sync, for the status line and `roster index sync` on stderr.
public struct IndexProgress: Sendable, Equatable {
  public enum Phase: Sendable, Equatable { case full, delta }
  public var phase: Phase
  /// People written in this round so far.
  public var indexed: Int
  /// The directory's size as `/users/$count` said at the start of a full sync.
  public var estimate: Int?

  public init(phase: Phase, indexed: Int, estimate: Int?) {
    self.phase = phase
    self.indexed = indexed
    self.estimate = estimate
  }
}

/// How a sync ended.
public enum IndexSyncOutcome: Sendable, Equatable {
  /// The index is complete and current: `changes` entries applied, `requests` pages fetched.
  case synced(full: Bool, changes: Int, requests: Int)
  /// Another process holds this account's sync lock; nothing was done.
  case busy
}

/// Why a sync stopped short. The index keeps its last complete state in every case.
public enum IndexSyncError: Error, Sendable, Equatable {
  /// The token may not read the directory (403); `message` names the permission.
  case permissionDenied(String)
  case failed(DirectoryError)
}

/// Brings an index up to date from the delta feed: a full sync the first time (or when the
/// service no longer knows the delta link), else one delta round. Resumes an unfinished round
/// from the link stored with its last committed page.
public struct IndexSync: Sendable {
  public let index: DirectoryIndex
  public let feed: DeltaFeed
  /// `/users/$count`, for "indexing 12,000 of ~200,000"; nil when unknown.
  public let estimate: @Sendable () async -> Int?
  public let now: @Sendable () -> Date
  /// Groups and memberships, synced after the people in the same round (issue 20).
  public let groups: GroupSyncMode
  /// Rooms, refreshed whole after people and groups (no delta for places).
  public let rooms: RoomSyncMode
  /// One delta round straight after a full round, from the link the round stored, for people and
  /// groups alike: a fill (`DeltaFeed.liveFill`, `GroupDeltaFeed.liveFill`) reads `/users` or
  /// `/groups` pages over time and stores the link taken before its first page, so the changes
  /// made meanwhile come in at once rather than at the next sync.
  public let catchUpAfterFull: Bool
  /// The registered kinds' rounds (devices, apps), run after people and groups.
  public let kinds: [any KindSyncRound]

  public init(
    index: DirectoryIndex, feed: DeltaFeed, estimate: @escaping @Sendable () async -> Int? = { nil },
    now: @escaping @Sendable () -> Date = { Date() }, groups: GroupSyncMode = .off, rooms: RoomSyncMode = .off,
    catchUpAfterFull: Bool = false, kinds: [any KindSyncRound] = []
  ) {
    self.kinds = kinds
    self.index = index
    self.feed = feed
    self.estimate = estimate
    self.now = now
    self.groups = groups
    self.rooms = rooms
    self.catchUpAfterFull = catchUpAfterFull
  }

  public func run(
    progress: @escaping @Sendable (IndexProgress) -> Void = { _ in },
    onRetry: @escaping @Sendable (RetryNotice) -> Void = { _ in }
  ) async throws(IndexSyncError) -> IndexSyncOutcome {
    // Sync progress goes to the log as well as to the caller: "stuck at 40,000" is a support case.
    let log = DiagnosticLog.logger("roster.index")
    let started = ContinuousClock.now
    log.info("index sync started", metadata: ["file": "\(index.location.file.lastPathComponent)"])
    do throws(IndexSyncError) {
      let outcome = try await runLocked(
        progress: { update in
          log.info(
            "index sync progress",
            metadata: [
              "phase": "\(update.phase)", "indexed": "\(update.indexed)",
              "estimate": "\(update.estimate.map(String.init) ?? "unknown")",
            ])
          progress(update)
        }, onRetry: onRetry)
      log.info("index sync finished", metadata: ["outcome": "\(outcome)", "after": "\(ContinuousClock.now - started)"])
      return outcome
    } catch {
      log.warning("index sync failed", metadata: ["error": "\(error)"])
      throw error
    }
  }

  private func runLocked(
    progress: @escaping @Sendable (IndexProgress) -> Void, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(IndexSyncError) -> IndexSyncOutcome {
    // Page bodies and a page's arrays go back to the system when freed (issue 30).
    HeapTrim.mapLargeBlocks()
    guard let lock = SyncLock(index.location.lockFile) else { return .busy }
    defer { withExtendedLifetime(lock) {} }
    do {
      // Groups run beside the people (issue 30): two chains of requests at once rather than one
      // after the other, each round still committed page by page on its own.
      async let groupsDone = groupsRound(onRetry: onRetry)
      let people = try await peopleRound(progress: progress, onRetry: onRetry)
      let groups = try await groupsDone
      var outcome = people
      if case .synced(let full, let changes, let requests) = people, let groups {
        outcome = .synced(full: full, changes: changes + groups.changes, requests: requests + groups.requests)
      }
      if case .synced(let full, var changes, var requests) = outcome {
        for round in kinds {
          let done = try await round.run(index, now: now, catchUpAfterFull: catchUpAfterFull, onRetry: onRetry)
          changes += done.changes
          requests += done.requests
        }
        outcome = .synced(full: full, changes: changes, requests: requests)
      }
      if case .synced = outcome {
        try await RoomIndexRefresh(index: index, mode: rooms, now: now).run(onRetry: onRetry)
      }
      // A full round packed the file already; delta rounds pack it once they have grown it.
      if case .synced(full: false, _, _) = outcome { try index.compactIfGrown() }
      return outcome
    } catch let error as IndexSyncError {
      throw error
    } catch let error as DirectoryError {
      if case .permissionDenied(let message) = error {
        try? index.recordPermissionProblem(message)
        throw .permissionDenied(message)
      }
      throw .failed(error)
    } catch {
      // A write that fails as damage (the file truncated or deleted under it) is kept, so the
      // caller falls back to Graph and rebuilds instead of retrying into a broken file.
      index.noteFailure(error)
      throw .failed(.malformedResponse("The local index could not be written: \(error)"))
    }
  }

  /// The people's round (`SyncRound`): a delta round from the stored link unless a full round is
  /// under way or the rows must be filled again (`refill`), resumed from its last committed page.
  private func peopleRound(
    progress: @escaping @Sendable (IndexProgress) -> Void, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws -> IndexSyncOutcome {
    let point = try index.syncPoint()
    let delta = point.building == nil && !point.refill && point.liveGeneration > 0 ? point.deltaLink : nil
    let index = index
    let tables = SyncRound<DeltaChange>.Tables(
      beginFull: { try index.beginFullSync(estimate: $0) },
      writeFull: { try index.writeFullPage($0, generation: $1, count: $2) },
      finishFull: { try index.finishFullSync($0, generation: $1, at: $2) },
      afterFull: { try index.purgeOldGenerations() },
      // A process killed while purging left the replaced generation: deltas place people among
      // the live generation's rows alone (`DirectoryIndex.place`).
      beforeDelta: { try index.purgeOldGenerations(pack: false) },
      writeDelta: { try index.writeDeltaPage($0, at: $1) },
      dropDeltaLink: { try index.dropDeltaLink() },
      resumedEstimate: { try index.status().estimate },
      bulk: (begin: { try index.beginBulkWrites() }, end: { try? index.endBulkWrites() }),
      logsTimings: true)
    let round = SyncRound(
      feed: feed, tables: tables, now: now, estimate: estimate, progress: progress, onRetry: onRetry)
    let outcome = try await round.run(deltaLink: delta.map { point.deltaNext ?? $0 }, resume: point.building)
    guard catchUpAfterFull, case .synced(true, let changes, let requests) = outcome,
      let link = try index.syncPoint().deltaLink
    else { return outcome }
    // The rows are complete and searchable already; the catch-up edits them as any delta does.
    guard case .synced(_, let caught, let more) = try await round.run(deltaLink: link, resume: nil) else {
      return outcome
    }
    return .synced(full: true, changes: changes + caught, requests: requests + more)
  }

  /// The groups round (`GroupIndexSync`), run beside the people's: entries applied and pages
  /// fetched, nil when groups are not synced.
  private func groupsRound(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
    -> (changes: Int, requests: Int)?
  {
    switch groups {
    case .off:
      return nil
    case .notPermitted(let need):
      if try index.groupStatus().problem != need { try index.forgetGroups(because: need) }
      return nil
    case .sync(let feed):
      return try await GroupIndexSync(index: index, feed: feed, now: now, catchUpAfterFull: catchUpAfterFull).run(
        onRetry: onRetry)
    }
  }
}
