import Foundation
import GRDB
import Graph
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

@testable import Index

/// Groups filled from `/groups` with their members read by filtered group delta, then caught up
/// from the link taken before the first page (issue 30, `GroupDeltaFeed.liveFill`), build the
/// groups and memberships a delta walk builds: with groups and memberships changing while the
/// fill runs, after a kill, and without a 429 under Graph's budget beside the people's fill.
@Suite struct GroupFillTests {
  /// Every group of the live generation, by id, as its stored columns.
  static func groups(_ index: DirectoryIndex) throws -> [String: [String]] {
    try index.read { db, _ in
      let generation = try DirectoryIndex.liveGroupGeneration(db)
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, displayName, mail, mailNickname, description, groupTypes, mailEnabled, securityEnabled,
            visibility, membershipRule, membershipRuleProcessingState, resourceProvisioningOptions
          FROM directory_group WHERE generation = ?
          """, arguments: [generation])
      return Dictionary(
        uniqueKeysWithValues: rows.map { row in
          (row["id"] as String, (1..<row.count).map { (row[$0] as DatabaseValue).description })
        })
    }
  }

  /// Every membership of the live generation: "group member type".
  static func memberships(_ index: DirectoryIndex) throws -> Set<String> {
    try index.read { db, _ in
      let generation = try DirectoryIndex.liveGroupGeneration(db)
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT g.id AS groupId, m.id AS memberId, gm.memberType AS type FROM group_member gm
          JOIN object_key g ON g.key = gm.groupKey JOIN object_key m ON m.key = gm.memberKey
          WHERE gm.generation = ?
          """, arguments: [generation])
      return Set(rows.map { "\($0["groupId"] as String) \($0["memberId"] as String) \($0["type"] as Int)" })
    }
  }

  static func groupFill(_ fixture: IndexFixture, pageSize: Int, idsPerLookup: Int = 20, pacer: GraphPacer? = nil)
    -> GroupDeltaFeed
  {
    .liveFill(
      configuration: fixture.configuration, tokens: fixture.harness.tokens,
      transport: fixture.harness.harness.transport, pageSize: pageSize, idsPerLookup: idsPerLookup, pacer: pacer,
      sleep: fixture.harness.sleep.function)
  }

  static func walkFeed(_ fixture: IndexFixture) -> GroupDeltaFeed {
    .live(
      configuration: fixture.configuration, tokens: fixture.harness.tokens,
      transport: fixture.harness.harness.transport, sleep: fixture.harness.sleep.function)
  }

  /// No people: the groups' round alone is under test (its members are kept by id all the same).
  static let noPeople = DeltaFeed { _, _ in DeltaPage(changes: [], deltaLink: "no-people") }

  /// Groups in the order `/groups` lists them, with their members (the fill's own pages).
  static func listed(_ fixture: IndexFixture) async throws -> [(id: String, members: [MemberChange])] {
    let feed = groupFill(fixture, pageSize: 999)
    var page = try await feed.fetch(nil) { _ in }
    var found: [(id: String, members: [MemberChange])] = []
    while true {
      for case .upsert(let id, _, let members) in page.changes { found.append((id, members)) }
      guard let next = page.nextLink else { return found }
      page = try await feed.fetch(next) { _ in }
    }
  }

  /// A delta walk of the sandbox's groups as they are now, into an index of its own.
  static func walk(_ harness: SandboxGraph) async throws -> (fixture: IndexFixture, index: DirectoryIndex) {
    let fixture = try IndexFixture(harness)
    let index = try fixture.open()
    _ = try await IndexSync(index: index, feed: noPeople, groups: .sync(walkFeed(fixture))).run()
    return (fixture, index)
  }

  /// The same groups with the same values, and the same memberships.
  static func expectEqual(_ filled: DirectoryIndex, _ walked: DirectoryIndex) throws {
    let (filledGroups, walkedGroups) = (try groups(filled), try groups(walked))
    let missing = Set(walkedGroups.keys).subtracting(filledGroups.keys)
    let extra = Set(filledGroups.keys).subtracting(walkedGroups.keys)
    #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.sorted()), extra \(extra.sorted())")
    let differing = walkedGroups.filter { filledGroups[$0.key] != $0.value }.map(\.key)
    #expect(differing.isEmpty, "\(differing.count) groups differ, e.g. \(differing.prefix(2))")
    let (filledMembers, walkedMembers) = (try memberships(filled), try memberships(walked))
    let lost = walkedMembers.subtracting(filledMembers)
    let added = filledMembers.subtracting(walkedMembers)
    #expect(lost.isEmpty && added.isEmpty, "lost \(lost.sorted().prefix(5)), added \(added.sorted().prefix(5))")
    #expect(walkedGroups.count >= 100 && walkedMembers.count > 1000)
  }

  /// Members added and removed in groups already read and groups not yet read, a rename and
  /// generated churn, between the fill's pages; after the catch-up the groups and memberships
  /// equal a delta walk's of the directory as it then is. Small pages and look-ups of 5 groups
  /// make every part run many times: several pages, several batches, rounds cut at 500 links.
  @Test func aGroupFillCaughtUpEqualsADeltaWalkWhileGroupsChange() async throws {
    try await SandboxGraph.run(size: 1500, scope: GroupOrganisation.groupScopes) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let order = try await Self.listed(fixture)
      let people = try await harness.searchAll("e", pageSize: 999).map(\.id)
      let big = try #require(order.max { $0.members.count < $1.members.count })
      #expect(big.members.count > 500)  // a round of its own cut over pages
      /// Someone not yet in `group`.
      @Sendable func newcomer(_ group: (id: String, members: [MemberChange])) -> String {
        people.first { person in !group.members.contains { $0.id == person } } ?? people[0]
      }
      let fill = Self.groupFill(fixture, pageSize: 40, idsPerLookup: 5)
      let pages = LockedCounter()
      let changing = GroupDeltaFeed { link, onRetry in
        let page = try await fill.fetch(link, onRetry)
        if pages.increment() == 2 {
          for (group, person) in [
            (order[1].id, newcomer(order[1])), (order[order.count - 1].id, newcomer(order[order.count - 1])),
          ] {
            try await harness.harness.call("POST", "groups/\(group)/members", ["id": person])
          }
          for group in [order[2], order[order.count - 2]] {
            let member = try #require(group.members.first)
            try await harness.harness.call("DELETE", "groups/\(group.id)/members/\(member.id)")
          }
          try await harness.harness.call("PATCH", "groups/\(order[100].id)", ["displayName": "Renamed While Filling"])
          try await harness.harness.call("POST", "groups/churn", ["count": 40])
        }
        return page
      }
      let filled = try fixture.open()
      let outcome = try await IndexSync(
        index: filled, feed: Self.noPeople, groups: .sync(changing), catchUpAfterFull: true
      ).run()
      guard case .synced(true, _, _) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      #expect(pages.current > 3)
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      try Self.expectEqual(filled, walked.index)
      #expect(try Self.groups(filled)[order[100].id]?.first?.contains("Renamed While Filling") == true)
      #expect(try Self.memberships(filled).contains { $0.hasPrefix("\(order[1].id) \(newcomer(order[1])) ") })
    }
  }

  /// A groups fill killed after two pages resumes from its last committed page with the catch-up
  /// link it took first, sees a rename made while nobody synced, and ends equal to a walk.
  @Test func aKilledGroupFillResumesWithItsCatchUpLink() async throws {
    try await SandboxGraph.run(size: 1000, scope: GroupOrganisation.groupScopes) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let fill = Self.groupFill(fixture, pageSize: 20)
      let dying = fill.dying(after: 2)
      let index = try fixture.open()
      await #expect(throws: IndexSyncError.self) {
        _ = try await IndexSync(index: index, feed: Self.noPeople, groups: .sync(dying), catchUpAfterFull: true).run()
      }
      let halfway = try index.groupSyncPoint()
      #expect(halfway.liveGeneration == 0 && halfway.building?.link.flatMap(FillLinkShape.latest) != nil)
      let order = try await Self.listed(fixture)
      try await harness.harness.call("PATCH", "groups/\(order[3].id)", ["displayName": "Keeper of Links"])

      let resumed = try await IndexSync(
        index: try fixture.open(), feed: Self.noPeople, groups: .sync(fill), catchUpAfterFull: true
      ).run()
      guard case .synced(_, _, let requests) = resumed else {
        Issue.record("expected the round to finish, got \(resumed)")
        return
      }
      // The people's delta page; the groups' pages after the two committed ones, and the catch-up.
      #expect(requests == 1 + (order.count + 19) / 20 - 2 + 1)
      #expect(try index.groupSyncPoint().liveGeneration > 0)
      #expect(try Self.groups(index)[order[3].id]?.first?.contains("Keeper of Links") == true)
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      try Self.expectEqual(index, walked.index)
    }
  }

  /// People's and groups' fills side by side, one pacer, Graph's default budget (8,000 units a
  /// 10 s window for this size): nothing refused, and the units are the pages and look-ups.
  @Test func peopleAndGroupFillsShareOneBudgetWithoutA429() async throws {
    try await SandboxGraph.run(size: 3000, scope: GroupOrganisation.groupScopes) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      try await harness.harness.call("DELETE", "stats")
      let pacer = GraphPacer(sleep: harness.sleep.function)
      let people = DeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens, transport: harness.harness.transport,
        pacer: pacer, sleep: harness.sleep.function)
      let index = try fixture.open()
      let outcome = try await IndexSync(
        index: index, feed: people, groups: .sync(Self.groupFill(fixture, pageSize: 999, pacer: pacer)),
        catchUpAfterFull: true
      ).run()
      guard case .synced(true, _, _) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      let stats = harness.sandbox.stats()
      #expect(stats.throttled == 0, "\(stats)")
      #expect(try index.groupStatus().groups == 300)
      let memberships = try Self.memberships(index).count
      // People: ~67 units (the link for now, 4 pages, 61 look-ups, the catch-up). Groups: a unit a
      // look-up page of up to 500 links, about memberships ÷ 500 plus one a look-up of 20 groups
      // (15), where `/groups/{id}/members` would cost 2 units a group (600).
      #expect(stats.resourceUnits < 70 + 4 + memberships / 500 + 2 * 15, "\(stats), \(memberships)")
    }
  }
}

