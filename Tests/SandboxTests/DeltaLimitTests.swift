import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// Graph's delta page limits (issue 30): at most 200 objects and 500 `members@delta` links a page,
/// whatever `Prefer: odata.maxpagesize` asks (a smaller size is honoured); paging loses and repeats
/// nothing; `$deltatoken=latest` starts from now.
@Suite("Graph v1.0 delta page limits")
struct DeltaLimitTests {
  typealias G = GroupGraphTests

  /// Each page's values, following next links to the delta link.
  static func pages(_ h: SandboxHarness, _ token: String, from start: String, prefer: String? = nil)
    async throws -> (pages: [[[String: Any]]], deltaLink: String)
  {
    var pages: [[[String: Any]]] = []
    var link = start
    let headers = prefer.map { [("Prefer", "odata.maxpagesize=\($0)")] } ?? []
    while true {
      let page = try await h.graph(link, token: token, headers: headers)
      #expect(page.status == 200, "\(page.text.prefix(300))")
      pages.append(G.values(page))
      guard let next = page["@odata.nextLink"] else { return (pages, try #require(page["@odata.deltaLink"])) }
      link = next
    }
  }

  /// `members@delta` entries on one page, across its groups.
  static func links(_ page: [[String: Any]]) -> Int {
    page.reduce(0) { $0 + (($1["members@delta"] as? [Any])?.count ?? 0) }
  }

  @Test("users/delta pages hold 200 people whatever maxpagesize asks above it; fewer on request; none lost")
  func userPages() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 450 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      for (prefer, sizes) in [(nil, [200, 200, 50]), ("999", [200, 200, 50]), ("150", [150, 150, 150])] {
        let round = try await Self.pages(h, token, from: "/v1.0/users/delta?$select=displayName", prefer: prefer)
        #expect(round.pages.map(\.count) == sizes, "Prefer \(prefer ?? "none")")
        let ids = round.pages.joined().compactMap { $0["id"] as? String }
        #expect(ids.count == 450 && Set(ids).count == 450)
      }
    }
    try await SandboxHarness.withManualClock({
      $0.size = 450
      $0.limits = .generous
    }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let round = try await Self.pages(h, token, from: "/v1.0/users/delta?$select=displayName")
      #expect(round.pages.map(\.count) == [450])
    }
  }

  @Test("groups/delta pages hold at most 200 groups and 500 links; a big group and its changes are sliced exactly")
  func groupPages() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 2000 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let directory = try #require(h.sandbox.tenant).directory
      let all = try await G.groupId(h, token, "All Company")
      let allIndex = try #require(directory.groupIndex(idOrNickname: all))
      let allMembers = directory.members(ofGroup: allIndex)
      let memberIds = (0..<allMembers.count).map { directory.id(of: allMembers[$0]) }
      #expect(memberIds.count == 2000)

      let first = try await Self.pages(h, token, from: "/v1.0/groups/delta?$select=displayName,members", prefer: "999")
      #expect(first.pages.count > 4)
      #expect(first.pages.allSatisfy { $0.count <= 200 && Self.links($0) <= 500 })
      #expect(first.pages.dropLast().allSatisfy { $0.count == 200 || Self.links($0) == 500 })
      let values = Array(first.pages.joined())
      #expect(Set(values.compactMap { $0["id"] as? String }) == Set(directory.groups.map(\.id)))
      let merged = GroupDeltaTests.members(values)
      #expect(merged[all] == memberIds)
      for group in directory.groups.indices where directory.groups[group].id != all {
        let members = directory.members(ofGroup: group)
        let expected = (0..<members.count).map { directory.id(of: members[$0]) }
        // Hidden-membership groups the signed-in person is not in show no members (PROTOCOL.md "Groups").
        let hidden = directory.groups[group].visibility == "HiddenMembership"
        let listed = merged[directory.groups[group].id] ?? []
        #expect(listed == expected || (hidden && listed.isEmpty), "\(directory.groups[group].displayName)")
      }
      #expect(Self.links(first.pages.first ?? []) == 500)

      // 600 people leave All Company at once: the next round slices the removals too.
      let leavers = Array(memberIds.prefix(600))
      try h.sandbox.tenant!.history.apply(groupEdits: leavers.map { .removeMember(groupId: all, memberId: $0) })
      let changes = try await Self.pages(h, token, from: first.deltaLink)
      #expect(changes.pages.map(Self.links) == [500, 100])
      let removed = changes.pages.joined().filter { $0["id"] as? String == all }.flatMap {
        ($0["members@delta"] as? [[String: Any]] ?? []).filter { $0["@removed"] != nil }.compactMap {
          $0["id"] as? String
        }
      }
      #expect(removed == leavers)

