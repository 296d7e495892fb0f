import Foundation
import Graph
import Index
import RosterCore
import TestSupport
import Testing

/// The live group client against the sandbox's groups (issue 20): search with the people's
/// escaping, kinds, members direct and transitive with counts, hidden people, the nesting path,
/// a cycle, permissions, and the index answering the same offline.
@Suite struct GroupGraphTests {
  /// Twenty-odd hostile queries and the groups of `GroupOrganisation` Graph's `$search` on
  /// displayName and description finds for them.
  static let hostile: [(String, Set<String>)] = [
    ("platform", ["Platform Team"]), ("PLATFORM team", ["Platform Team"]), ("on-call", ["SRE On-Call"]),
    ("oncall", ["SRE On-Call"]), ("\"quotes\"", ["R&D \"Quotes\" Crew"]), ("r&d", ["R&D \"Quotes\" Crew"]),
    ("&", []), ("zürich", ["R&D \"Quotes\" Crew"]), ("zurich", ["R&D \"Quotes\" Crew"]),
    ("ZÜRICH forschung", ["R&D \"Quotes\" Crew"]), ("研究", ["研究チーム 東京"]), ("東京", ["研究チーム 東京"]),
    ("チーム", ["研究チーム 東京"]), ("o'brien", ["O'Brien's Club"]), ("obrien", ["O'Brien's Club"]),
    ("loop", ["Loop A", "Loop B"]), ("\\", []), ("crew quotes", ["R&D \"Quotes\" Crew"]),
    ("chain escalation", ["Escalation Chain"]), ("pager", ["SRE On-Call"]), ("jürgen", []),
    ("secret", ["Secret Board"]), ("the", ["Platform Team"]), ("(", []), ("a:b", []),
  ]

  @Test func searchFindsEveryKindWithThePeoplesEscaping() async throws {
    try await GroupGraph.run { graph in
      for (query, expected) in Self.hostile {
        let found = try await graph.search(query)
        #expect(Set(found.compactMap(\.displayName?.string)) == expected, "\"\(query)\"")
      }
      let platform = try #require(try await graph.search("platform").first)
      #expect(platform.kind == .mailEnabledSecurity && platform.mail?.string == "platform-team@contoso.test")
      let team = try #require(try await graph.search("design").first)
      #expect(team.kind == .team && team.kindText == "team")
      let list = try #require(try await graph.search("crew").first)
      #expect(list.kind == .distribution && list.isAddressable)
      let dynamic = try #require(try await graph.search("sales dynamic").first)
      #expect(dynamic.membership == .dynamic(rule: "user.department -eq \"Sales\"", processing: false))
      #expect(try await graph.search("secret").first?.hasHiddenMembership == true)
      // One request per search, an advanced query with `$count`.
      try await graph.harness.clearRequests()
      let page = try await graph.groups.searchGroups(GroupQuery(text: "loop", pageSize: 1), graph.notices.callback)
      #expect(page.totalCount == 2 && page.groups.count == 1 && page.next != nil)
      let logged = try await graph.harness.requests(pathPrefix: "/v1.0/groups")
      #expect(logged.count == 1 && logged.first?.consistencyLevel == "eventual")
      #expect(logged.first?.query["$search"] == "\"displayName:loop\" OR \"description:loop\"")
      #expect(try await graph.groups.nextGroups(try #require(page.next), graph.notices.callback).groups.count == 1)
    }
  }