extension GroupFillTests {
  /// The sandbox's `/groups/delta?$filter=id eq '…' or …` (group-delta.md): only those groups,
  /// their members paged at 500 links as any round, a delta link that returns only their
  /// changes; 50 ids at most.
  @Test func aGroupDeltaFilteredByIdTracksOnlyThoseGroups() async throws {
    try await SandboxGraph.run(size: 1000, scope: GroupOrganisation.groupScopes) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let order = try await Self.listed(fixture)
      let big = try #require(order.max { $0.members.count < $1.members.count })
      let others = order.filter { $0.id != big.id }
      let small = others[0]
      let tracked = [small.id, big.id]
      let base = harness.sandbox.baseURL.absoluteString + "/v1.0/groups/delta?"
      func query(_ ids: [String]) -> String {
        ODataTextShape.query([
          ("$select", "id,members"), ("$filter", ids.map { "id eq '\($0)'" }.joined(separator: " or ")),
        ])
      }
      var page = try await DeltaQueryTests.get(harness, base + query(tracked))
      var members: [String: Int] = [:]
      var pages = 1
      while true {
        #expect(page.status == 200)
        for value in DeltaQueryTests.values(page.json) {
          let id = try #require(value["id"] as? String)
          members[id, default: 0] += (value["members@delta"] as? [Any])?.count ?? 0
        }
        guard let next = page.json["@odata.nextLink"] as? String else { break }
        page = try await DeltaQueryTests.get(harness, next)
        pages += 1
      }
      #expect(Set(members.keys) == Set(tracked))
      #expect(members[big.id] == big.members.count && members[small.id] == small.members.count)
      #expect(pages == (big.members.count + small.members.count + 499) / 500)
      let link = try #require(page.json["@odata.deltaLink"] as? String)
      let someone = try #require(try await harness.searchAll("e", pageSize: 999).first)
      try await harness.harness.call("POST", "groups/\(small.id)/members", ["id": someone.id])
      try await harness.harness.call("PATCH", "groups/\(others[1].id)", ["displayName": "Not Tracked"])
      let later = try await DeltaQueryTests.get(harness, link)
      #expect(DeltaQueryTests.values(later.json).compactMap { $0["id"] as? String } == [small.id])

      let many = (0..<51).map { String(format: "00000000-0000-0000-0000-%012d", $0) }
      #expect(try await DeltaQueryTests.get(harness, base + query(many)).status == 400)
    }
  }

  /// A Graph that refuses to list `/groups` (400): the groups' first sync falls back to the delta
  /// walk and ends with the walk's groups.
  @Test func aRefusedGroupFillFallsBackToTheDeltaWalk() async throws {
    try await SandboxGraph.run(size: 600, scope: GroupOrganisation.groupScopes) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let feed = GroupDeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens,
        transport: RefuseGroupListing(inner: harness.harness.transport), sleep: harness.sleep.function)
      let index = try fixture.open()
      _ = try await IndexSync(index: index, feed: Self.noPeople, groups: .sync(feed), catchUpAfterFull: true).run()
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      #expect(try Self.groups(index) == (try Self.groups(walked.index)))
      #expect(try Self.memberships(index) == (try Self.memberships(walked.index)))
    }
  }
}