      let small = try await Self.pages(h, token, from: "/v1.0/groups/delta?$select=displayName", prefer: "7")
      #expect(small.pages.dropLast().allSatisfy { $0.count == 7 })
      #expect(small.pages.joined().count == directory.groups.count)
    }
  }

  @Test("$deltatoken=latest answers no objects, and its link returns only what changed after it")
  func latest() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let people = G.values(try await h.graph("/v1.0/users?$top=3&$select=id", token: token))
      let before = try #require(people[1]["id"] as? String)
      let after = try #require(people[2]["id"] as? String)
      let design = try await G.groupId(h, token, "Design Studio")
      let platform = try await G.groupId(h, token, "Platform Team")
      #expect(try await Self.edit(h, "/_sandbox/users/\(before)", #"{"jobTitle":"Before"}"#) == 200)
      #expect(try await Self.edit(h, "/_sandbox/groups/\(design)", #"{"description":"Before"}"#) == 200)

      for (kind, change) in [("users", "/_sandbox/users/\(after)"), ("groups", "/_sandbox/groups/\(platform)")] {
        let latest = try await h.graph("/v1.0/\(kind)/delta?$deltatoken=latest&$select=displayName", token: token)
        #expect(latest.status == 200 && G.values(latest).isEmpty && latest["@odata.nextLink"] == nil)
        let link = try #require(latest["@odata.deltaLink"])
        let quiet = try await Self.pages(h, token, from: link)
        #expect(quiet.pages.joined().isEmpty)
        let field = kind == "users" ? "jobTitle" : "description"
        #expect(try await Self.edit(h, change, #"{"\#(field)":"After"}"#) == 200)
        let round = try await Self.pages(h, token, from: quiet.deltaLink)
        #expect(round.pages.joined().compactMap { $0["id"] as? String } == [kind == "users" ? after : platform])
      }
    }
  }

  static func edit(_ h: SandboxHarness, _ path: String, _ body: String) async throws -> Int {
    try await h.send("PATCH", path, headers: [("Content-Type", "application/json")], body: body).status
  }

  @Test("/users pages skip and repeat nobody when people before the cursor leave or join between pages")
  func usersPagingIsAKeyset() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 450 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let before = Set(
        G.values(try await h.graph("/v1.0/users?$top=999&$select=id", token: token)).compactMap {
          $0["id"] as? String
        })
      var page = try await h.graph("/v1.0/users?$top=100&$select=id", token: token)
      var seen = G.values(page).compactMap { $0["id"] as? String }
      // Not the first: the signed-in chief executive.
      for leaver in seen.dropFirst().prefix(5) {
        #expect(try await h.delete("/_sandbox/users/\(leaver)").status == 200)
      }
      #expect(try await h.postJSON("/_sandbox/users", #"{"displayName":"Late Joiner"}"#).status == 201)
      while let next = page["@odata.nextLink"] {
        page = try await h.graph(next, token: token)
        #expect(page.status == 200, "\(page.text.prefix(300))")
        seen += G.values(page).compactMap { $0["id"] as? String }
      }
      #expect(seen.count == Set(seen).count)
      #expect(before.isSubset(of: Set(seen)), "missing \(before.subtracting(seen).count), seen \(seen.count)")
    }
  }

  @Test("lists page 100 by default and take $top 1…999; outside that Graph's 400 Request_UnsupportedQuery")
  func listPageSizes() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 450 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let all = try await G.groupId(h, token, "All Company")
      for path in ["/v1.0/users", "/v1.0/groups", "/v1.0/groups/\(all)/members", "/v1.0/me/memberOf"] {
        let plain = try await h.graph(path, token: token)
        #expect(plain.status == 200, "\(path)")
        if path.hasSuffix("users") || path.hasSuffix("members") {
          #expect(G.values(plain).count == 100 && plain["@odata.nextLink"] != nil, "\(path)")
          #expect(G.values(try await h.graph("\(path)?$top=999", token: token)).count > 100, "\(path)")
        }
        for bad in ["0", "1000"] {
          let refused = try await h.graph("\(path)?$top=\(bad)", token: token)
          #expect(refused.status == 400, "\(path) $top=\(bad)")
          GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
          let message = (refused.json["error"] as? [String: Any])?["message"] as? String
          #expect(message == "Invalid page size specified: '\(bad)'. Must be between 1 and 999 inclusive.")
        }
      }
    }
  }
}
