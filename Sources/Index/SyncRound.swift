import Diagnostics
import Foundation
import RosterCore

/// One kind's sync round, written once for every kind (issue 29): a delta round from the stored
/// link, or a full round (the first time, when the service no longer knows the link, or to
/// finish one that was interrupted) into a new generation beside the live one. Page by page, each
/// page one transaction; the next pages are fetched and decoded while this one is written
/// (`PageRunAhead`, issue 22). What differs between kinds is what `Tables` does with a page.
struct SyncRound<Change: Sendable & Equatable> {
  /// What one kind's tables do with its pages (people's `person` rows, groups' `directory_group`).
  struct Tables {
    /// Starts a full round's generation (told the directory's size when known); its number.
    var beginFull: (_ estimate: Int?) throws -> Int
    var writeFull: (_ page: ChangePage<Change>, _ generation: Int, _ countSoFar: Int) throws -> Void
    /// The last page: the generation becomes the live one.
    var finishFull: (_ page: ChangePage<Change>, _ generation: Int, _ now: Date) throws -> Void
    /// After a full round: replaced generations removed (and the file packed).
    var afterFull: () throws -> Void = {}
    /// Before a delta round: what a process killed mid-purge left behind removed.
    var beforeDelta: () throws -> Void = {}
    var writeDelta: (_ page: ChangePage<Change>, _ now: Date) throws -> Void
    var dropDeltaLink: () throws -> Void
    /// The size a resumed full round was told at its start.
    var resumedEstimate: () throws -> Int? = { nil }
    /// Around a full round's writes (people's bulk-write settings); `end` runs on every way out.
    var bulk: (begin: () throws -> Void, end: () -> Void)? = nil
    /// Whether the full round logs where its time went (the people's, which the bench reads).
    var logsTimings = false
    /// Pages that may wait decoded for the writer (`PageRunAhead.depth` when nil).
    var pagesAhead: Int? = nil
  }

  let feed: ChangeFeed<Change>
  let tables: Tables
  let now: @Sendable () -> Date
  let estimate: @Sendable () async -> Int?
  let progress: @Sendable (IndexProgress) -> Void
  let onRetry: @Sendable (RetryNotice) -> Void

  /// A delta round from `deltaLink` when there is one (a full round if the service has forgotten
  /// it), else a full round, resumed from `resume` when it has a next-page link.
  func run(deltaLink: String?, resume: (generation: Int, link: String?, count: Int)?) async throws
    -> IndexSyncOutcome
  {
    if let deltaLink {
      try tables.beforeDelta()
      do {
        return try await deltaRound(from: deltaLink)
      } catch let error where ChangeFeed<Change>.needsFullSync(error) {
        try tables.dropDeltaLink()
      }
    }
    return try await fullRound(resume: resume)
  }

  private func deltaRound(from link: String) async throws -> IndexSyncOutcome {
    var changes = 0
    var requests = 0
    let ahead = pages(from: link)
    defer { ahead.cancel() }
    while true {
      let page = try await ahead.next()
      requests += 1
      try tables.writeDelta(page, now())
      changes += page.changes.count
      progress(IndexProgress(phase: .delta, indexed: changes, estimate: nil))
      guard page.nextLink != nil else { return .synced(full: false, changes: changes, requests: requests) }
    }
  }

  private func fullRound(resume: (generation: Int, link: String?, count: Int)?) async throws -> IndexSyncOutcome {
    var generation: Int
    var link = resume?.link
    var count: Int
    var total: Int?
    var timings = SyncTimings()
    // The first page is already on its way while the directory's size is asked.
    var ahead = pages(from: link)
    defer {
      ahead.cancel()
      if tables.logsTimings {
        DiagnosticLog.logger("roster.index").info(
          "index sync timings", metadata: timings.metadata.mapValues { .string($0) })
      }
    }
    if let resume, link != nil {
      (generation, count) = (resume.generation, resume.count)
      total = try tables.resumedEstimate()
    } else {
      total = await estimate()
      generation = try tables.beginFull(total)
      count = 0
    }
    var requests = 0
    try tables.bulk?.begin()
    defer { tables.bulk?.end() }
    progress(IndexProgress(phase: .full, indexed: count, estimate: total))
    while true {
      let page: ChangePage<Change>
      do {
        page = try await timings.measure(\.waitingForPages) { try await ahead.next() }
      } catch let error where link != nil && ChangeFeed<Change>.needsFullSync(error) {
        // The page link of an interrupted round has expired: start the round again.
        total = await estimate()
        generation = try tables.beginFull(total)
        (link, count) = (nil, 0)
        ahead.cancel()
        ahead = pages(from: nil)
        continue
      }
      requests += 1
      count += page.changes.count
      if page.nextLink == nil {
        try await timings.measure(\.finishing) { try tables.finishFull(page, generation, now()) }
        progress(IndexProgress(phase: .full, indexed: count, estimate: total))
        try await timings.measure(\.purging) { try tables.afterFull() }
        return .synced(full: true, changes: count, requests: requests)
      }
      try await timings.measure(\.writingPages) { try tables.writeFull(page, generation, count) }
      progress(IndexProgress(phase: .full, indexed: count, estimate: total))
      link = page.nextLink
    }
  }

  /// The round's pages from `link` on, fetched ahead of the writer (`PageRunAhead`).
  private func pages(from link: String?) -> PageRunAhead<ChangePage<Change>> {
    let (feed, onRetry) = (feed, onRetry)
    return PageRunAhead(
      from: link, depth: tables.pagesAhead, fetch: { try await feed.fetch($0, onRetry) }, nextLink: { $0.nextLink })
  }
}
