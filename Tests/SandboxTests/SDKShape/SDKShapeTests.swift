import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// What Microsoft's own Graph SDK (msgraph-sdk) asks for and the sandbox once could not answer
/// (issue 43 item 7): one person's presence, the `graph.` cast alias, and (in
/// `SDKReportTests`) the registration report and the tenant's sign-in log.
@Suite("Graph v1.0 as the SDKs call it: presence, cast alias")
struct SDKShapeTests {
  static let presenceScope = "openid profile offline_access User.Read User.Read.All Presence.Read.All"
  static let ownScope = "openid profile offline_access User.Read Presence.Read"

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }

  @Test("GET /users/{id}/presence and /me/presence: Graph's presence shape, agreeing with getPresencesByUserId")
  func presence() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.presenceScope).accessToken
      let other = try #require(Directory.generated(seed: 1, size: 2000).users.dropFirst(3).first).id
      let reply = try await h.graph("/v1.0/users/\(other)/presence", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      #expect(reply["id"] == other)
      #expect(PresenceBoard.availabilities.contains(reply["availability"] ?? ""))
      #expect(PresenceBoard.activities.contains(reply["activity"] ?? ""))
      #expect(reply.json["outOfOfficeSettings"] is [String: Any])
      #expect(reply.json.keys.contains("statusMessage"))
      #expect(reply["@odata.context"]?.hasSuffix("$metadata#users('\(other)')/presence/$entity") == true)

      let body = try JSONSerialization.data(withJSONObject: ["ids": [other]])
      let batch = try await h.send(
        "POST", "/v1.0/communications/getPresencesByUserId",
        headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
        body: String(decoding: body, as: UTF8.self))
      #expect(Self.values(batch).first?["availability"] as? String == reply["availability"])
      let viaCommunications = try await h.graph("/v1.0/communications/presences/\(other)", token: token)
      #expect(viaCommunications.status == 200 && viaCommunications["activity"] == reply["activity"])

      let me = try await h.graph("/v1.0/me/presence", token: token)
      #expect(me.status == 200 && me["availability"] != nil, "\(me.text)")

      // Presence.Read reads one's own presence only; nothing at all without a presence permission.
      let own = try await h.signIn(scope: Self.ownScope).accessToken
      #expect(try await h.graph("/v1.0/me/presence", token: own).status == 200)
      let refused = try await h.graph("/v1.0/users/\(other)/presence", token: own)
      #expect(refused.status == 403, "\(refused.text)")
      let none = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      #expect(try await h.graph("/v1.0/me/presence", token: none).status == 403)
      #expect(try await h.graph("/v1.0/users/\(other)/presence", token: none).status == 403)
    }
  }

  @Test("graph.X is microsoft.graph.X wherever a cast is read: places, group members, batch items")
  func castAlias() async throws {
    try await SandboxHarness.withManualClock { h in
      let scope = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All Place.Read.All"
      let token = try await h.signIn(scope: scope).accessToken
      let full = try await h.graph("/v1.0/places/microsoft.graph.room?$top=5", token: token)
      let short = try await h.graph("/v1.0/places/graph.room?$top=5", token: token)
      #expect(short.status == 200, "\(short.text)")
      #expect(Self.values(short).map { $0["id"] as? String } == Self.values(full).map { $0["id"] as? String })
      #expect(try await h.graph("/v1.0/places/graph.roomList", token: token).status == 200)
      #expect(try await h.graph("/v1.0/places/graph.nothing", token: token).status != 200)

      let filter = SandboxHarness.q("displayName eq 'Platform Team'")
      let groups = try await h.graph("/v1.0/groups?$filter=\(filter)&$select=id", token: token)
      let group = try #require(Self.values(groups).first?["id"] as? String)
      let members = try await h.graph("/v1.0/groups/\(group)/transitiveMembers/graph.user?$top=999", token: token)
      #expect(members.status == 200, "\(members.text)")
      #expect(!Self.values(members).isEmpty)
      #expect(Self.values(members).allSatisfy { $0["@odata.type"] as? String == "#microsoft.graph.user" })

      let batch = try await h.send(
        "POST", "/v1.0/$batch",
        headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
        body: #"{"requests":[{"id":"1","method":"GET","url":"/places/graph.room?$top=1"}]}"#)
      let responses = batch.json["responses"] as? [[String: Any]] ?? []
      #expect(responses.first?["status"] as? Int == 200, "\(batch.text)")
    }
  }

  @Test("the alias touches only cast-shaped segments, never a user name")
  func aliasRule() {
    #expect(GraphEndpoints.castsSpelledInFull("/v1.0/places/graph.room") == "/v1.0/places/microsoft.graph.room")
    #expect(GraphEndpoints.castsSpelledInFull("/v1.0/users/graph.delta()") == "/v1.0/users/microsoft.graph.delta()")
    #expect(
      GraphEndpoints.castsSpelledInFull("/v1.0/users/graph.admin@contoso.com")
        == "/v1.0/users/graph.admin@contoso.com")
    #expect(
      GraphEndpoints.castsSpelledInFull("/v1.0/places/microsoft.graph.room") == "/v1.0/places/microsoft.graph.room")
    #expect(GraphEndpoints.castsSpelledInFull("/v1.0/places/graph.") == "/v1.0/places/graph.")
  }
}