/// Answers `GET /groups` (the listing, not delta) with Graph's 400 for a query it does not take.
struct RefuseGroupListing: HTTPTransport {
  let inner: any HTTPTransport
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.url.path.hasSuffix("/groups") else { return try await inner.send(request) }
    let body = #"{"error":{"code":"Request_UnsupportedQuery","message":"Unsupported Query."}}"#
    return HTTPResponse(status: 400, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
  }
}

extension GroupFillTests {
  /// Both fills at once under a budget far below what they spend (500 units a window; people
  /// looked up 2 a request, groups 2 a request): the one pacer they share learns the budget from
  /// `x-ms-throttle-limit-percentage`; the sandbox refuses next to nothing (what was already on
  /// its way when the header first came; none alone, 5 of 1,223 once when the whole suite loaded
  /// both cores) and every refusal is retried. Time is the sandbox's manual clock, moved by the
  /// pacer's waits. Under the default budget nothing is refused (`…WithoutA429`).
  @Test func bothFillsArePacedTogetherUnderASmallBudget() async throws {
    let clock = ManualClock()
    try await SandboxGraph.run(
      size: 2000, scope: GroupOrganisation.groupScopes, clock: clock,
      configure: { $0.limits.resourceUnitsPerWindow = 500 }
    ) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      try await harness.harness.call("DELETE", "stats")
      let sleep: @Sendable (Duration) async throws -> Void = {
        clock.advance(by: Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18)
      }
      // Starting from a budget given (not raised by the 2,000 people listed), learnt from the headers.
      let pacer = GraphPacer(budget: GraphPacer.conservativeBudget, now: clock.function, sleep: sleep)
      let people = DeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens, transport: harness.harness.transport,
        pageSize: 200, idsPerLookup: 2, pacer: pacer, sleep: sleep)
      let groups = GroupDeltaFeed.liveFill(
        configuration: fixture.configuration, tokens: harness.tokens, transport: harness.harness.transport,
        pageSize: 50, idsPerLookup: 2, pacer: pacer, sleep: sleep)
      let started = clock.now
      let index = try fixture.open()
      let outcome = try await IndexSync(index: index, feed: people, groups: .sync(groups), catchUpAfterFull: true)
        .run()
      guard case .synced(true, _, _) = outcome else {
        Issue.record("expected a full round, got \(outcome)")
        return
      }
      let stats = harness.sandbox.stats()
      #expect(stats.throttled * 100 <= stats.graphRequests, "at most 1 % refused: \(stats)")
      #expect(stats.resourceUnits > 1000 && stats.groupResourceUnits > 100, "\(stats)")
      #expect(clock.now.timeIntervalSince(started) >= 20)
      clock.advance(by: 10)
      let walked = try await Self.walk(harness)
      defer { walked.fixture.remove() }
      try Self.expectEqual(index, walked.index)
    }
  }
}
