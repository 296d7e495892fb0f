import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/groups/delta` with `members@delta`, and a 20,000-member group paged and replayed.
@Suite("Graph v1.0 group delta")
struct GroupDeltaTests {
  typealias G = GroupGraphTests

  /// Follows next links to the delta link; returns every page's values and the delta link.
  static func round(_ h: SandboxHarness, _ token: String, from start: String, headers: [(String, String)] = [])
    async throws -> (values: [[String: Any]], pages: Int, deltaLink: String)
  {
    var values: [[String: Any]] = []
    var pages = 0
    var link = start
    while true {
      let page = try await h.graph(link, token: token, headers: headers)
      #expect(page.status == 200, "\(page.text.prefix(300))")
      pages += 1
      values += G.values(page)
      if let next = page["@odata.nextLink"] {
        #expect(page["@odata.deltaLink"] == nil)
        link = next
      } else {
        return (values, pages, try #require(page["@odata.deltaLink"]))
      }
    }
  }

  /// Member ids per group id, merged over every appearance of the group (additions only).
  static func members(_ values: [[String: Any]]) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for value in values {
      guard let id = value["id"] as? String, let delta = value["members@delta"] as? [[String: Any]] else { continue }
      result[id, default: []] += delta.filter { $0["@removed"] == nil }.compactMap { $0["id"] as? String }
    }
    return result
  }

  @Test("first round lists every group with its members; later rounds only the changes, removals marked")
  func rounds() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let first = try await Self.round(h, token, from: "/v1.0/groups/delta?$select=displayName,mail,members")
      #expect(Set(first.values.compactMap { $0["id"] as? String }).count == DemoGroups.names.count)
      #expect(first.values.allSatisfy { Set($0.keys).isSubset(of: ["id", "displayName", "mail", "members@delta"]) })
      let design = try await G.groupId(h, token, "Design Studio")
      let listed = G.values(try await h.graph("/v1.0/groups/\(design)/members?$select=id", token: token))
      #expect(Self.members(first.values)[design] == listed.compactMap { $0["id"] as? String })
      // Hidden membership: the group is listed, its members only to its owners and members (the
      // signed-in chief executive is both) and to holders of Member.Read.Hidden.
      let leadership = try await G.groupId(h, token, "Leadership Confidential")
      #expect(Self.members(first.values)[leadership]?.count == 12)
      let outsiderName = try #require(
        G.values(try await h.graph("/v1.0/users?$top=60", token: token)).last?["userPrincipalName"] as? String)
      let outsider = try await h.signIn(scope: G.groupScope, user: outsiderName).accessToken
      let outside = try await Self.round(h, outsider, from: "/v1.0/groups/delta?$select=displayName,members")
      #expect(Self.members(outside.values)[leadership] == [])

      // Nothing changed: the delta link answers an empty page with a new delta link.
      let quiet = try await Self.round(h, token, from: first.deltaLink)
      #expect(quiet.values.isEmpty)

      let leaver = try #require(listed.first?["id"] as? String)
      let joiner = try #require(try await h.graph("/v1.0/me", token: token)["id"])
      #expect(try await h.delete("/_sandbox/groups/\(design)/members/\(leaver)").status == 200)
      #expect(try await h.postJSON("/_sandbox/groups/\(design)/members", #"{"id":"\#(joiner)"}"#).status == 200)
      #expect(
        try await h.send("PATCH", "/_sandbox/groups/\(design)", headers: [], body: #"{"description":"New"}"#).status
          == 200)
      let changes = try await Self.round(h, token, from: quiet.deltaLink)
      #expect(changes.values.count == 1)
      let changed = try #require(changes.values.first)
      #expect(changed["id"] as? String == design && changed["displayName"] as? String == "Design Studio")
      let delta = try #require(changed["members@delta"] as? [[String: Any]])
      #expect(delta.count == 2)
      #expect(
        delta.contains {
          $0["id"] as? String == leaver && ($0["@removed"] as? [String: Any])?["reason"] as? String == "deleted"
        })
      #expect(
        delta.contains {
          $0["id"] as? String == joiner && $0["@removed"] == nil
            && $0["@odata.type"] as? String == "#microsoft.graph.user"
        })

      // A person who leaves the directory leaves their groups too.
      let all = try await G.groupId(h, token, "All Company")
      let someone = try #require(
        G.values(try await h.graph("/v1.0/groups/\(all)/members?$top=3", token: token)).last?["id"] as? String)
      #expect(try await h.delete("/_sandbox/users/\(someone)").status == 200)
      let afterLeave = try await Self.round(h, token, from: changes.deltaLink)
      let allEntry = try #require(afterLeave.values.first { $0["id"] as? String == all })
      #expect(
        (allEntry["members@delta"] as? [[String: Any]])?.contains {
          $0["id"] as? String == someone && $0["@removed"] != nil
        } == true)

      // Delta takes no $expand, $top or $orderby; a garbled token must start over.
      for option in ["$expand=members", "$top=5", "$orderby=displayName"] {
        let refused = try await h.graph("/v1.0/groups/delta?\(option)", token: token)
        #expect(refused.status == 400, "\(option)")
        GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      }
      let garbled = try await h.graph("/v1.0/groups/delta?$deltatoken=nonsense", token: token)
      #expect(garbled.status == 400)
      GraphShape.expectError(garbled, code: "syncStateNotFound")
      let latest = try await h.graph("/v1.0/groups/delta?$deltatoken=latest", token: token)
      #expect(G.values(latest).isEmpty && latest["@odata.deltaLink"] != nil)
      // Generated churn: each changed group comes back in the next round, and only those.
      let churn = try await h.postJSON("/_sandbox/groups/churn", #"{"count": 5}"#)
      #expect(churn.status == 200)
      let churned = Set((churn.json["changed"] as? [String]) ?? [])
      #expect(!churned.isEmpty)
      let churnRound = try await Self.round(h, token, from: afterLeave.deltaLink)
      #expect(Set(churnRound.values.compactMap { $0["id"] as? String }) == churned)
      // Without members selected there is no members@delta at all.
      let plain = try await Self.round(h, token, from: "/v1.0/groups/delta?$select=displayName")
      #expect(plain.values.allSatisfy { $0["members@delta"] == nil })
    }
  }

  @Test("a 20,000-member group pages on /members and is spread over several delta pages, each member once")
  func largeGroup() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 20_000 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      let all = try await G.groupId(h, token, "All Company")
      let count = try await h.graph("/v1.0/groups/\(all)/members/$count", token: token, headers: G.eventual)
      #expect(count.text == "20000")
      var ids = Set<String>()
      var pages = 0
      var next: String? = "/v1.0/groups/\(all)/members?$top=999&$select=id"
      while let link = next {
        let page = try await h.graph(link, token: token)
        pages += 1
        ids.formUnion(G.values(page).compactMap { $0["id"] as? String })
        next = page["@odata.nextLink"]
      }
      #expect(pages == 21 && ids.count == 20_000)
      let first = try await h.graph("/v1.0/groups/\(all)/members", token: token)
      #expect(G.values(first).count == 100 && first["@odata.nextLink"] != nil)

      let round = try await Self.round(
        h, token, from: "/v1.0/groups/delta?$select=displayName,members", headers: [("Prefer", "odata.maxpagesize=999")]
      )
      let appearances = round.values.filter { $0["id"] as? String == all }
      #expect(appearances.count >= 20)
      #expect(appearances.allSatisfy { $0["displayName"] as? String == "All Company" })
      let merged = Self.members(round.values)[all] ?? []
      #expect(merged.count == 20_000 && Set(merged) == ids)
      #expect(round.values.allSatisfy { (($0["members@delta"] as? [Any])?.count ?? 0) <= 1000 })
    }
  }
}