  @Test func membersDirectTransitiveCountedAndHiddenPeopleKeptHidden() async throws {
    try await GroupGraph.run { graph in
      let platform = try await graph.groups.groupDetail("platform-team@contoso.test", graph.notices.callback)
      #expect(platform.group.displayName == "Platform Team")
      #expect(platform.group.memberCount == 2 && platform.transitiveMemberCount == 6)
      #expect(platform.owners.map(\.name) == ["Olga Owner"])
      let direct = try await graph.allMembers(platform.group.id, transitive: false)
      #expect(Set(direct.members.map(\.name.string)) == ["SRE On-Call", "Ana Lima"])
      #expect(direct.first.totalCount == 2)
      let transitive = try await graph.allMembers(platform.group.id, transitive: true)
      // Hedda Hidden is in Escalation Chain but hidden from the address list: counted, not listed.
      #expect(
        Set(transitive.members.map(\.name.string))
          == ["SRE On-Call", "Ana Lima", "Escalation Chain", "Bo Chen", "Ivan Petrov"])
      #expect(transitive.first.hiddenFromAddressList == 1)
      let chain = try await graph.group("Escalation Chain")
      let chainMembers = try await graph.allMembers(chain.id, transitive: false)
      #expect(chainMembers.members.map(\.name) == ["Ivan Petrov"] && chainMembers.first.hiddenFromAddressList == 1)
      // Paging: one member per page, every page followed, nothing twice.
      let paged = try await graph.allMembers(platform.group.id, transitive: true, pageSize: 1)
      #expect(paged.members.count == 5 && Set(paged.members.map(\.id)).count == 5)
    }
  }

  @Test func theNestingPathAndACycleThatNeverLoops() async throws {
    try await GroupGraph.run { graph in
      let platform = try await graph.group("Platform Team")
      let ivan = GroupOrganisation.upn("ivan.petrov")
      let path = try #require(try await graph.groups.membershipPath(ivan, platform.id, graph.notices.callback))
      #expect(path.text == "Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team")
      #expect(!path.isDirect)
      let loopB = try await graph.group("loop-b")
      let ana = GroupOrganisation.upn("ana.lima")
      let around = try #require(try await graph.groups.membershipPath(ana, loopB.id, graph.notices.callback))
      #expect(around.text == "Ana Lima ∈ Loop A ∈ Loop B")
      let loopA = try await graph.group("loop-a")
      #expect(try await graph.groups.membershipPath(ivan, loopA.id, graph.notices.callback) == nil)
      // Transitive members of a cycle: each once, the groups themselves included.
      let members = try await graph.allMembers(loopA.id, transitive: true).members
      #expect(Set(members.map(\.name.string)).subtracting(["Loop A"]) == ["Loop B", "Ana Lima", "Bo Chen"])
      #expect(members.count == Set(members.map(\.id)).count)
      // A person's groups, direct and transitive.
      let person = try await graph.people.personDetail(ivan) { _ in }.person
      let direct = try await graph.groups.memberOf(
        MemberOfQuery(personID: person.id, transitive: false), graph.notices.callback)
      #expect(Set(direct.groups.map(\.name.string)) == ["Escalation Chain", "O'Brien's Club"])
      let transitive = try await graph.groups.memberOf(
        MemberOfQuery(personID: person.id, transitive: true), graph.notices.callback)
      #expect(
        Set(transitive.groups.map(\.name.string))
          == ["Escalation Chain", "SRE On-Call", "Platform Team", "O'Brien's Club"])
    }
  }

  @Test func withoutGroupPermissionsOnlyMyGroupsAnswerAndTheRestNamesTheConsent() async throws {
    try await GroupGraph.run(scope: "openid profile offline_access User.Read User.ReadBasic.All") { graph in
      await #expect {
        _ = try await graph.search("platform")
      } throws: { error in
        GroupPermissionNeed(error as? DirectoryError ?? .cancelled) == .readGroups
      }
      // `/me/transitiveMemberOf` needs only User.Read: "my groups" works.
      let mine = try await graph.groups.memberOf(MemberOfQuery(personID: nil, transitive: true), graph.notices.callback)
      #expect(mine.groups.allSatisfy { !$0.id.isEmpty })
    }
    try await GroupGraph.run { graph in
      // Hidden membership: the group is found, its members say which permission they need.
      let secret = try await graph.groups.groupDetail("Secret Board", graph.notices.callback)
      #expect(secret.membersProblem == .readHiddenMembership && secret.group.memberCount == nil)
      await #expect {
        _ = try await graph.allMembers(secret.group.id, transitive: false)
      } throws: { error in
        GroupPermissionNeed(error as? DirectoryError ?? .cancelled) == .readHiddenMembership
      }
    }
  }

  @Test func theIndexAnswersGroupsAsGraphDoes() async throws {
    try await GroupGraph.run { graph in
      let directory = TemporaryDirectory(prefix: "roster-group-index")
      defer { directory.remove() }
      // Small pages: groups and their members come over several pages and are merged.
      let index = try await graph.syncedIndex(in: directory.url, pageSize: 2)
      #expect(try index.groupStatus().groups == GroupOrganisation.groups.count)
      for (query, _) in Self.hostile {
        let online = Set(try await graph.search(query).map(\.id))
        let offline = Set(try index.searchGroups(query, limit: 1000).map(\.id))
        #expect(online == offline, "\"\(query)\"")
      }
      let offline = GroupClient.index { index }
      let platform = try await graph.group("Platform Team")
      for transitive in [false, true] {
        let live = try await graph.allMembers(platform.id, transitive: transitive)
        let stored = try await offline.members(
          MembersQuery(groupID: platform.id, transitive: transitive, pageSize: 999)
        ) { _ in }
        #expect(Set(live.members.map(\.id)) == Set(stored.members.map(\.id)))
        #expect(live.first.hiddenFromAddressList == stored.hiddenFromAddressList && stored.fromIndex)
      }
      let ivan = try await graph.people.personDetail(GroupOrganisation.upn("ivan.petrov")) { _ in }.person
      let path = try await offline.membershipPath(ivan.id, platform.id) { _ in }
      #expect(path?.text == "Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team")
      let loopA = try await graph.group("loop-a")
      #expect(try await offline.membershipPath(ivan.id, loopA.id) { _ in } == nil)
      let live = try await graph.groups.memberOf(MemberOfQuery(personID: ivan.id, transitive: true)) { _ in }
      let stored = try await offline.memberOf(MemberOfQuery(personID: ivan.id, transitive: true)) { _ in }
      #expect(Set(live.groups.map(\.id)) == Set(stored.groups.map(\.id)))
      // A second round is a delta round and keeps every group.
      guard case .synced(full: false, _, _) = try await graph.sync(index) else {
        Issue.record("the second round was not a delta round")
        return
      }
      #expect(try index.groupStatus().groups == GroupOrganisation.groups.count)
      #expect(try index.searchGroups("loop", limit: 10).count == 2)
    }
  }

  @Test func withoutGroupScopesTheIndexKeepsNoGroupsAndSaysSo() async throws {
    try await GroupGraph.run(scope: "openid profile offline_access User.Read User.Read.All") { graph in
      let directory = TemporaryDirectory(prefix: "roster-group-index")
      defer { directory.remove() }
      let index = try await graph.syncedIndex(in: directory.url)
      let status = try index.status()
      #expect(status.people > 0 && status.groups == nil && status.groupsMissingPermission == "GroupMember.Read.All")
      #expect(try index.searchGroups("platform", limit: 10).isEmpty)
      // Asked anyway, Graph refuses /groups/delta: the index still keeps none, and says why.
      let asked = TemporaryDirectory(prefix: "roster-group-index")
      defer { asked.remove() }
      let refused = try await graph.syncedIndex(in: asked.url, forceGroups: true)
      #expect(try refused.status().people > 0 && refused.groupStatus().problem == .readGroups)
      await #expect {
        _ = try await GroupClient.index { refused }.searchGroups(GroupQuery(text: "platform", pageSize: 5)) { _ in }
      } throws: { error in
        GroupPermissionNeed(error as? DirectoryError ?? .cancelled) == .readGroups
      }
    }
  }

  @Test func aTwentyThousandMemberGroupListsItsFirstPageAndPagesOnDemand() async throws {
    try await GroupGraph.run(generated: 20_000) { graph in
      let everyone = try await graph.group("All Company")
      try await graph.harness.clearRequests()
      let first = try await graph.groups.members(
        MembersQuery(groupID: everyone.id, transitive: false, pageSize: 100), graph.notices.callback)
      #expect(first.totalCount == 20_000 && first.members.count + first.hiddenFromAddressList == 100)
      #expect(try await graph.harness.requests(pathPrefix: "/v1.0/groups").count == 2, "the page and its $count")
      let second = try await graph.groups.nextMembers(try #require(first.next), graph.notices.callback)
      #expect(Set(second.members.map(\.id)).isDisjoint(with: first.members.map(\.id)))
    }
  }

  /// The app's index client (what the runtime's background sync and instant search use): groups
  /// kept with a token that reads them, searched synchronously, answered offline; and none kept,
  /// with the reason in the summary, for a token that does not.
  @Test func theAppsIndexClientKeepsGroupsOnlyWithTheGrant() async throws {
    try await GroupGraph.run { graph in
      let directory = TemporaryDirectory(prefix: "roster-app-index")
      defer { directory.remove() }
      let client = LocalIndexClient.live(
        environment: [:], directory: directory.url,
        feed: .live(configuration: graph.configuration, tokens: graph.tokens, transport: graph.harness.transport),
        estimate: { nil },
        groupFeed: .live(configuration: graph.configuration, tokens: graph.tokens, transport: graph.harness.transport))
      func account(_ scopes: String, id: String) -> Account {
        Account(
          homeAccountId: "\(id).\(graph.harness.sandbox.tenantId)", username: "tester",
          tenantId: CleanText(graph.harness.sandbox.tenantId), authority: "",
          grantedScopes: scopes.split(separator: " ").map(String.init))
      }
      let ivan = try await graph.people.personDetail(GroupOrganisation.upn("ivan.petrov")) { _ in }.person
      _ = client.attach(account(GroupOrganisation.groupScopes, id: ivan.id))
      guard case .synced(let summary) = await client.sync({ _, _ in }) else {
        Issue.record("the sync failed")
        return
      }
      #expect(summary.groups == GroupOrganisation.groups.count && summary.groupsProblem == nil)
      #expect(client.searchGroups("escalation", 10).map(\.name) == ["Escalation Chain"])
      // "My groups" offline: the signed-in person is the account's object id.
      let mine = try await client.groups.memberOf(MemberOfQuery(personID: nil, transitive: true)) { _ in }
      #expect(mine.fromIndex && mine.groups.contains { $0.name == "Platform Team" })

      // Another sign-in to the same cache without the group permission: nothing of groups is kept.
      let other = TemporaryDirectory(prefix: "roster-app-index")
      defer { other.remove() }
      let basic = LocalIndexClient.live(
        environment: [:], directory: other.url,
        feed: .live(configuration: graph.configuration, tokens: graph.tokens, transport: graph.harness.transport),
        estimate: { nil },
        groupFeed: .live(configuration: graph.configuration, tokens: graph.tokens, transport: graph.harness.transport))
      let attached = basic.attach(account("openid User.Read User.Read.All", id: ivan.id))
      #expect(attached?.groupsProblem == .readGroups)
      guard case .synced(let basicSummary) = await basic.sync({ _, _ in }) else {
        Issue.record("the basic sync failed")
        return
      }
      #expect(basicSummary.groups == nil && basicSummary.groupsProblem == .readGroups)
      #expect(basic.searchGroups("escalation", 10).isEmpty)
    }
  }
}
