import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// Temporary Access Passes and re-sent invitations over HTTP (issue 45 item 1).
@Suite("Graph v1.0 writes: passes and invitations")
struct PassAndInvitationGraphTests {
  typealias R = WriteRequests

  static func passPath(_ id: String) -> String { "/v1.0/users/\(id)/authentication/temporaryAccessPassMethods" }

  @Test("a pass: 201 with Graph's properties, the default lifetime, a random secret; a second replaces it")
  func pass() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let reply = try await h.write("POST", Self.passPath(t.plain.id), token: token, json: "{}")
      #expect(reply.status == 201, "\(reply.text)")
      let keys: Set<String> = [
        "@odata.context", "id", "temporaryAccessPass", "createdDateTime", "startDateTime", "lifetimeInMinutes",
        "isUsableOnce", "isUsable", "methodUsabilityReason",
      ]
      #expect(Set(reply.json.keys) == keys)
      #expect(reply.json["lifetimeInMinutes"] as? Int == 60 && reply.json["isUsable"] as? Bool == true)
      #expect(reply.json["methodUsabilityReason"] as? String == "EnabledByPolicy")
      let secret = try #require(reply.json["temporaryAccessPass"] as? String)
      #expect(secret.count == 8)
      let later = h.manualClock.now.addingTimeInterval(3_600).formatted(.iso8601)
      let second = try await h.write(
        "POST", Self.passPath(t.plain.id), token: token,
        json: #"{"startDateTime":"\#(later)","lifetimeInMinutes":480,"isUsableOnce":true}"#)
      #expect(second.status == 201, "\(second.text)")
      #expect(
        second.json["isUsable"] as? Bool == false && second.json["methodUsabilityReason"] as? String == "NotYetValid")
      #expect(second.json["isUsableOnce"] as? Bool == true && second.json["temporaryAccessPass"] as? String != secret)
      #expect(second.json["id"] as? String != reply.json["id"] as? String)
    }
  }

  @Test("pass refusals: permission, an admin target, out-of-policy lifetime, policy off")
  func passRefusals() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let reads = try await h.signIn(scope: R.readOnly).accessToken
      #expect(try await h.write("POST", Self.passPath(t.plain.id), token: reads, json: "{}").status == 403)
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let admin = try await h.write("POST", Self.passPath(t.globalAdmin.id), token: token, json: "{}")
      #expect(admin.status == 403 && R.code(admin) == "Authorization_RequestDenied")
      let short = try await h.write("POST", Self.passPath(t.plain.id), token: token, json: #"{"lifetimeInMinutes":5}"#)
      #expect(short.status == 400 && R.code(short) == "badRequest", "\(short.text)")
      let long = try await h.write(
        "POST", Self.passPath(t.plain.id), token: token, json: #"{"lifetimeInMinutes":43200}"#)
      #expect(long.status == 400)
    }
    try await SandboxHarness.withManualClock({
      R.withOperator(&$0)
      $0.temporaryAccessPass = false
    }) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let off = try await h.write("POST", Self.passPath(t.plain.id), token: token, json: "{}")
      #expect(off.status == 400 && R.message(off)?.contains("TemporaryAccessPass") == true, "\(off.text)")
    }
  }

  @Test("a Privileged Authentication Administrator gives a Global Administrator a pass")
  func privilegedPass() async throws {
    let t = try WriteTargets()
    try await SandboxHarness.withManualClock({ $0.operatorRoles = [RoleCatalog.privilegedAuthenticationAdministrator] })
    {
      h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      #expect(try await h.write("POST", Self.passPath(t.globalAdmin.id), token: token, json: "{}").status == 201)
    }
  }

  @Test("re-sending a pending guest's invitation: 201 PendingAcceptance with the guest's id")
  func resend() async throws {
    let t = try WriteTargets()
    let mail = try #require(t.pendingGuest.mail)
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let body =
        #"{"invitedUserEmailAddress":"\#(mail)","inviteRedirectUrl":"https://myapps.microsoft.com","sendInvitationMessage":true}"#
      let reply = try await h.write("POST", "/v1.0/invitations", token: token, json: body)
      #expect(reply.status == 201, "\(reply.text)")
      #expect(reply.json["status"] as? String == "PendingAcceptance")
      #expect((reply.json["invitedUser"] as? [String: Any])?["id"] as? String == t.pendingGuest.id)
      #expect(reply.json["sendInvitationMessage"] as? Bool == true && reply.json["inviteRedeemUrl"] is String)
      // By id too.
      let byId =
        #"{"invitedUserEmailAddress":"\#(mail)","inviteRedirectUrl":"https://myapps.microsoft.com","invitedUser":{"id":"\#(t.pendingGuest.id)"}}"#
      #expect(try await h.write("POST", "/v1.0/invitations", token: token, json: byId).status == 201)
    }
  }

  @Test("invitation refusals and the accepted guest: permission, unknown address, Completed, reset by role")
  func invitationRules() async throws {
    let t = try WriteTargets()
    let accepted = try #require(t.acceptedGuest.mail)
    try await SandboxHarness.withManualClock(R.withOperator) { h in
      let reads = try await h.signIn(scope: R.readOnly).accessToken
      let body = #"{"invitedUserEmailAddress":"\#(accepted)","inviteRedirectUrl":"https://myapps.microsoft.com"}"#
      #expect(try await h.write("POST", "/v1.0/invitations", token: reads, json: body).status == 403)
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let nobody = #"{"invitedUserEmailAddress":"nobody@example.org","inviteRedirectUrl":"https://x.example"}"#
      #expect(try await h.write("POST", "/v1.0/invitations", token: token, json: nobody).status == 400)
      #expect(try await h.write("POST", "/v1.0/invitations", token: token, json: "{}").status == 400)
      let done = try await h.write("POST", "/v1.0/invitations", token: token, json: body)
      #expect(done.status == 201 && done.json["status"] as? String == "Completed", "\(done.text)")
      let reset =
        #"{"invitedUserEmailAddress":"\#(accepted)","inviteRedirectUrl":"https://myapps.microsoft.com","resetRedemption":true,"invitedUser":{"id":"\#(t.acceptedGuest.id)"}}"#
      let again = try await h.write("POST", "/v1.0/invitations", token: token, json: reset)
      #expect(again.status == 201 && again.json["status"] as? String == "PendingAcceptance", "\(again.text)")
      let read = try await h.graph("/v1.0/users/\(t.acceptedGuest.id)?$select=externalUserState", token: token)
      #expect(read.json["externalUserState"] as? String == "PendingAcceptance")
    }
    try await SandboxHarness.withManualClock { h in
      // Without Helpdesk or User Administrator a reset is refused.
      let token = try await h.signIn(scope: R.operatorScopes).accessToken
      let reset =
        #"{"invitedUserEmailAddress":"\#(accepted)","inviteRedirectUrl":"https://x.example","resetRedemption":true,"invitedUser":{"id":"\#(t.acceptedGuest.id)"}}"#
      #expect(try await h.write("POST", "/v1.0/invitations", token: token, json: reset).status == 403)
    }
  }
}
