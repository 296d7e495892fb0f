import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `revokeSignInSessions` and `PATCH /users/{id}` `accountEnabled` over HTTP (issue 45 item 1):
/// Graph's answers, each permission refusal and each role refusal, and the reads afterwards.
@Suite("Graph v1.0 writes: sessions and accounts")
struct UserWriteGraphTests {
  typealias R = WriteRequests

  @Test("revoke: 200 value true with a request-id; signInSessionsValidFromDateTime becomes now")
  func revoke() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let reply = try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      #expect(reply.json["value"] as? Bool == true)
      #expect((reply.json["@odata.context"] as? String)?.hasSuffix("$metadata#Edm.Boolean") == true)
      #expect(reply.header("request-id")?.count == 36)
      let read = try await h.graph("/v1.0/users/\(t.plain.id)?$select=id,signInSessionsValidFromDateTime", token: token)
      let stamp = try #require(read.json["signInSessionsValidFromDateTime"] as? String)
      let date = try Date(stamp, strategy: .iso8601)
      #expect(abs(date.timeIntervalSince(h.manualClock.now)) < 2, "\(stamp)")
      // Oneself, through /me, without any role.
      #expect(try await h.write("POST", "/v1.0/me/revokeSignInSessions", token: token).status == 200)
    }
  }

  @Test("revoke ends the refresh tokens issued before it (AADSTS50173); a disabled account's refresh is AADSTS50057")
  func revokeEndsRefreshTokens() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let before = try #require(try await h.signIn(scope: R.readOnly, user: t.plain.id).refreshToken)
      #expect(try await h.refresh(before).status == 200, "a refresh token works until the revocation")
      h.manualClock.advance(by: 5)
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      #expect(try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: token).status == 200)
      let revoked = try await h.refresh(before)
      #expect(revoked.status == 400 && revoked["error"] == "invalid_grant", "\(revoked.text)")
      #expect(revoked.text.contains("AADSTS50173") && revoked.text.contains("TokensValidFrom"))
      // The operator's own token is untouched; a sign-in after the revocation works again.
      h.manualClock.advance(by: 5)
      let after = try #require(try await h.signIn(scope: R.readOnly, user: t.plain.id).refreshToken)
      #expect(try await h.refresh(after).status == 200)
      let patch = try await h.write(
        "PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":false}"#)
      #expect(patch.status == 204, "\(patch.text)")
      let disabled = try await h.refresh(after)
      #expect(disabled.status == 400 && disabled.text.contains("AADSTS50057"), "\(disabled.text)")
    }
  }

  @Test("writes inside $batch are answered one by one as if sent alone, refusals included")
  func writesInABatch() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let batch = """
        {"requests": [
          {"id": "1", "method": "POST", "url": "/users/\(t.plain.id)/revokeSignInSessions"},
          {"id": "2", "method": "PATCH", "url": "/users/\(t.synced.id)", "headers": {"Content-Type": "application/json"},
           "body": {"accountEnabled": false}},
          {"id": "3", "method": "POST", "url": "/users/\(t.globalAdmin.id)/revokeSignInSessions"}
        ]}
        """
      let reply = try await h.write("POST", "/v1.0/$batch", token: token, json: batch)
      #expect(reply.status == 200, "\(reply.text)")
      let responses = try #require(reply.json["responses"] as? [[String: Any]])
      let status = Dictionary(
        uniqueKeysWithValues: responses.map { ($0["id"] as? String ?? "", $0["status"] as? Int ?? 0) })
      #expect(status == ["1": 200, "2": 400, "3": 403], "\(reply.text)")
      let read = try await h.graph("/v1.0/users/\(t.plain.id)?$select=signInSessionsValidFromDateTime", token: token)
      let stamp = try #require(read.json["signInSessionsValidFromDateTime"] as? String)
      #expect(abs(try Date(stamp, strategy: .iso8601).timeIntervalSince(h.manualClock.now)) < 2)
    }
  }

  @Test("revoke refusals: no permission 403; User Administrator on a Global Administrator 403; unknown 404")
  func revokeRefusals() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let reads = try await h.signIn(scope: R.readOnly).accessToken
      let denied = try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: reads)
      #expect(denied.status == 403 && R.code(denied) == "Authorization_RequestDenied", "\(denied.text)")
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let admin = try await h.write("POST", "/v1.0/users/\(t.globalAdmin.id)/revokeSignInSessions", token: token)
      #expect(admin.status == 403 && R.message(admin) == "Insufficient privileges to complete the operation.")
      let missing = try await h.write("POST", "/v1.0/users/\(UUID())/revokeSignInSessions", token: token)
      #expect(missing.status == 404 && R.code(missing) == "Request_ResourceNotFound")
    }
  }

  @Test("a Helpdesk Administrator revokes a member's sessions but not a Global Administrator's")
  func helpdeskReach() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: R.operatorScopes, user: t.helpdesk.id).accessToken
      #expect(try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: token).status == 200)
      let admin = try await h.write("POST", "/v1.0/users/\(t.globalAdmin.id)/revokeSignInSessions", token: token)
      #expect(admin.status == 403 && R.code(admin) == "Authorization_RequestDenied")
      // Helpdesk may not disable anyone (microsoft.directory/users/disable is User Administrator's).
      let patch = try await h.write(
        "PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":false}"#)
      #expect(patch.status == 403, "\(patch.text)")
    }
  }

  @Test("a Global Administrator may act on another Global Administrator")
  func globalReach() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: R.operatorScopes, user: t.admins[1].id).accessToken
      let reply = try await h.write("POST", "/v1.0/users/\(t.globalAdmin.id)/revokeSignInSessions", token: token)
      #expect(reply.status == 200, "\(reply.text)")
    }
  }

  @Test("disable then enable: 204 each, and accountEnabled reads back")
  func disableEnable() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let path = "/v1.0/users/\(t.plain.id)"
      let off = try await h.write("PATCH", path, token: token, json: #"{"accountEnabled":false}"#)
      #expect(off.status == 204 && off.body.isEmpty && off.header("request-id") != nil, "\(off.text)")
      #expect(
        try await h.graph(path + "?$select=accountEnabled", token: token).json["accountEnabled"] as? Bool == false)
      let on = try await h.write("PATCH", path, token: token, json: #"{"accountEnabled":true}"#)
      #expect(on.status == 204)
      #expect(try await h.graph(path + "?$select=accountEnabled", token: token).json["accountEnabled"] as? Bool == true)
    }
  }

  @Test("PATCH refusals: permission, role, synced account, other properties, a non-boolean, no body")
  func patchRefusals() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let body = #"{"accountEnabled":false}"#
      let reads = try await h.signIn(scope: R.readOnly).accessToken
      #expect(try await h.write("PATCH", "/v1.0/users/\(t.plain.id)", token: reads, json: body).status == 403)
      // User.EnableDisableAccount.All needs User.Read.All beside it.
      let narrow = try await h.signIn(scope: "openid profile User.Read User.EnableDisableAccount.All").accessToken
      #expect(try await h.write("PATCH", "/v1.0/users/\(t.plain.id)", token: narrow, json: body).status == 403)
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let admin = try await h.write("PATCH", "/v1.0/users/\(t.globalAdmin.id)", token: token, json: body)
      #expect(admin.status == 403 && R.code(admin) == "Authorization_RequestDenied")
      let synced = try await h.write("PATCH", "/v1.0/users/\(t.synced.id)", token: token, json: body)
      #expect(synced.status == 400 && R.code(synced) == "Request_BadRequest", "\(synced.text)")
      #expect(R.message(synced)?.contains("on-premises mastered Directory Sync objects") == true)
      let other = try await h.write(
        "PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":false,"jobTitle":"x"}"#)
      #expect(other.status == 400 && R.code(other) == "Request_BadRequest")
      let text = try await h.write(
        "PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":"no"}"#)
      #expect(text.status == 400)
      #expect(try await h.write("PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: "").status == 400)
      // Nothing changed.
      let read = try await h.graph("/v1.0/users/\(t.plain.id)?$select=accountEnabled", token: token)
      #expect(read.json["accountEnabled"] as? Bool == true)
    }
  }

  @Test("without an operator role the default user may revoke only their own sessions")
  func withoutRoles() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      #expect(try await h.write("POST", "/v1.0/users/\(t.plain.id)/revokeSignInSessions", token: token).status == 403)
      #expect(try await h.write("POST", "/v1.0/me/revokeSignInSessions", token: token).status == 200)
      let patch = try await h.write(
        "PATCH", "/v1.0/users/\(t.plain.id)", token: token, json: #"{"accountEnabled":false}"#)
      #expect(patch.status == 403)
    }
  }
}

