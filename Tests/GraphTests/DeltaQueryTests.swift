import Foundation
import Graph
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

/// The sandbox's `/users/delta` as a client sees it: pages and links, `$select` carried in the
/// tokens, changes made through the control API, removals, `latest`, and Graph's refusals.
@Suite struct DeltaQueryTests {
  /// GET with the harness's token; the body as JSON.
  static func get(_ harness: SandboxGraph, _ url: String, headers: [(name: String, value: String)] = [])
    async throws -> (status: Int, json: [String: Any])
  {
    let token = try await harness.tokens.accessToken(forceRefresh: false)
    let response = try await harness.harness.transport.send(
      HTTPRequest(
        url: URL(string: url)!, headers: [("Authorization", "Bearer " + token.exposedValue)] + headers))
    return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
  }

  static func values(_ json: [String: Any]) -> [[String: Any]] { json["value"] as? [[String: Any]] ?? [] }

  @Test func aFullRoundPagesThroughEveryoneWithSelectCarriedIntoTheLinks() async throws {
    try await SandboxGraph.run(size: 2500) { harness in
      let base = harness.sandbox.baseURL.absoluteString
      var page = try await Self.get(harness, base + "/v1.0/users/delta?$select=displayName,surname")
      var ids: [String] = []
      var pages = 0
      while true {
        pages += 1
        #expect(page.status == 200)
        let values = Self.values(page.json)
        #expect(values.count <= 200)  // Graph's delta page limit (issue 30), whatever maxpagesize asks
        for value in values {
          // Only the selected properties and the id, on every page.
          #expect(Set(value.keys) == ["displayName", "surname", "id"])
          ids.append(value["id"] as? String ?? "")
        }
        #expect(!(page.json["@odata.nextLink"] != nil && page.json["@odata.deltaLink"] != nil))
        guard let next = page.json["@odata.nextLink"] as? String else { break }
        #expect(next.hasPrefix(base + "/v1.0/users/delta?$skiptoken="))
        page = try await Self.get(harness, next)
      }
      #expect(pages == 13)
      #expect(Set(ids).count == 2500 && ids.count == 2500)
      let deltaLink = try #require(page.json["@odata.deltaLink"] as? String)
      #expect(deltaLink.hasPrefix(base + "/v1.0/users/delta?$deltatoken="))

      // Nothing changed: an empty page with a new link.
      let quiet = try await Self.get(harness, deltaLink)
      #expect(Self.values(quiet.json).isEmpty && quiet.json["@odata.deltaLink"] != nil)
    }
  }

