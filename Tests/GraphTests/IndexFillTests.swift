import Foundation
import GRDB
import Graph
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

@testable import Index

/// A first sync filled from `/users` and caught up from the delta link taken before it (issue 30,
/// `DeltaFeed.liveFill`) builds the index a delta walk builds: with people changing while it
/// runs, after a kill, and without a 429 under Graph's budget.
@Suite struct IndexFillTests {
  /// Every row of the live generation, by id: the person as read back, and the manager's id.
  static func rows(_ index: DirectoryIndex) throws -> [String: Person] {
    try index.read { db, terms in
      let generation = try DirectoryIndex.liveGeneration(db)
      let rows = try Row.fetchAll(
        db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ?", arguments: [generation])
      return Dictionary(uniqueKeysWithValues: rows.map { (PersonRow.id($0), PersonRow.person($0, terms)) })
    }
  }

  static func managers(_ index: DirectoryIndex) throws -> [String: String] {
    try index.read { db, _ in
      let generation = try DirectoryIndex.liveGeneration(db)
      let rows = try Row.fetchAll(
        db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ?", arguments: [generation])
      var result: [String: String] = [:]
      for row in rows {
        if let manager = try DirectoryIndex.managerId(db, PersonRow.manager(row)) {
          result[PersonRow.id(row)] = manager
        }
      }
      return result
    }
  }

  static func fill(_ fixture: IndexFixture, pageSize: Int) -> DeltaFeed {
    .liveFill(
      configuration: fixture.configuration, tokens: fixture.harness.tokens,
      transport: fixture.harness.harness.transport, pageSize: pageSize, sleep: fixture.harness.sleep.function)
  }

  static func id(_ change: DeltaChange) -> String {
    switch change {
    case .upsert(let person, _, _): person.id
    case .removed(let id): id
    }
  }

  /// People in the order `/users` lists them (the fill's own pages).
  static func listed(_ fixture: IndexFixture) async throws -> [String] {
    let feed = fill(fixture, pageSize: 999)
    var page = try await feed.fetch(nil) { _ in }
    var ids = page.changes.map(Self.id)
    while let next = page.nextLink {
      page = try await feed.fetch(next) { _ in }
      ids += page.changes.map(Self.id)
    }
    return ids
  }

  /// Titles, a rename, someone hidden from the address list and a leaver not yet listed change
  /// between the fill's pages (read ones and unread ones alike); after the catch-up the rows
  /// equal a delta walk's of the directory as it then is.
  @Test func aFillCaughtUpEqualsADeltaWalkWhilePeopleChange() async throws {
    try await SandboxGraph.run(size: 1500) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let order = try await Self.listed(fixture)
      let fill = Self.fill(fixture, pageSize: 200)
      let pages = LockedCounter()
      let changing = DeltaFeed { link, onRetry in
        let page = try await fill.fetch(link, onRetry)
        if pages.increment() == 3 {
          for id in order[0..<20] + order[1000..<1020] {
            try await harness.harness.call("PATCH", "users/\(id)", ["jobTitle": "Changed While Filling"])
          }
          try await harness.harness.call("PATCH", "users/\(order[3])", ["displayName": "Quentin Zzyzx"])
          try await harness.harness.call("PATCH", "users/\(order[1200])", ["showInAddressList": false])
          try await harness.harness.call("DELETE", "users/\(order[1400])")
        }
        return page
      }
      let filled = try fixture.open()
      let outcome = try await IndexSync(index: filled, feed: changing, catchUpAfterFull: true).run()
      guard case .synced(true, _, let requests) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      // 8 pages of 200 and one catch-up page (the link taken first is not counted as a page).
      #expect(requests == 9)
      let walked = try await Self.walk(harness)
      try Self.expectEqual(filled, walked.index)
      walked.fixture.remove()
      let rows = try Self.rows(filled)
      #expect(rows[order[1200]] == nil && rows[order[1400]] == nil)
      #expect(rows[order[3]]?.displayName?.string == "Quentin Zzyzx")
      #expect(rows[order[1010]]?.jobTitle?.string == "Changed While Filling")
      #expect(try filled.search("zzyzx", limit: 5).map(\.id) == [order[3]])
      // What `/users` cannot give (DeltaFeed.liveFill): managers, but for the changed people.
      #expect(try filled.status().managersKnown == false && (try walked.index.status().managersKnown))
      let walkedManagers = try Self.managers(walked.index)
      #expect(try Self.managers(filled).allSatisfy { walkedManagers[$0.key] == $0.value })
    }
  }

  /// Leavers listed before the fill's place shift the sandbox's `/users` pages (its skip token
  /// is an offset), so the next page starts past someone who never changed and whom the
  /// catch-up therefore never sends. Graph's skip tokens are opaque and it documents nothing
  /// either way: this is why the fill is not the default first sync (DECISIONS.md "Index › First
  /// sync"). Intermittent: it depends on whether the pages after the churn were fetched ahead.
  @Test func leaversBeforeTheFillsPlaceCanBeSkipped() async throws {
    try await SandboxGraph.run(size: 1500) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let order = try await Self.listed(fixture)
      let fill = Self.fill(fixture, pageSize: 200)
      let pages = LockedCounter()
      let changing = DeltaFeed { link, onRetry in
        let page = try await fill.fetch(link, onRetry)
        if pages.increment() == 3 {
          try await harness.harness.call("POST", "churn", ["count": 60])
          for id in order[10..<15] { try await harness.harness.call("DELETE", "users/\(id)") }
        }
        return page
      }
      let filled = try fixture.open()
      _ = try await IndexSync(index: filled, feed: changing, catchUpAfterFull: true).run()
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      withKnownIssue("offset skip tokens skip a row when rows before it leave", isIntermittent: true) {
        try Self.expectEqual(filled, walked.index)
      }
    }
  }

