import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// What enterprise apps are granted, over HTTP: Microsoft Graph's enterprise app with its
/// `appRoles` and `oauth2PermissionScopes` under Microsoft's ids, a client's
/// `oauth2PermissionGrants` (`Directory.Read.All`) and `appRoleAssignments`, the resource's
/// `appRoleAssignedTo`, and finding an app by `appId` (`$filter` and the alternate key).
@Suite("Graph v1.0 service principals: grants, app roles, appId")
struct AppGrantTests {
  static let graphAppId = "00000003-0000-0000-c000-000000000000"
  static func values(_ reply: Reply) -> [[String: Any]] { DeviceGraphTests.values(reply) }

  @Test("generated grants: every consent case; roles and scopes name what the resource publishes")
  func generation() throws {
    let directory = Directory.generated(seed: 1, size: 300)
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let set = AppSet.generated(seed: 1, directory: directory, now: now, tenantId: "t")
    let graph = try #require(set.servicePrincipal(appId: Self.graphAppId))
    #expect(graph.appOwnerOrganizationId == "f8cdef31-a31e-4b4a-93e4-5f571e91255a")
    #expect(graph.appRoles.contains { $0.id == "df021288-bdef-4463-88db-98f22de89214" && $0.value == "User.Read.All" })
    #expect(graph.oauth2PermissionScopes.contains { $0.id == "e1fe6dd8-ba31-4d61-89e7-88639da4683d" })
    let grants = set.permissionGrants
    #expect(grants.contains { $0.principalId == nil } && grants.contains { $0.principalId != nil })
    let scopes = Set(graph.oauth2PermissionScopes.map(\.value))
    #expect(grants.allSatisfy { Set($0.scope.split(separator: " ").map(String.init)).isSubset(of: scopes) })
    let published = Set(set.servicePrincipals.flatMap { $0.appRoles.map(\.id) })
    #expect(!set.roleGrants.isEmpty && set.roleGrants.allSatisfy { published.contains($0.appRoleId) })
    #expect(set.roleGrants.allSatisfy { $0.id.count == 43 } && grants.allSatisfy { $0.id.count == 43 })
    let clients = Set(grants.map(\.clientId)).union(set.roleGrants.map(\.principalId))
    #expect(set.servicePrincipals.contains { $0.appOwnerOrganizationId == "t" && !clients.contains($0.id) })
  }

