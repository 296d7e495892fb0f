import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `POST /groups/{id}/members/$ref` and `DELETE …/members/{id}/$ref` over HTTP (issue 45 item 1),
/// and the directory audit entries of every write.
@Suite("Graph v1.0 writes: group members and audits")
struct GroupMemberWriteGraphTests {
  typealias R = WriteRequests

  static func reference(_ id: String) -> String {
    #"{"@odata.id":"https://graph.microsoft.com/v1.0/directoryObjects/\#(id)"}"#
  }

  static func memberIds(_ h: SandboxHarness, _ group: String, token: String) async throws -> [String] {
    let reply = try await h.graph("/v1.0/groups/\(group)/members?$select=id&$top=999", token: token)
    return (reply.json["value"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test("add then remove: 204 each, the member list follows; twice is Graph's 400 and 404")
  func addRemove() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let group = t.normalGroup.id
      let person = try #require(
        t.directory.users.first { user in
          user.userType != "Guest"
            && !t.directory.members(ofGroup: t.directory.groupIndex(idOrNickname: group)!)
              .contains(.user(Int32(t.directory.userIndex(id: user.id)!)))
        })
      let add = try await h.write(
        "POST", "/v1.0/groups/\(group)/members/$ref", token: token, json: Self.reference(person.id))
      #expect(add.status == 204, "\(add.text)")
      #expect(try await Self.memberIds(h, group, token: token).contains(person.id))
      let twice = try await h.write(
        "POST", "/v1.0/groups/\(group)/members/$ref", token: token, json: Self.reference(person.id))
      #expect(
        twice.status == 400 && R.message(twice)?.hasPrefix("One or more added object references already exist") == true)
      let remove = try await h.write("DELETE", "/v1.0/groups/\(group)/members/\(person.id)/$ref", token: token)
      #expect(remove.status == 204)
      #expect(try await !Self.memberIds(h, group, token: token).contains(person.id))
      let gone = try await h.write("DELETE", "/v1.0/groups/\(group)/members/\(person.id)/$ref", token: token)
      #expect(gone.status == 404 && R.code(gone) == "Request_ResourceNotFound")
    }
  }

  @Test("dynamic and synced groups are Graph's 400; a synced group says onPremisesSyncEnabled")
  func dynamicAndSynced() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let dynamic = try await h.write(
        "POST", "/v1.0/groups/\(t.dynamicGroup.id)/members/$ref", token: token, json: Self.reference(t.plain.id))
      #expect(dynamic.status == 400 && R.code(dynamic) == "Request_BadRequest", "\(dynamic.text)")
      let synced = try await h.write(
        "POST", "/v1.0/groups/\(t.syncedGroup.id)/members/$ref", token: token, json: Self.reference(t.plain.id))
      #expect(synced.status == 400 && R.message(synced)?.contains("on-premises mastered") == true, "\(synced.text)")
      let read = try await h.graph("/v1.0/groups/\(t.syncedGroup.id)?$select=id,onPremisesSyncEnabled", token: token)
      #expect(read.json["onPremisesSyncEnabled"] as? Bool == true)
      let normal = try await h.graph("/v1.0/groups/\(t.normalGroup.id)?$select=id,onPremisesSyncEnabled", token: token)
      #expect(normal.json["onPremisesSyncEnabled"] is NSNull)
    }
  }

  @Test("group refusals: permission, a person with no role who owns nothing, a bad reference, unknown ids")
  func groupRefusals() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock { h in
      let path = "/v1.0/groups/\(t.normalGroup.id)/members/$ref"
      let reads = try await h.signIn(scope: R.readOnly).accessToken
      #expect(try await h.write("POST", path, token: reads, json: Self.reference(t.plain.id)).status == 403)
      let noRole = try await h.signIn(scope: R.operatorScopes, user: t.otherPlain.id).accessToken
      let owns = t.normalGroup.owners.contains(.user(Int32(t.directory.userIndex(id: t.otherPlain.id)!)))
      let denied = try await h.write("POST", path, token: noRole, json: Self.reference(t.plain.id))
      #expect(denied.status == (owns ? 204 : 403), "\(denied.text)")
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      #expect(try await h.write("POST", path, token: token, json: #"{"@odata.id":"nothing"}"#).status == 400)
      #expect(try await h.write("POST", path, token: token, json: Self.reference("\(UUID())")).status == 404)
      let unknownGroup = try await h.write(
        "POST", "/v1.0/groups/\(UUID())/members/$ref", token: token, json: Self.reference(t.plain.id))
      #expect(unknownGroup.status == 404)
    }
  }

  @Test("every successful write is in directoryAudits, newest first, with $filter on the date and $top paging")
  func audits() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let before = h.manualClock.now.addingTimeInterval(-1)
      #expect(try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: token).status == 200)
      h.manualClock.advance(by: 5)
      #expect(
        try await h.write("PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":false}"#).status
          == 204)
      h.manualClock.advance(by: 5)
      #expect(
        try await h.write(
          "POST", "/v1.0/groups/\(t.normalGroup.id)/members/$ref", token: token, json: Self.reference(t.otherPlain.id)
        ).status == 204)
      // A refusal is not logged.
      #expect(
        try await h.write("POST", "/v1.0/users/\(t.globalAdmin.id)/revokeSignInSessions", token: token).status == 403)
      let filter = SandboxHarness.q("activityDateTime ge \(before.formatted(.iso8601))")
      let reply = try await h.graph("/v1.0/auditLogs/directoryAudits?$filter=\(filter)", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let entries = reply.json["value"] as? [[String: Any]] ?? []
      #expect(
        entries.compactMap { $0["activityDisplayName"] as? String }
          == ["Add member to group", "Disable account", "Invalidate all refresh tokens for user"], "\(entries)")
      let first = try #require(entries.first)
      #expect(first["category"] as? String == "GroupManagement" && first["result"] as? String == "success")
      let initiator = (first["initiatedBy"] as? [String: Any])?["user"] as? [String: Any]
      #expect(initiator?["id"] as? String == t.operatorUser.id)
      let targets = first["targetResources"] as? [[String: Any]] ?? []
      #expect(targets.compactMap { $0["id"] as? String } == [t.otherPlain.id, t.normalGroup.id])
      #expect(first["correlationId"] is String && first["id"] is String)
      let page = try await h.graph("/v1.0/auditLogs/directoryAudits?$top=1&$filter=\(filter)", token: token)
      #expect((page.json["value"] as? [Any])?.count == 1)
      let next = try #require(page.json["@odata.nextLink"] as? String)
      let second = try await h.graph(next, token: token)
      #expect(
        ((second.json["value"] as? [[String: Any]])?.first?["activityDisplayName"] as? String) == "Disable account")
      let late = SandboxHarness.q("activityDateTime gt \(h.manualClock.now.formatted(.iso8601))")
      let none = try await h.graph("/v1.0/auditLogs/directoryAudits?$filter=\(late)", token: token)
      #expect((none.json["value"] as? [Any])?.isEmpty == true)
      let byTarget = SandboxHarness.q("targetResources/any(t:t/id eq '\(t.normalGroup.id)')")
      let group = try await h.graph("/v1.0/auditLogs/directoryAudits?$filter=\(byTarget)", token: token)
      #expect((group.json["value"] as? [Any])?.count == 1)
    }
  }
}
