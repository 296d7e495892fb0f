import Foundation
import RosterCore

/// What a sync does about groups (issue 20).
public enum GroupSyncMode: Sendable {
  /// Groups are not part of this sync (tests of people only, the bench's people-only figures).
  case off
  /// Keep groups and memberships through `/groups/delta` with members.
  case sync(GroupDeltaFeed)
  /// The token may not read groups: the index keeps none and says why (`index status`).
  case notPermitted(GroupPermissionNeed)
}

/// The groups half of a sync round: a full round the first time (or when the delta link has
/// expired), else a delta round, page by page, each page one transaction. A large group's
/// members come in slices spread over pages and are written as they come: nothing holds a whole
/// 20,000-member group. A 403 means the token may not read groups: the index then keeps none.
struct GroupIndexSync {
  let index: DirectoryIndex
  let feed: GroupDeltaFeed
  let now: @Sendable () -> Date

  /// Returns (entries applied, pages fetched).
  func run(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> (changes: Int, requests: Int) {
    do {
      let point = try index.groupSyncPoint()
      if point.building == nil, point.liveGeneration > 0, let link = point.deltaLink {
        do {
          return try await deltaRound(from: link, onRetry: onRetry)
        } catch let error where DeltaFeed.needsFullSync(error) {
          try index.dropGroupDeltaLink()
        }
      }
      return try await fullRound(resume: point.building, onRetry: onRetry)
    } catch let error as DirectoryError {
      if let need = GroupPermissionNeed(error) {
        try index.forgetGroups(because: need)
        return (0, 1)
      }
      throw error
    }
  }

  private func deltaRound(from link: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> (
    changes: Int, requests: Int
  ) {
    var changes = 0
    var requests = 0
    let ahead = pages(from: link, onRetry: onRetry)
    defer { ahead.cancel() }
    while true {
      let page = try await ahead.next()
      requests += 1
      try index.writeGroupDeltaPage(page, at: now())
      changes += page.changes.count
      guard page.nextLink != nil else { return (changes, requests) }
    }
  }

  private func fullRound(
    resume: (generation: Int, link: String?)?, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws -> (changes: Int, requests: Int) {
    var generation: Int
    var link: String?
    if let resume, resume.link != nil {
      (generation, link) = (resume.generation, resume.link)
    } else {
      generation = try index.beginGroupSync()
      link = nil
    }
    var changes = 0
    var requests = 0
    // The next pages are fetched (and decoded) while this one is written (issue 22).
    var ahead = pages(from: link, onRetry: onRetry)
    defer { ahead.cancel() }
    while true {
      let page: GroupDeltaPage
      do {
        page = try await ahead.next()
      } catch let error where link != nil && DeltaFeed.needsFullSync(error) {
        generation = try index.beginGroupSync()
        link = nil
        ahead.cancel()
        ahead = pages(from: nil, onRetry: onRetry)
        continue
      }
      requests += 1
      changes += page.changes.count
      guard let next = page.nextLink else {
        try index.finishGroupSync(page, generation: generation, at: now())
        return (changes, requests)
      }
      try index.writeGroupPage(page, generation: generation)
      link = next
    }
  }
}

extension GroupIndexSync {
  /// The round's pages from `link` on, fetched ahead of the writer (`PageRunAhead`).
  fileprivate func pages(from link: String?, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    -> PageRunAhead<GroupDeltaPage>
  {
    let feed = feed
    return PageRunAhead(from: link, fetch: { try await feed.fetch($0, onRetry) }, nextLink: { $0.nextLink })
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