/// The default sandbox's and the demo's tenant (seed 1, 2,000 people) has a target for each rule.
@Suite("Write targets of the default sandbox")
struct DefaultSandboxWriteTargetTests {
  @Test("a member to disable, a Global Administrator, a synced member, a pending guest, three kinds of group")
  func targets() throws {
    let t = try WriteTargets(Directory.generated(seed: 1, size: SandboxConfiguration().size))
    let lines = [
      "operator \(t.operatorUser.userPrincipalName) \(t.operatorUser.id)",
      "plain \(t.plain.userPrincipalName) \(t.plain.id)",
      "globalAdmin \(t.globalAdmin.userPrincipalName) \(t.globalAdmin.id)",
      "helpdesk \(t.helpdesk.userPrincipalName) \(t.helpdesk.id)",
      "synced \(t.synced.userPrincipalName) \(t.synced.id)",
      "pendingGuest \(t.pendingGuest.mail ?? "") \(t.pendingGuest.id)",
      "normalGroup \(t.normalGroup.displayName ?? "") \(t.normalGroup.id)",
      "dynamicGroup \(t.dynamicGroup.displayName ?? "") \(t.dynamicGroup.id)",
      "syncedGroup \(t.syncedGroup.displayName ?? "") \(t.syncedGroup.id)",
    ]
    print(lines.map { "WRITE-TARGET " + $0 }.joined(separator: "\n"))
    #expect(t.plain.accountEnabled && t.globalAdmin.id != t.plain.id)
  }
}
