import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/directory/deletedItems` and the deletions of `/auditLogs/directoryAudits` over HTTP (issue 43
/// item 5): Graph's shapes, permissions and role, the query options it answers, purging after 30
/// days, and a soft delete through the control API landing there.
@Suite("Graph v1.0 deleted items")
struct DeletedItemsGraphTests {
  static let admin =
    "openid profile offline_access User.Read User.Read.All Group.Read.All AuditLog.Read.All Directory.Read.All"
  static let usersOnly = "openid profile offline_access User.Read User.Read.All"

  static let directory = Directory.generated(seed: 1, size: 50)
  /// People other than the default user (who holds the sandbox's roles).
  static var others: [DirectoryUser] { directory.users.filter { $0.id != directory.defaultUser.id } }

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func code(_ reply: Reply) -> String? { (reply.json["error"] as? [String: Any])?["code"] as? String }

  @Test("users and Microsoft 365 groups, each with deletedDateTime 1–29 days ago; a deleted UPN is id-prefixed")
  func shapes() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let users = try await h.graph("/v1.0/directory/deletedItems/microsoft.graph.user", token: token)
      #expect(users.status == 200, "\(users.text)")
      #expect(
        (users.json["@odata.context"] as? String)?.hasSuffix("$metadata#directoryObjects/microsoft.graph.user") == true)
      let now = h.manualClock.now
      #expect(Self.values(users).count >= 5)
      for user in Self.values(users) {
        let id = try #require(user["id"] as? String)
        let upn = try #require(user["userPrincipalName"] as? String)
        #expect(upn.hasPrefix(id.replacingOccurrences(of: "-", with: "")))
        let date = try Date(try #require(user["deletedDateTime"] as? String), strategy: .iso8601)
        #expect(now.timeIntervalSince(date) > 86_000 && now.timeIntervalSince(date) < 30 * 86_400)
      }
      let groups = try await h.graph("/v1.0/directory/deletedItems/microsoft.graph.group", token: token)
      #expect(Self.values(groups).count >= 3)
      #expect(Self.values(groups).allSatisfy { ($0["groupTypes"] as? [String]) == ["Unified"] })
      let one = try #require(Self.values(groups).first?["id"] as? String)
      let got = try await h.graph("/v1.0/directory/deletedItems/\(one)", token: token)
      #expect(got.status == 200 && got.json["@odata.type"] as? String == "#microsoft.graph.group")
      #expect(try await h.graph("/v1.0/directory/deletedItems/\(UUID())", token: token).status == 404)
      #expect(try await h.graph("/v1.0/directory/deletedItems", token: token).status == 400)
    }
  }

  @Test("$select, $top and next links, startswith on displayName; other filters and bare $orderby refused")
  func query() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let path = "/v1.0/directory/deletedItems/microsoft.graph.user"
      let page = try await h.graph(path + "?$select=displayName,deletedDateTime&$top=2", token: token)
      #expect(Self.values(page).count == 2)
      #expect(Self.values(page).allSatisfy { Set($0.keys) == ["id", "displayName", "deletedDateTime"] })
      let next = try #require(page.json["@odata.nextLink"] as? String)
      #expect(Self.values(try await h.graph(next, token: token)).count == 2)
      let filter = SandboxHarness.q("startswith(displayName,'tomás o''b')")
      let found = try await h.graph(path + "?$filter=\(filter)", token: token)
      #expect(Self.values(found).map { $0["displayName"] as? String } == ["Tomás O'Brien"])
      #expect(Self.code(try await h.graph(path + "?$select=nonsense", token: token)) == "Request_BadRequest")
      #expect(try await h.graph(path + "?$top=1000", token: token).status == 400)
      let other = SandboxHarness.q("endswith(displayName,'n')")
      #expect(try await h.graph(path + "?$filter=\(other)", token: token).status == 400)
      let search = "$search=\(SandboxHarness.q("\"displayName:brien\""))"
      #expect(try await h.graph(path + "?" + search, token: token).status == 400)
      let searched = try await h.graph(path + "?" + search, token: token, headers: [("ConsistencyLevel", "eventual")])
      #expect(Self.values(searched).map { $0["displayName"] as? String } == ["Tomás O'Brien"])
      let order = "$orderby=\(SandboxHarness.q("deletedDateTime desc"))"
      #expect(try await h.graph(path + "?" + order, token: token).status == 400)
      let sorted = try await h.graph(
        path + "?\(order)&$count=true", token: token, headers: [("ConsistencyLevel", "eventual")])
      let dates = Self.values(sorted).compactMap { $0["deletedDateTime"] as? String }
      #expect(sorted.json["@odata.count"] as? Int == dates.count && dates == dates.sorted(by: >))
    }
  }

  @Test("users need User.Read.All, groups Group.Read.All, and the signed-in person a role")
  func permissions() async throws {
    try await SandboxHarness.withManualClock { h in
      let users = try await h.signIn(scope: Self.usersOnly).accessToken
      #expect(try await h.graph("/v1.0/directory/deletedItems/microsoft.graph.user", token: users).status == 200)
      let groups = try await h.graph("/v1.0/directory/deletedItems/microsoft.graph.group", token: users)
      #expect(groups.status == 403 && Self.code(groups) == "Authorization_RequestDenied")
      let other = try #require(Self.others.first)
      let noRole = try await h.signIn(scope: Self.admin, user: other.id).accessToken
      #expect(try await h.graph("/v1.0/directory/deletedItems/microsoft.graph.user", token: noRole).status == 403)
    }
  }

  @Test("older than 30 days is purged; a soft delete lands with the time it was noticed; a hard one does not")
  func purgeAndSoftDelete() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let path = "/v1.0/directory/deletedItems/microsoft.graph.user"
      let before = Self.values(try await h.graph(path, token: token)).count
      let people = Array(Self.others.prefix(2))
      #expect(try await h.delete("/_sandbox/users/\(people[0].id)").status == 200)
      #expect(try await h.delete("/_sandbox/users/\(people[1].id)?permanent=true").status == 200)
      let after = Self.values(try await h.graph(path, token: token))
      #expect(after.count == before + 1)
      #expect(after.contains { $0["id"] as? String == people[0].id })
      h.manualClock.advance(by: 31 * 86_400)
      let fresh = try await h.signIn(scope: Self.admin).accessToken
      #expect(Self.values(try await h.graph(path, token: fresh)).isEmpty)
    }
  }

  @Test("directoryAudits: 'Delete user' entries name who deleted whom; AuditLog.Read.All; 7 days without P1")
  func audits() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let filter = SandboxHarness.q("activityDisplayName eq 'Delete user'")
      let reply = try await h.graph("/v1.0/auditLogs/directoryAudits?$filter=\(filter)", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let entries = Self.values(reply)
      #expect(!entries.isEmpty && entries.allSatisfy { $0["activityDisplayName"] as? String == "Delete user" })
      let target = try #require((entries.first?["targetResources"] as? [[String: Any]])?.first?["id"] as? String)
      let one = SandboxHarness.q("targetResources/any(t:t/id eq '\(target)')")
      #expect(Self.values(try await h.graph("/v1.0/auditLogs/directoryAudits?$filter=\(one)", token: token)).count == 1)
      let users = try await h.signIn(scope: Self.usersOnly).accessToken
      #expect(try await h.graph("/v1.0/auditLogs/directoryAudits", token: users).status == 403)
    }
    try await SandboxHarness.withManualClock({ $0.premium = false }) { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let now = h.manualClock.now
      for entry in Self.values(try await h.graph("/v1.0/auditLogs/directoryAudits", token: token)) {
        let date = try Date(try #require(entry["activityDateTime"] as? String), strategy: .iso8601)
        #expect(now.timeIntervalSince(date) < 7 * 86_400)
      }
    }
  }
}
