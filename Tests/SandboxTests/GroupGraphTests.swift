import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/groups`, members, memberships and group delta over HTTP, with Graph's permission rules.
@Suite("Graph v1.0 groups")
struct GroupGraphTests {
  static let groupScope = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All"
  static let eventual = [("ConsistencyLevel", "eventual")]

  /// A group's id by exact display name.
  static func groupId(_ h: SandboxHarness, _ token: String, _ name: String) async throws -> String {
    let filter = SandboxHarness.q("displayName eq '\(name.replacingOccurrences(of: "'", with: "''"))'")
    let reply = try await h.graph("/v1.0/groups?$filter=\(filter)&$select=id", token: token)
    let value = try #require(reply.json["value"] as? [[String: Any]], "\(reply.text)")
    return try #require(value.first?["id"] as? String, "no group \(name)")
  }

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func names(_ reply: Reply) -> [String] { values(reply).compactMap { $0["displayName"] as? String } }

  @Test("list, $select, $top paging, $count, $orderby, and the filters Graph documents for groups")
  func listAndFilter() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.groupScope).accessToken
      let first = try await h.graph(
        "/v1.0/groups?$top=5&$count=true&$select=displayName,groupTypes", token: token, headers: Self.eventual)
      #expect(first.status == 200)
      #expect(first.json["@odata.count"] as? Int == DemoGroups.names.count)
      #expect(Self.names(first) == Array(DemoGroups.names.prefix(5)))
      #expect(Self.values(first).allSatisfy { Set($0.keys) == ["id", "displayName", "groupTypes"] })
      var seen = Self.values(first).count
      var next = first["@odata.nextLink"]
      while let link = next {
        let page = try await h.graph(link, token: token, headers: Self.eventual)
        #expect(page.json["@odata.count"] == nil)
        seen += Self.values(page).count
        next = page["@odata.nextLink"]
      }
      #expect(seen == DemoGroups.names.count)

      let unified = try await h.graph(
        "/v1.0/groups?$filter=\(SandboxHarness.q("groupTypes/any(c:c eq 'Unified')"))&$select=displayName", token: token
      )
      #expect(
        Set(Self.names(unified)) == [
          "All Company", "Platform Engineering", "Design Studio", "Leadership Confidential", "Büro München Ärzte-Team",
          "東京チーム 開発",
        ])
      let teams = try await h.graph(
        "/v1.0/groups?$filter=\(SandboxHarness.q("resourceProvisioningOptions/Any(x:x eq 'Team')"))", token: token)
      #expect(Set(Self.names(teams)) == ["Platform Engineering", "Design Studio", "Büro München Ärzte-Team"])
      let lists = try await h.graph(
        "/v1.0/groups?$filter=\(SandboxHarness.q("mailEnabled eq true and securityEnabled eq false and not groupTypes/any(c:c eq 'Unified')"))&$count=true",
        token: token, headers: Self.eventual)
      #expect(Set(Self.names(lists)) == ["Engineering Announcements", "O'Brien & \"Friends\" Crew"])
      let starts = try await h.graph(
        "/v1.0/groups?$filter=\(SandboxHarness.q("startswith(mail,'platform') or startswith(mailNickname,'sre')"))",
        token: token)
      #expect(Set(Self.names(starts)) == ["Platform Team", "Platform Engineering", "SRE On-Call"])
      let quoted = try await h.graph(
        "/v1.0/groups?$filter=\(SandboxHarness.q("startswith(displayName,'O''Brien & \"')"))", token: token)
      #expect(Self.names(quoted) == ["O'Brien & \"Friends\" Crew"])
      // Graph's refusals: not/ne outside advanced queries, unknown properties, unsortable ones.
      let not = try await h.graph("/v1.0/groups?$filter=\(SandboxHarness.q("not(mailEnabled eq true)"))", token: token)
      #expect(not.status == 400)
      GraphShape.expectError(not, code: "Request_UnsupportedQuery")
      let unknown = try await h.graph("/v1.0/groups?$filter=\(SandboxHarness.q("jobTitle eq 'x'"))", token: token)
      #expect(unknown.status == 400)
      #expect(try await h.graph("/v1.0/groups?$select=jobTitle", token: token).status == 400)
      #expect(try await h.graph("/v1.0/groups?$orderby=mail", token: token).status == 400)
      let ordered = try await h.graph(
        "/v1.0/groups?$orderby=displayName%20desc&$select=displayName&$top=2", token: token)
      #expect(Self.names(ordered) == ["東京チーム 開発", "SRE On-Call"])
      let count = try await h.graph("/v1.0/groups/$count", token: token, headers: Self.eventual)
      #expect(count.text == String(DemoGroups.names.count))
      #expect(try await h.graph("/v1.0/groups/$count", token: token).status == 400)
    }
  }

  @Test("$search: ConsistencyLevel required, displayName and description tokens, hostile text as for people")
  func search() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.groupScope).accessToken
      func search(_ text: String) async throws -> Reply {
        try await h.graph(
          "/v1.0/groups?$search=\(SandboxHarness.q(text))&$select=displayName", token: token, headers: Self.eventual)
      }
      let refused = try await h.graph("/v1.0/groups?$search=\(SandboxHarness.q("\"sre\""))", token: token)
      #expect(refused.status == 400)
      GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      #expect(Self.names(try await search("\"displayName:sre\"")) == ["SRE On-Call"])
      #expect(Self.names(try await search("\"on-call\"")) == ["SRE On-Call"])
      #expect(
        Set(Self.names(try await search("\"description:pager\" OR \"displayName:chain\""))) == [
          "SRE On-Call", "Escalation Chain",
        ])
      #expect(Self.names(try await search(#""displayName:O'Brien""#)) == ["O'Brien & \"Friends\" Crew"])
      #expect(Self.names(try await search(#""displayName:\"Friends\" &""#)) == ["O'Brien & \"Friends\" Crew"])
      #expect(Self.names(try await search("\"buro munchen\"")) == ["Büro München Ärzte-Team"])
      #expect(Self.names(try await search("\"ÄRZTE\"")) == ["Büro München Ärzte-Team"])
      #expect(Self.names(try await search("\"東京\"")) == ["東京チーム 開発"])
      #expect(
        Self.names(try await search("\"displayName:alerts channel\"")) == ["Alerts \u{1B}[31mRED\u{1B}[0m Channel"])
      #expect(try await search("\"displayName:x").status == 400)
      #expect(try await search("\"jobTitle:x\"").status == 400)
    }
  }

  @Test("members, transitive members, owners, casts and $count; $expand=members stops at 20 without a link")
  func members() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.groupScope).accessToken
      let platform = try await Self.groupId(h, token, "Platform Team")
      let onCall = try await Self.groupId(h, token, "SRE On-Call")
      let direct = try await h.graph("/v1.0/groups/\(platform)/members?$select=displayName", token: token)
      #expect(direct.status == 200)
      let directValues = Self.values(direct)
      #expect(
        directValues.contains {
          $0["id"] as? String == onCall && $0["@odata.type"] as? String == "#microsoft.graph.group"
        })
      #expect(directValues.allSatisfy { $0["@odata.type"] != nil && $0["displayName"] is String })
      let transitive = try await h.graph("/v1.0/groups/\(platform)/transitiveMembers?$top=999", token: token)
      let transitiveNames = Self.names(transitive)
      #expect(transitiveNames.contains("Escalation Chain") && transitiveNames.contains("Reliability Guild"))
      let me = try #require(try await h.graph("/v1.0/me", token: token)["id"])
      #expect(Self.values(transitive).contains { $0["id"] as? String == me })
      let ids = Self.values(transitive).compactMap { $0["id"] as? String }
      #expect(Set(ids).count == ids.count && !ids.contains(platform))
      let users = try await h.graph("/v1.0/groups/\(platform)/transitiveMembers/microsoft.graph.user", token: token)
      #expect(Self.values(users).allSatisfy { $0["@odata.type"] as? String == "#microsoft.graph.user" })
      #expect(
        Self.values(users).count
          == Self.values(transitive).count { $0["@odata.type"] as? String == "#microsoft.graph.user" })
      let count = try await h.graph("/v1.0/groups/\(platform)/members/$count", token: token, headers: Self.eventual)
      #expect(Int(count.text) == directValues.count)
      #expect(try await h.graph("/v1.0/groups/\(platform)/members/$count", token: token).status == 400)
      let owners = try await h.graph("/v1.0/groups/\(platform)/owners", token: token)
      #expect(Self.values(owners).count == 1)
      // Paging one member at a time walks them all, each once.
      var paged: [String] = []
      var next: String? = "/v1.0/groups/\(platform)/members?$top=1"
      while let link = next {
        let page = try await h.graph(link, token: token)
        paged += Self.values(page).compactMap { $0["id"] as? String }
        next = page["@odata.nextLink"]
      }
      #expect(paged == directValues.compactMap { $0["id"] as? String })
      // $search and $filter on members: an advanced query, users and groups each by their own rules.
      let searched = try await h.graph(
        "/v1.0/groups/\(platform)/transitiveMembers?$count=true&$search=\(SandboxHarness.q("\"displayName:chain\""))",
        token: token, headers: Self.eventual)
      #expect(Self.names(searched) == ["Escalation Chain"])
      let firstName = try #require(directValues.first?["displayName"] as? String)
      let word = String(firstName.split(separator: " ").first ?? "")
      let people = try await h.graph(
        "/v1.0/groups/\(platform)/members/microsoft.graph.user?$count=true&$filter=\(SandboxHarness.q("startswith(displayName,'\(word.replacingOccurrences(of: "'", with: "''"))')"))",
        token: token, headers: Self.eventual)
      #expect(Self.names(people).contains(firstName) && Self.names(people).allSatisfy { $0.hasPrefix(word) })
      #expect(try await h.graph("/v1.0/groups/\(platform)/members?$search=%22x%22", token: token).status == 400)
      // $expand=members: at most 20, no next link.
      let all = try await Self.groupId(h, token, "All Company")
      let expanded = try await h.graph("/v1.0/groups/\(all)?$expand=members($select=id,displayName)", token: token)
      #expect((expanded.json["members"] as? [[String: Any]])?.count == 20)
      #expect(expanded.json["members@odata.nextLink"] == nil && expanded.json["@odata.nextLink"] == nil)
      #expect(try await h.graph("/v1.0/groups/\(all)?$expand=owners", token: token).status == 400)
      #expect(try await h.graph("/v1.0/groups/\(UUID().uuidString.lowercased())", token: token).status == 404)
    }
  }

  @Test("permissions: my groups with User.Read only as id and type; everything else needs GroupMember.Read.All")
  func permissions() async throws {
    try await SandboxHarness.withManualClock { h in
      let full = try await h.signIn(scope: Self.groupScope).accessToken
      // The second person in the directory is a department head: in All Company and the hidden group.
      let head = try #require(
        Self.values(try await h.graph("/v1.0/users?$top=2", token: full)).last?["userPrincipalName"] as? String)
      let basic = try await h.signIn(scope: "openid offline_access User.Read").accessToken
      let mine = try await h.graph("/v1.0/me/memberOf", token: basic)
      #expect(mine.status == 200)
      #expect(!Self.values(mine).isEmpty)
      #expect(Self.values(mine).allSatisfy { Set($0.keys) == ["@odata.type", "id"] })
      let mineSelected = try await h.graph("/v1.0/me/transitiveMemberOf?$select=displayName", token: basic)
      #expect(Self.values(mineSelected).allSatisfy { $0["displayName"] is NSNull })
      #expect(Self.values(mineSelected).count > Self.values(mine).count)
      for path in ["/v1.0/groups", "/v1.0/groups/delta", "/v1.0/users/\(head)/memberOf"] {
        let refused = try await h.graph(path, token: basic)
        #expect(refused.status == 403, "\(path)")
        GraphShape.expectError(refused, code: "Authorization_RequestDenied")
      }
      let named = try await h.graph("/v1.0/me/memberOf?$select=displayName", token: full)
      #expect(Self.names(named).contains("Escalation Chain"))
      let mySearch = try await h.graph(
        "/v1.0/me/transitiveMemberOf?$count=true&$search=\(SandboxHarness.q("\"displayName:call\""))&$select=displayName",
        token: full, headers: Self.eventual)
      #expect(Self.names(mySearch) == ["SRE On-Call"])
      let onCall = try await Self.groupId(h, full, "SRE On-Call")
      let parents = Self.names(try await h.graph("/v1.0/groups/\(onCall)/memberOf?$select=displayName", token: full))
      #expect(parents == ["Platform Team"])
      let ancestors = Self.names(
        try await h.graph("/v1.0/groups/\(onCall)/transitiveMemberOf?$select=displayName", token: full))
      #expect(Set(ancestors) == ["Platform Team", "Engineering Announcements"])
      let cast = try await h.graph(
        "/v1.0/me/transitiveMemberOf/microsoft.graph.group/$count", token: full, headers: Self.eventual)
      #expect(Int(cast.text) == Self.values(mineSelected).count)
      // Group readers without a user permission see members as id and type only.
      let groupsOnly = try await h.signIn(scope: "openid GroupMember.Read.All").accessToken
      let design = try await Self.groupId(h, groupsOnly, "Design Studio")
      let limited = try await h.graph("/v1.0/groups/\(design)/members", token: groupsOnly)
      #expect(limited.status == 200 && !Self.values(limited).isEmpty)
      #expect(Self.values(limited).allSatisfy { Set($0.keys) == ["@odata.type", "id"] })
      // Devices need Device.Read.All; v1.0 leaves service principals out of /members, $count has them.
      let agents = try await Self.groupId(h, full, "Build Agents")
      let agentMembers = Self.values(try await h.graph("/v1.0/groups/\(agents)/members", token: full))
      let devices = agentMembers.filter { $0["@odata.type"] as? String == "#microsoft.graph.device" }
      #expect(devices.count == 4 && devices.allSatisfy { Set($0.keys) == ["@odata.type", "id"] })
      #expect(!agentMembers.contains { $0["@odata.type"] as? String == "#microsoft.graph.servicePrincipal" })
      let agentCount = try await h.graph("/v1.0/groups/\(agents)/members/$count", token: full, headers: Self.eventual)
      #expect(Int(agentCount.text) == agentMembers.count + 2)
      let withDevices = try await h.signIn(scope: Self.groupScope + " Device.Read.All").accessToken
      let described = Self.values(try await h.graph("/v1.0/groups/\(agents)/members", token: withDevices))
      #expect(described.filter { $0["displayName"] as? String == "BUILD-AGENT-1" }.count == 1)
      // Hidden membership: 403 without Member.Read.Hidden to someone outside the group (the 60th
      // person; the chief executive and the department heads are in it), members with it.
      let leadership = try await Self.groupId(h, full, "Leadership Confidential")
      let outsiderName = try #require(
        Self.values(try await h.graph("/v1.0/users?$top=60", token: full)).last?["userPrincipalName"] as? String)
      let outsider = try await h.signIn(scope: Self.groupScope, user: outsiderName).accessToken
      let hidden = try await h.graph("/v1.0/groups/\(leadership)/members", token: outsider)
      #expect(hidden.status == 403)
      #expect(((hidden.json["error"] as? [String: Any])?["message"] as? String)?.contains("Member.Read.Hidden") == true)
      #expect(try await h.graph("/v1.0/groups/\(leadership)?$expand=members", token: outsider).status == 403)
      #expect(try await h.graph("/v1.0/groups/\(leadership)", token: outsider).status == 200)
      let reader = try await h.signIn(scope: Self.groupScope + " Member.Read.Hidden", user: outsiderName).accessToken
      let shown = try await h.graph("/v1.0/groups/\(leadership)/members", token: reader)
      #expect(shown.status == 200 && Self.values(shown).count == 12)
      // Its own members (a department head) and owner (the chief executive) list its members with
      // no extra permission; the group's delta gives them its members too.
      let chief = try #require(
        Self.values(try await h.graph("/v1.0/users?$top=1", token: full)).first?["userPrincipalName"] as? String)
      for insider in [head, chief] {
        let token = try await h.signIn(scope: Self.groupScope, user: insider).accessToken
        let own = try await h.graph("/v1.0/groups/\(leadership)/members", token: token)
        #expect(own.status == 200 && Self.values(own).count == 12, "\(insider): \(own.status)")
        #expect(try await h.graph("/v1.0/groups/\(leadership)?$expand=members", token: token).status == 200)
      }
      // Someone else's hidden groups are left out of their memberships without Member.Read.Hidden,
      // unless the caller is in the group too.
      let others = Self.names(
        try await h.graph("/v1.0/users/\(head)/memberOf?$select=displayName", token: outsider))
      #expect(!others.contains("Leadership Confidential") && others.contains("All Company"))
      let fellow = Self.names(try await h.graph("/v1.0/users/\(head)/memberOf?$select=displayName", token: full))
      #expect(fellow.contains("Leadership Confidential"))
      let revealed = Self.names(try await h.graph("/v1.0/users/\(head)/memberOf?$select=displayName", token: reader))
      #expect(revealed.contains("Leadership Confidential"))
      #expect(
        Self.names(try await h.graph("/v1.0/me/memberOf?$select=displayName", token: full)).contains(
          "Leadership Confidential"))
    }
  }

  @Test("a permission the administrator withheld never reaches the token")
  func withheldConsent() async throws {
    try await SandboxHarness.withManualClock({ $0.withheldPermissions = ["groupmember.read.all"] }) { h in
      let tokens = try await h.signIn(scope: Self.groupScope)
      #expect(!tokens.scope.contains("GroupMember.Read.All") && tokens.scope.contains("User.Read.All"))
      #expect(try await h.graph("/v1.0/groups", token: tokens.accessToken).status == 403)
      #expect(try await h.graph("/v1.0/me/memberOf", token: tokens.accessToken).status == 200)
    }
  }

  @Test("throttling and faults reach group paths through the same machinery")
  func faults() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.groupScope).accessToken
      _ = try await h.postJSON(
        "/_sandbox/faults", #"{"match":"/v1.0/groups*","kind":"status","status":429,"retry_after":2,"count":1}"#)
      let throttled = try await h.graph("/v1.0/groups", token: token)
      #expect(throttled.status == 429 && throttled.header("Retry-After") == "2")
      #expect(try await h.graph("/v1.0/groups", token: token).status == 200)
    }
  }
}