  /// A delta walk of the sandbox as it is now, into an index of its own.
  static func walk(_ harness: SandboxGraph) async throws -> (fixture: IndexFixture, index: DirectoryIndex) {
    let fixture = try IndexFixture(harness)
    let index = try fixture.open()
    _ = try await fixture.sync(index)
    return (fixture, index)
  }

  /// The same people with the same values (managers aside: see `DeltaFeed.liveFill`).
  static func expectEqual(_ filled: DirectoryIndex, _ walked: DirectoryIndex) throws {
    let (filledRows, walkedRows) = (try rows(filled), try rows(walked))
    let missing = Set(walkedRows.keys).subtracting(filledRows.keys)
    let extra = Set(filledRows.keys).subtracting(walkedRows.keys)
    #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.sorted()), extra \(extra.sorted())")
    var differing: [(Person, Person)] = []
    for (id, walkedPerson) in walkedRows {
      if let filledPerson = filledRows[id], !(filledPerson == walkedPerson) {
        differing.append((walkedPerson, filledPerson))
      }
    }
    #expect(differing.isEmpty, "\(differing.count) rows differ, e.g. \(differing.prefix(1))")
    #expect(walkedRows.count > 1400)
  }

  /// A fill killed after three pages resumes from its last committed page with the catch-up link
  /// it took first, and ends equal to a fill that ran whole.
  @Test func aKilledFillResumesWithItsCatchUpLink() async throws {
    try await SandboxGraph.run(size: 1000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let fill = Self.fill(fixture, pageSize: 100)
      let pages = LockedCounter()
      let dying = DeltaFeed { link, onRetry in
        guard pages.increment() <= 3 else { throw DirectoryError.offline("killed") }
        return try await fill.fetch(link, onRetry)
      }
      let index = try fixture.open()
      await #expect(throws: IndexSyncError.self) {
        _ = try await IndexSync(index: index, feed: dying, catchUpAfterFull: true).run()
      }
      let halfway = try index.status()
      #expect(!halfway.complete && (halfway.indexing ?? 0) > 0 && halfway.people == 0)
      #expect(try index.syncPoint().building?.link.flatMap(FillLinkShape.latest) != nil)
      // Changed while nobody was syncing: the catch-up link from before the kill still sees it.
      let someone = try #require(try await harness.searchAll("e", pageSize: 999).first)
      try await harness.harness.call("PATCH", "users/\(someone.id)", ["jobTitle": "Keeper of Links"])

      let resumed = try await IndexSync(index: try fixture.open(), feed: fill, catchUpAfterFull: true).run()
      guard case .synced(true, _, let requests) = resumed else {
        Issue.record("expected the full round to finish, got \(resumed)")
        return
      }
      #expect(requests == 8)  // pages 4–10 and the catch-up
      #expect(try index.detail(id: someone.id)?.person.jobTitle?.string == "Keeper of Links")

      let whole = try IndexFixture(harness)
      defer { whole.remove() }
      let other = try whole.open()
      _ = try await IndexSync(index: other, feed: Self.fill(whole, pageSize: 999), catchUpAfterFull: true).run()
      #expect(try Self.rows(index) == (try Self.rows(other)))
    }
  }

  /// Under Graph's budget (8,000 resource units a 10 s window for this size) a fill spends one
  /// unit a page and is never refused; the sandbox's own counters say so.
  @Test func aFillStaysInsideTheBudget() async throws {
    try await SandboxGraph.run(size: 3000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      try await harness.harness.call("DELETE", "stats")
      let outcome = try await IndexSync(
        index: try fixture.open(), feed: Self.fill(fixture, pageSize: 999), catchUpAfterFull: true
      ).run()
      #expect(outcome == .synced(full: true, changes: 3000, requests: 5))
      let stats = harness.sandbox.stats()
      // The link for now, 4 pages of /users, the catch-up.
      #expect(stats.throttled == 0 && stats.graphRequests == 6, "\(stats)")
      #expect(stats.resourceUnits == 6, "\(stats)")
    }
  }
}

/// Reads the catch-up link out of a stored fill link (`FillLink` is the Graph module's own).
enum FillLinkShape {
  static func latest(_ text: String) -> String? {
    let parts = text.split(separator: " ")
    return parts.count == 2 && parts[1].contains("deltatoken") ? String(parts[1]) : nil
  }
}