  @Test("resource SP's appRoles and scopes via $select; appId filter and alternate key")
  func resourceAndAppId() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: AppGraphTests.appScope).accessToken
      let set = try #require(h.sandbox.tenant).appRegistrations
      let graph = try #require(set.servicePrincipal(appId: Self.graphAppId))
      let got = try await h.graph(
        "/v1.0/servicePrincipals/\(graph.id)?$select=appRoles,oauth2PermissionScopes", token: token)
      #expect(got.status == 200)
      let roles = try #require(got.json["appRoles"] as? [[String: Any]])
      let role = try #require(roles.first { $0["value"] as? String == "User.Read.All" })
      #expect(role["displayName"] as? String == "Read all users' full profiles")
      #expect(role["allowedMemberTypes"] as? [String] == ["Application"] && role["isEnabled"] as? Bool == true)
      let scopes = try #require(got.json["oauth2PermissionScopes"] as? [[String: Any]])
      let userRead = try #require(scopes.first { $0["value"] as? String == "User.Read" })
      #expect(userRead["id"] as? String == "e1fe6dd8-ba31-4d61-89e7-88639da4683d")
      #expect(userRead["adminConsentDisplayName"] as? String == "Sign in and read user profile")
      #expect(userRead["type"] as? String == "User" && userRead["userConsentDisplayName"] != nil)

      let filter = SandboxHarness.q("appId eq '\(Self.graphAppId)'")
      let found = try await h.graph("/v1.0/servicePrincipals?$filter=\(filter)", token: token)
      #expect(DeviceGraphTests.ids(found) == [graph.id])
      let keyed = try await h.graph("/v1.0/servicePrincipals(appId='\(Self.graphAppId)')", token: token)
      #expect(keyed.status == 200 && keyed["id"] == graph.id)
      // An app registration and its enterprise app find each other by appId.
      let app = try #require(set.applications.last)
      let byFilter = try await h.graph(
        "/v1.0/applications?$filter=\(SandboxHarness.q("appId eq '\(app.appId)'"))", token: token)
      #expect(DeviceGraphTests.ids(byFilter) == [app.id])
      let byKey = try await h.graph("/v1.0/applications(appId='\(app.appId)')?$select=displayName", token: token)
      #expect(byKey.status == 200 && byKey["id"] == app.id)
      let principal = try await h.graph("/v1.0/servicePrincipals(appId='\(app.appId)')", token: token)
      #expect(principal["appId"] == app.appId)
      let unknown = try await h.graph("/v1.0/applications(appId='\(UUID().uuidString)')", token: token)
      GraphShape.expectError(unknown, code: "Request_ResourceNotFound")
    }
  }

  @Test("oauth2PermissionGrants need Directory.Read.All; appRoleAssignments and appRoleAssignedTo shapes")
  func grants() async throws {
    try await SandboxHarness.withManualClock { h in
      let set = try #require(h.sandbox.tenant).appRegistrations
      let graph = try #require(set.servicePrincipal(appId: Self.graphAppId))
      let delegated = try #require(set.permissionGrants.first { $0.principalId != nil })
      let reader = try await h.signIn(scope: AppGraphTests.appScope).accessToken
      let path = "/v1.0/servicePrincipals/\(delegated.clientId)/oauth2PermissionGrants"
      GraphShape.expectError(try await h.graph(path, token: reader), code: "Authorization_RequestDenied")
      let token = try await h.signIn(scope: AppDeltaTests.directoryScope).accessToken
      let reply = try await h.graph(path, token: token)
      #expect(reply.status == 200 && reply["@odata.context"]?.hasSuffix("#oauth2PermissionGrants") == true)
      let listed = Self.values(reply)
      #expect(listed.count == set.permissionGrants(ofClient: delegated.clientId).count)
      let row = try #require(listed.first { $0["id"] as? String == delegated.id })
      #expect(Set(row.keys) == ["id", "clientId", "consentType", "principalId", "resourceId", "scope"])
      #expect(row["consentType"] as? String == "Principal" && row["clientId"] as? String == delegated.clientId)
      #expect(row["resourceId"] as? String == graph.id && row["scope"] as? String == delegated.scope)
      let all = try #require(set.permissionGrants.first { $0.principalId == nil })
      let everyone = Self.values(
        try await h.graph("/v1.0/servicePrincipals/\(all.clientId)/oauth2PermissionGrants", token: token))
      #expect(
        everyone.contains { $0["consentType"] as? String == "AllPrincipals" && $0["principalId"] is NSNull })

      let assigned = try #require(set.roleGrants.first)
      let roles = try await h.graph("/v1.0/servicePrincipals/\(assigned.principalId)/appRoleAssignments", token: reader)
      #expect(roles.status == 200 && roles["@odata.context"]?.hasSuffix("#appRoleAssignments") == true)
      let first = try #require(Self.values(roles).first { $0["id"] as? String == assigned.id })
      #expect(
        Set(first.keys) == [
          "id", "deletedDateTime", "appRoleId", "createdDateTime", "principalDisplayName", "principalId",
          "principalType", "resourceDisplayName", "resourceId",
        ])
      #expect(
        first["principalType"] as? String == "ServicePrincipal" && first["appRoleId"] as? String == assigned.appRoleId)
      #expect(first["resourceDisplayName"] as? String == assigned.resourceDisplayName)
      let onGraph = try await DeviceGraphTests.all(
        h, reader, from: "/v1.0/servicePrincipals/\(graph.id)/appRoleAssignedTo?$top=5")
      #expect(onGraph.values.count == set.roleGrants(of: graph.id, asResource: true).count)
      let picked = try await h.graph(
        "/v1.0/servicePrincipals/\(assigned.principalId)/appRoleAssignments?$select=appRoleId", token: reader)
      #expect(Self.values(picked).allSatisfy { Set($0.keys) == ["id", "appRoleId"] })
    }
  }
}
