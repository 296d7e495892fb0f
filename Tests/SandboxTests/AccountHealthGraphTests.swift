import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// The account-health reads (issue 33) over HTTP: the state properties, `signInActivity`, the
/// registration report, licences and devices, each with its permission, role and P1 rule.
@Suite("Graph v1.0 account health")
struct AccountHealthGraphTests {
  static let ops = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  static let basic = "openid profile offline_access User.Read User.ReadBasic.All"
  static let directory = Directory.generated(seed: 1, size: 300)
  static let state =
    "accountEnabled,createdDateTime,userType,externalUserState,onPremisesSyncEnabled,onPremisesLastSyncDateTime"

  static func with(
    _ configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxHarness) async throws -> Void
  )
    async throws
  {
    try await SandboxHarness.withManualClock(
      {
        $0.size = 300
        configure(&$0)
      }, body)
  }

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func code(_ reply: Reply) -> String? { (reply.json["error"] as? [String: Any])?["code"] as? String }

  @Test("state: disabled accounts, guests pending or accepted, synced members; null in the basic profile")
  func state() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      var seen: (disabled: Bool, pending: Bool, accepted: Bool, synced: Bool) = (false, false, false, false)
      for user in Self.directory.users.prefix(300) {
        let reply = try await h.graph("/v1.0/users/\(user.id)?$select=\(Self.state)", token: token)
        #expect(reply.status == 200, "\(reply.text)")
        let json = reply.json
        #expect((json["createdDateTime"] as? String)?.hasSuffix("Z") == true)
        if json["accountEnabled"] as? Bool == false { seen.disabled = true }
        switch json["externalUserState"] as? String {
        case "PendingAcceptance": seen.pending = true
        case "Accepted": seen.accepted = true
        case nil: #expect(json["userType"] as? String == "Member")
        default: Issue.record("unexpected externalUserState")
        }
        if json["onPremisesSyncEnabled"] as? Bool == true {
          seen.synced = true
          #expect(json["onPremisesLastSyncDateTime"] is String)
        }
        if seen == (true, true, true, true) { break }
      }
      #expect(seen == (true, true, true, true))
      let guest = try #require(Self.directory.users.first { $0.userType == "Guest" })
      let basic = try await h.signIn(scope: Self.basic).accessToken
      let hidden = try await h.graph("/v1.0/users/\(guest.id)?$select=externalUserState,createdDateTime", token: basic)
      #expect(
        hidden.status == 200 && hidden.json["externalUserState"] is NSNull && hidden.json["createdDateTime"] is NSNull)
    }
  }

  @Test("signInActivity: by id, agreeing with the sign-in log; by name 400; permission, role, P1; pages of 120")
  func signInActivity() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let user = try #require(
        Self.directory.users.first { user in
          let history = SignInHistory.entries(for: user, seed: 1, now: h.manualClock.now)
          return history.contains { $0.errorCode == 0 } && history.first?.errorCode != 0
        })
      let reply = try await h.graph("/v1.0/users/\(user.id)?$select=id,signInActivity", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let activity = try #require(reply.json["signInActivity"] as? [String: Any])
      let log = try await h.graph(
        "/v1.0/auditLogs/signIns?$filter=\(SandboxHarness.q("userId eq '\(user.id)' and status/errorCode eq 0"))",
        token: token)
      let newestSuccess = Self.values(log).first?["createdDateTime"] as? String
      #expect(activity["lastSuccessfulSignInDateTime"] as? String == newestSuccess)
      #expect(activity["lastSignInDateTime"] as? String != nil)

      let byName = try await h.graph("/v1.0/users/\(user.userPrincipalName)?$select=signInActivity", token: token)
      #expect(byName.status == 400 && byName.text.contains("valid Guid"), "\(byName.text)")

      let list = try await h.graph("/v1.0/users?$select=id,signInActivity&$top=999", token: token)
      #expect(list.status == 200 && Self.values(list).count == 120 && list.json["@odata.nextLink"] is String)

      let basic = try await h.signIn(scope: Self.basic).accessToken
      let noScope = try await h.graph("/v1.0/users/\(user.id)?$select=signInActivity", token: basic)
      #expect(noScope.status == 403 && Self.code(noScope) == "Authorization_RequestDenied")
      let other = try #require(
        Self.directory.users.first {
          $0.id != Self.directory.defaultUser.id && $0.accountEnabled && $0.userType == "Member"
        }
      ).userPrincipalName
      let noRole = try await h.signIn(scope: Self.ops, user: other).accessToken
      #expect(try await h.graph("/v1.0/users/\(user.id)?$select=signInActivity", token: noRole).status == 403)
    }
    try await Self.with({ $0.premium = false }) { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let reply = try await h.graph("/v1.0/users/\(Self.directory.users[1].id)?$select=signInActivity", token: token)
      #expect(reply.status == 403 && Self.code(reply) == "Authentication_RequestFromNonPremiumTenantOrB2CTenant")
      // The rest of the person still reads.
      #expect(
        try await h.graph("/v1.0/users/\(Self.directory.users[1].id)?$select=accountEnabled", token: token).status
          == 200)
    }
  }

  @Test("userRegistrationDetails: some people without MFA; by id only; permission, role and P1")
  func registration() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      var registered: [Bool] = []
      for user in Self.directory.users.prefix(20) {
        let reply = try await h.graph(
          "/v1.0/reports/authenticationMethods/userRegistrationDetails/\(user.id)", token: token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(
          reply.json["methodsRegistered"] is [Any]
            && reply.json["userPrincipalName"] as? String == user.userPrincipalName)
        registered.append(reply.json["isMfaRegistered"] as? Bool ?? true)
      }
      #expect(registered.contains(false) && registered.contains(true))
      let upn = Self.directory.users[0].userPrincipalName
      #expect(
        try await h.graph("/v1.0/reports/authenticationMethods/userRegistrationDetails/\(upn)", token: token).status
          == 404)
      let basic = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let path = "/v1.0/reports/authenticationMethods/userRegistrationDetails/\(Self.directory.users[0].id)"
      #expect(try await h.graph(path, token: basic).status == 403)
    }
    try await Self.with({ $0.reportsReaders = [] }) { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let reply = try await h.graph(
        "/v1.0/reports/authenticationMethods/userRegistrationDetails/\(Self.directory.users[0].id)", token: token)
      #expect(reply.status == 403 && reply.text.contains("role"))
    }
  }

  @Test("licenseDetails and devices: deterministic, some people with none, hostile names, scope rules")
  func licencesAndDevices() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      var parts: Set<String> = []
      var unlicensed = false
      var deviceless = false
      var names: [String] = []
      for user in Self.directory.users.prefix(60) {
        let licences = try await h.graph("/v1.0/users/\(user.id)/licenseDetails", token: token)
        #expect(licences.status == 200, "\(licences.text)")
        let values = Self.values(licences)
        if values.isEmpty { unlicensed = true }
        for licence in values {
          parts.insert(licence["skuPartNumber"] as? String ?? "")
          #expect(licence["skuId"] is String && !(licence["servicePlans"] as? [Any] ?? []).isEmpty)
        }
        let registered = try await h.graph("/v1.0/users/\(user.id)/registeredDevices", token: token)
        let owned = try await h.graph("/v1.0/users/\(user.id)/ownedDevices", token: token)
        #expect(registered.status == 200 && owned.status == 200)
        if Self.values(registered).isEmpty { deviceless = true }
        for device in Self.values(registered) {
          #expect(device["@odata.type"] as? String == "#microsoft.graph.device")
          #expect(device["isCompliant"] is Bool && device["approximateLastSignInDateTime"] is String)
          names.append(device["displayName"] as? String ?? "")
        }
        #expect(Self.values(owned).count <= Self.values(registered).count)
      }
      #expect(unlicensed && deviceless && parts.contains("ENTERPRISEPACK") && parts.count >= 4)
      #expect(names.contains { $0.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" } })
      let again = try await h.graph("/v1.0/users/\(Self.directory.users[3].id)/registeredDevices", token: token)
      #expect(
        Self.values(again).map { $0["displayName"] as? String }
          == Self.values(try await h.graph("/v1.0/users/\(Self.directory.users[3].id)/registeredDevices", token: token))
          .map { $0["displayName"] as? String })

      let basic = try await h.signIn(scope: Self.basic).accessToken
      let other = Self.directory.users[2].id
      #expect(try await h.graph("/v1.0/users/\(other)/licenseDetails", token: basic).status == 403)
      #expect(try await h.graph("/v1.0/users/\(other)/registeredDevices", token: basic).status == 403)
      #expect(try await h.graph("/v1.0/me/registeredDevices", token: basic).status == 200)
    }
  }
}
