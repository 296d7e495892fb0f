import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/applications` and `/servicePrincipals` over HTTP, with Graph's paging, `$select`, `$search`,
/// `$filter`, the `Application.Read.All` rule, owners (one who left is not listed), the
/// credential cases the generated apps hold, and apps in a user's `ownedObjects`.
@Suite("Graph v1.0 applications and service principals")
struct AppGraphTests {
  static let appScope = "openid profile offline_access User.Read User.Read.All Application.Read.All"
  static let eventual = [("ConsistencyLevel", "eventual")]

  static func values(_ reply: Reply) -> [[String: Any]] { DeviceGraphTests.values(reply) }
  static func ids(_ reply: Reply) -> [String] { DeviceGraphTests.ids(reply) }
  static func tenant(_ h: SandboxHarness) throws -> SandboxTenant { try #require(h.sandbox.tenant) }

  @Test("generated apps: deterministic; every credential case; owners gone and none; others' enterprise apps")
  func generation() throws {
    let directory = Directory.generated(seed: 1, size: 300)
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let tenantId = "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44"
    let set = AppSet.generated(seed: 1, directory: directory, now: now, tenantId: tenantId)
    let apps = set.applications
    #expect(apps == AppSet.generated(seed: 1, directory: directory, now: now, tenantId: tenantId).applications)
    #expect(apps != AppSet.generated(seed: 2, directory: directory, now: now, tenantId: tenantId).applications)
    #expect(Array(apps.prefix(DemoApps.names.count).map(\.displayName)) == DemoApps.names)
    #expect(Set(apps.map(\.id)).count == apps.count && Set(apps.map(\.appId)).count == apps.count)
    let allIds = apps.map(\.id) + set.servicePrincipals.map(\.id)
    #expect(Set(allIds).count == allIds.count)
    let day = 86_400.0
    let secrets = apps.flatMap(\.passwordCredentials)
    #expect(secrets.contains { $0.endDateTime < now })
    #expect(secrets.contains { $0.endDateTime > now && $0.endDateTime < now.addingTimeInterval(14 * day) })
    #expect(
      secrets.contains {
        $0.endDateTime > now.addingTimeInterval(30 * day) && $0.endDateTime < now.addingTimeInterval(180 * day)
      })
    #expect(apps.contains { $0.passwordCredentials.isEmpty && $0.keyCredentials.isEmpty })
    // A secret rotated by its app: the next one began before the old one ends.
    #expect(
      apps.contains { app in
        app.passwordCredentials.count == 2
          && app.passwordCredentials[1].startDateTime < app.passwordCredentials[0].endDateTime
      })
    // One certificate listed twice: Sign and Verify under the same thumbprint.
    #expect(
      apps.contains { app in
        let keys = app.keyCredentials
        return keys.count == 2 && Set(keys.map(\.usage)) == ["Sign", "Verify"]
          && keys[0].customKeyIdentifier == keys[1].customKeyIdentifier && keys[0].keyId != keys[1].keyId
      })
    #expect(apps.flatMap(\.keyCredentials).contains { $0.endDateTime < now })
    #expect(apps.flatMap(\.keyCredentials).allSatisfy { $0.type == "AsymmetricX509Cert" })
    #expect(apps.contains { $0.ownerIds.isEmpty })
    #expect(apps.contains { !$0.ownerIds.isEmpty && $0.ownerIds.allSatisfy { directory.user(idOrUPN: $0) == nil } })
    #expect(apps.contains { $0.ownerIds.contains { directory.user(idOrUPN: $0) != nil } })
    // Enterprise apps: one per registration (same appId), plus Microsoft's and vendors' apps.
    let principals = set.servicePrincipals
    #expect(Set(apps.map(\.appId)).isSubset(of: Set(principals.map(\.appId))))
    #expect(principals.allSatisfy { $0.servicePrincipalType == "Application" })
    let foreign = principals.filter { $0.appOwnerOrganizationId != tenantId }
    #expect(foreign.contains { $0.appId == "00000003-0000-0000-c000-000000000000" })
    #expect(foreign.contains { !$0.keyCredentials.isEmpty } && principals.contains { !$0.accountEnabled })
    // The Build Agents group's service principals are the same objects, by id.
    #expect(Set(directory.servicePrincipals.map(\.id)).isSubset(of: Set(principals.map(\.id))))
    // A size parameter: 20,000 of the tenant's own apps, each made on its own.
    let big = AppSet.generated(seed: 1, directory: directory, now: now, tenantId: tenantId, count: 20_000)
    #expect(big.applications.count == 20_000 + DemoApps.names.count + directory.servicePrincipals.count)
  }

  @Test("list: every app once over nextLink pages, $top, $count, $select; service principals too")
  func paging() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.appScope).accessToken
      let set = try Self.tenant(h).appRegistrations
      let first = try await h.graph("/v1.0/applications", token: token)
      #expect(first.status == 200, "\(first.text.prefix(300))")
      #expect(first["@odata.context"]?.hasSuffix("/v1.0/$metadata#applications") == true)
      #expect(Self.values(first).count == min(100, set.applications.count))
      let app = try #require(Self.values(first).first)
      #expect(Set(app.keys) == Set(AppKind.application.properties))
      for (path, total) in [
        ("applications", set.applications.count), ("servicePrincipals", set.servicePrincipals.count),
      ] {
        let round = try await DeviceGraphTests.all(
          h, token, from: "/v1.0/\(path)?$top=30&$count=true&$select=displayName,appId", headers: Self.eventual)
        #expect(round.pages == (total + 29) / 30)
        #expect(round.values.count == total && Set(round.values.compactMap { $0["id"] as? String }).count == total)
        #expect(round.values.allSatisfy { Set($0.keys) == ["id", "displayName", "appId"] })
        let counted = try await h.graph("/v1.0/\(path)?$top=1&$count=true", token: token, headers: Self.eventual)
        #expect(counted.json["@odata.count"] as? Int == total)
      }
      for top in ["0", "1000"] {
        let refused = try await h.graph("/v1.0/applications?$top=\(top)", token: token)
        GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      }
      let unknown = try await h.graph("/v1.0/servicePrincipals?$select=colour", token: token)
      #expect(unknown.status == 400 && unknown.text.contains("microsoft.graph.servicePrincipal"))
      let one = try #require(set.servicePrincipals.last)
      let got = try await h.graph("/v1.0/servicePrincipals/\(one.id)", token: token)
      #expect(got.status == 200 && got["@odata.context"]?.hasSuffix("#servicePrincipals/$entity") == true)
      #expect(got["appOwnerOrganizationId"] == one.appOwnerOrganizationId)
      // A SAML certificate: Sign and Verify, one thumbprint written as OData binary (base64).
      let saml = try #require(set.servicePrincipals.first { !$0.keyCredentials.isEmpty })
      let keys = try await h.graph("/v1.0/servicePrincipals/\(saml.id)?$select=keyCredentials", token: token)
      let listed = try #require(keys.json["keyCredentials"] as? [[String: Any]])
      #expect(Set(listed.compactMap { $0["usage"] as? String }) == ["Sign", "Verify"])
      let thumbprints = Set(listed.compactMap { $0["customKeyIdentifier"] as? String })
      #expect(thumbprints.count == 1 && Data(base64Encoded: thumbprints.first ?? "")?.count == 20)
      let missing = try await h.graph("/v1.0/applications/\(UUID().uuidString.lowercased())", token: token)
      GraphShape.expectError(missing, code: "Request_ResourceNotFound")
    }
  }

  @Test("$search on displayName needs ConsistencyLevel; $filter on appId and displayName")
  func searchAndFilter() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.appScope).accessToken
      let search = "/v1.0/applications?$search=\(SandboxHarness.q("\"displayName:payroll\""))&$count=true"
      let refused = try await h.graph(search, token: token)
      GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      let found = try await h.graph(search, token: token, headers: Self.eventual)
      #expect(found.status == 200, "\(found.text.prefix(300))")
      let names = Self.values(found).compactMap { $0["displayName"] as? String }
      #expect(!names.isEmpty && names.allSatisfy { $0.localizedCaseInsensitiveContains("payroll") })
      #expect(found.json["@odata.count"] as? Int == names.count)
      func filtered(_ path: String, _ filter: String) async throws -> Reply {
        try await h.graph("/v1.0/\(path)?$top=999&$filter=\(SandboxHarness.q(filter))", token: token)
      }
      let graph = try await filtered("servicePrincipals", "appId eq '00000003-0000-0000-c000-000000000000'")
      #expect(Self.values(graph).compactMap { $0["displayName"] as? String } == ["Microsoft Graph"])
      let prefixed = try await filtered("applications", "startswith(displayName,'payroll')")
      let prefixedNames = Self.values(prefixed).compactMap { $0["displayName"] as? String }
      #expect(!prefixedNames.isEmpty && prefixedNames.allSatisfy { $0.hasPrefix("Payroll") })
      let audience = try await filtered("applications", "signInAudience eq 'AzureADMyOrg'")
      GraphShape.expectError(audience, code: "Request_UnsupportedQuery")
    }
  }

  @Test("without Application.Read.All or Directory.Read.All: 403 Authorization_RequestDenied")
  func permission() async throws {
    try await SandboxHarness.withManualClock { h in
      let set = try Self.tenant(h).appRegistrations
      let without = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let app = try #require(set.applications.first)
      let principal = try #require(set.servicePrincipals.first)
      for path in [
        "/v1.0/applications", "/v1.0/applications/\(app.id)", "/v1.0/applications/\(app.id)/owners",
        "/v1.0/servicePrincipals", "/v1.0/servicePrincipals/\(principal.id)",
        "/v1.0/servicePrincipals/\(principal.id)/owners",
      ] {
        let refused = try await h.graph(path, token: without)
        #expect(refused.status == 403, "\(path)")
        GraphShape.expectError(refused, code: "Authorization_RequestDenied")
      }
      let directory = try await h.signIn(scope: "openid profile offline_access User.Read Directory.Read.All")
        .accessToken
      #expect(try await h.graph("/v1.0/applications/\(app.id)", token: directory).status == 200)
      #expect(try await h.graph("/v1.0/servicePrincipals?$top=5", token: directory).status == 200)
    }
  }

  @Test("owners: users with @odata.type; one who left and none are not listed")
  func owners() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.appScope).accessToken
      let tenant = try Self.tenant(h)
      let apps = tenant.appRegistrations.applications
      let owned = try #require(
        apps.first { $0.ownerIds.count == 1 && tenant.directory.user(idOrUPN: $0.ownerIds[0]) != nil })
      let owners = try await h.graph("/v1.0/applications/\(owned.id)/owners", token: token)
      #expect(owners.status == 200, "\(owners.text.prefix(300))")
      #expect(Self.ids(owners) == owned.ownerIds)
      #expect(Self.values(owners).allSatisfy { $0["@odata.type"] as? String == "#microsoft.graph.user" })
      let left = try #require(
        apps.first { !$0.ownerIds.isEmpty && $0.ownerIds.allSatisfy { tenant.directory.user(idOrUPN: $0) == nil } })
      let gone = try await h.graph("/v1.0/applications/\(left.id)/owners", token: token)
      #expect(gone.status == 200 && Self.values(gone).isEmpty)
      let none = try #require(apps.first { $0.ownerIds.isEmpty })
      #expect(Self.values(try await h.graph("/v1.0/applications/\(none.id)/owners", token: token)).isEmpty)
      let principal = try #require(
        tenant.appRegistrations.servicePrincipals.first {
          $0.ownerIds.count == 1 && tenant.directory.user(idOrUPN: $0.ownerIds[0]) != nil
        })
      let spOwners = try await h.graph("/v1.0/servicePrincipals/\(principal.id)/owners", token: token)
      #expect(Self.ids(spOwners) == principal.ownerIds)
    }
  }

  @Test("ownedObjects lists the apps a user owns with their @odata.type; type and id only without the permission")
  func ownedObjects() async throws {
    try await SandboxHarness.withManualClock { h in
      let tenant = try Self.tenant(h)
      let set = tenant.appRegistrations
      let app = try #require(
        set.applications.first { $0.ownerIds.count == 1 && tenant.directory.user(idOrUPN: $0.ownerIds[0]) != nil })
      let owner = app.ownerIds[0]
      let token = try await h.signIn(scope: Self.appScope).accessToken
      let reply = try await h.graph("/v1.0/users/\(owner)/ownedObjects?$top=999", token: token)
      #expect(reply.status == 200, "\(reply.text.prefix(300))")
      let listed = try #require(Self.values(reply).first { $0["id"] as? String == app.id })
      #expect(listed["@odata.type"] as? String == "#microsoft.graph.application")
      #expect(listed["displayName"] as? String == app.displayName && listed["passwordCredentials"] is [Any])
      let principals = set.owned(byUser: owner).servicePrincipals
      for principal in principals {
        let row = Self.values(reply).first { $0["id"] as? String == principal.id }
        #expect(row?["@odata.type"] as? String == "#microsoft.graph.servicePrincipal")
      }
      let limited = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let bare = try await h.graph("/v1.0/users/\(owner)/ownedObjects?$top=999", token: limited)
      let row = try #require(Self.values(bare).first { $0["id"] as? String == app.id })
      #expect(Set(row.keys) == ["@odata.type", "id"])
    }
  }

  @Test("hostile display names arrive intact and JSON-escaped")
  func hostileNames() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.appScope).accessToken
      let reply = try await h.graph("/v1.0/applications?$top=\(DemoApps.names.count)&$select=displayName", token: token)
      #expect(reply.status == 200)
      #expect(Self.values(reply).compactMap { $0["displayName"] as? String } == DemoApps.names)
      #expect(!reply.body.contains { $0 < 0x20 })
    }
  }
}
