import Foundation
import RosterCore

/// What a sync does about groups (issue 20).
public enum GroupSyncMode: Sendable {
  /// Groups are not part of this sync (tests of people only, the bench's people-only figures).
  case off
  /// Keep groups and memberships through `/groups/delta` with members, or a first sync filled
  /// from `/groups` (`GroupDeltaFeed.liveFill`) and caught up by delta.
  case sync(GroupDeltaFeed)
  /// The token may not read groups: the index keeps none and says why (`index status`).
  case notPermitted(GroupPermissionNeed)
}

/// The groups half of a sync round (`SyncRound`, as the people's): a full round the first time
/// (or when the delta link has expired), else a delta round, page by page, each page one
/// transaction. A large group's members come in slices spread over pages and are written as they
/// come: nothing holds a whole 20,000-member group. A 403 means the token may not read groups:
/// the index then keeps none.
struct GroupIndexSync {
  let index: DirectoryIndex
  let feed: GroupDeltaFeed
  let now: @Sendable () -> Date
  /// One delta round straight after a full round (a fill's catch-up, `GroupDeltaFeed.liveFill`).
  var catchUpAfterFull = false

  /// Returns (entries applied, pages fetched).
  func run(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> (changes: Int, requests: Int) {
    do {
      let point = try index.groupSyncPoint()
      let delta = point.building == nil && point.liveGeneration > 0 ? point.deltaLink : nil
      let index = index
      let tables = SyncRound<GroupDeltaChange>.Tables(
        beginFull: { _ in try index.beginGroupSync() },
        writeFull: { page, generation, _ in
          try index.writeGroupPage(page, generation: generation)
          // A written page's ~100,000 members were allocated on whichever threads decoded them.
          HeapTrim.release()
        },
        finishFull: { try index.finishGroupSync($0, generation: $1, at: $2) },
        writeDelta: { try index.writeGroupDeltaPage($0, at: $1) },
        dropDeltaLink: { try index.dropGroupDeltaLink() },
        // One page waiting, not two: a fill's page of 999 groups holds ~100,000 members, and its
        // fill already completes the next page meanwhile (`FillAhead`). While the people's round
        // holds the writer (its finishing takes seconds) every waiting page is held at once.
        pagesAhead: 1)
      let round = SyncRound(
        feed: feed, tables: tables, now: now, estimate: { nil }, progress: { _ in }, onRetry: onRetry)
      let resume = point.building.map { (generation: $0.generation, link: $0.link, count: 0) }
      guard case .synced(let full, let changes, let requests) = try await round.run(deltaLink: delta, resume: resume)
      else { return (0, 0) }
      // A fill's groups are caught up at once, as its people are (`IndexSync.catchUpAfterFull`).
      guard catchUpAfterFull, full, let link = try index.groupSyncPoint().deltaLink,
        case .synced(_, let caught, let more) = try await round.run(deltaLink: link, resume: nil)
      else { return (changes, requests) }
      return (changes + caught, requests + more)
    } catch let error as DirectoryError {
      if let need = GroupPermissionNeed(error) {
        try index.forgetGroups(because: need)
        return (0, 1)
      }
      throw error
    }
  }
}

extension GroupSyncMode {
  /// Groups for `account`: synced through `feed` when the token may read them, kept out (and
  /// said) when it may not, off when there is no feed.
  public init(account: Account, feed: GroupDeltaFeed?) {
    guard let feed else {
      self = .off
      return
    }
    self = account.canReadGroups ? .sync(feed) : .notPermitted(.readGroups)
  }
}