  @Test func laterRoundsReturnOnlyChangesAndRemovals() async throws {
    try await SandboxGraph.run(size: 300) { harness in
      let base = harness.sandbox.baseURL.absoluteString
      var first = try await Self.get(harness, base + "/v1.0/users/delta?$select=displayName,jobTitle,manager")
      var users = Self.values(first.json)
      // 300 people are two pages: Graph serves at most 200 a page (issue 30).
      while let next = first.json["@odata.nextLink"] as? String {
        first = try await Self.get(harness, next)
        users += Self.values(first.json)
      }
      let deltaLink = try #require(first.json["@odata.deltaLink"] as? String)
      #expect(users.count == 300)
      // manager@delta carries the manager's id for everyone who has one (guests have none).
      #expect(users.filter { $0["manager@delta"] != nil }.count > 250)
      let (renamed, soft, hard) = (users[10]["id"] as! String, users[20]["id"] as! String, users[30]["id"] as! String)

      #expect(
        try await harness.harness.call("PATCH", "users/\(renamed)", ["jobTitle": "Chief Delta Officer"]).status == 200)
      #expect(try await harness.harness.call("DELETE", "users/\(soft)").status == 200)
      #expect(try await harness.harness.call("DELETE", "users/\(hard)?permanent=true").status == 200)
      let added = try await harness.harness.call(
        "POST", "users",
        [
          "displayName": "Newt Joiner", "userPrincipalName": "newt.joiner@contoso.onmicrosoft.com", "manager": renamed,
        ])
      #expect(added.status == 201)
      let newId = try #require((added.json["changed"] as? [String])?.first)

      let round = try await Self.get(harness, deltaLink)
      let changes = Dictionary(uniqueKeysWithValues: Self.values(round.json).map { ($0["id"] as! String, $0) })
      #expect(Set(changes.keys) == [renamed, soft, hard, newId])
      #expect(changes[renamed]?["jobTitle"] as? String == "Chief Delta Officer")
      #expect((changes[soft]?["@removed"] as? [String: Any])?["reason"] as? String == "changed")
      #expect((changes[hard]?["@removed"] as? [String: Any])?["reason"] as? String == "deleted")
      #expect(changes[newId]?["displayName"] as? String == "Newt Joiner")
      let manager = (changes[newId]?["manager@delta"] as? [[String: Any]])?.first
      #expect(manager?["id"] as? String == renamed)
      // The round's own link was for the old state: asking it again gives the same changes.
      let again = try await Self.get(harness, deltaLink)
      #expect(Self.values(again.json).count == 4)
      let next = try #require(round.json["@odata.deltaLink"] as? String)
      #expect(Self.values(try await Self.get(harness, next).json).isEmpty)
    }
  }

  @Test func latestTokenBadTokensExpandAndPermissions() async throws {
    try await SandboxGraph.run(size: 50) { harness in
      let base = harness.sandbox.baseURL.absoluteString
      let latest = try await Self.get(harness, base + "/v1.0/users/delta?$deltatoken=latest")
      #expect(latest.status == 200 && Self.values(latest.json).isEmpty)
      let link = try #require(latest.json["@odata.deltaLink"] as? String)
      try await harness.harness.call("POST", "churn", ["count": 3])
      #expect(Self.values(try await Self.get(harness, link).json).count >= 3)

      for bad in ["nonsense", "sbx1.e30", "latest2"] {
        let refused = try await Self.get(harness, base + "/v1.0/users/delta?$deltatoken=\(bad)")
        #expect(refused.status == 400)
        #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "syncStateNotFound")
      }
      let expand = try await Self.get(harness, base + "/v1.0/users/delta?$expand=manager")
      #expect(expand.status == 400)
      let small = try await Self.get(harness, base + "/v1.0/users/delta", headers: [("Prefer", "odata.maxpagesize=20")])
      #expect(Self.values(small.json).count == 20 && small.json["@odata.nextLink"] != nil)
    }
    try await SandboxGraph.run(size: 20, scope: "openid profile offline_access User.Read") { harness in
      let refused = try await Self.get(harness, harness.sandbox.baseURL.absoluteString + "/v1.0/users/delta")
      #expect(refused.status == 403)
    }
  }

  @Test func theLiveFeedDecodesPagesAndRemovals() async throws {
    try await SandboxGraph.run(size: 120) { harness in
      let configuration = try GraphConfiguration(endpoint: harness.sandbox.graphURL)
      let feed = DeltaFeed.live(
        configuration: configuration, tokens: harness.tokens, transport: harness.harness.transport, pageSize: 50)
      var page = try await feed.fetch(nil) { _ in }
      var count = page.changes.count
      while let next = page.nextLink {
        page = try await feed.fetch(next) { _ in }
        count += page.changes.count
      }
      #expect(count == 120)
      let link = try #require(page.deltaLink)
      let victim = harness.sandbox.defaultUsername
      let someone = try #require(try await harness.searchAll("a").first { $0.userPrincipalName?.string != victim })
      try await harness.harness.call("DELETE", "users/\(someone.id)")
      let round = try await feed.fetch(link) { _ in }
      #expect(round.changes == [.removed(id: someone.id)])
      await #expect(throws: DirectoryError.self) { try await feed.fetch(link + "x") { _ in } }
      do {
        _ = try await feed.fetch(link.replacingOccurrences(of: "$deltatoken=", with: "$deltatoken=x")) { _ in }
      } catch { #expect(DeltaFeed.needsFullSync(error)) }
    }
  }
}
