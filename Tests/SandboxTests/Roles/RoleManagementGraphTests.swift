import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/roleManagement/directory/roleDefinitions`, `roleAssignments` and
/// `roleEligibilityScheduleInstances` over HTTP (issue 43 item 1): Graph's shapes, the built-in
/// roles' template ids, `$filter` and `$expand=principal`, paging, and each gate on its own —
/// permission, role, Entra ID P2.
@Suite("Graph v1.0 directory roles")
struct RoleManagementGraphTests {
  static let roles = "openid profile offline_access User.Read RoleManagement.Read.Directory"
  static let eligibilityOnly = "openid profile offline_access User.Read RoleEligibilitySchedule.Read.Directory"
  static let usersOnly = "openid profile offline_access User.Read User.Read.All"
  static let base = "/v1.0/roleManagement/directory/"

  static let directory = Directory.generated(seed: 1, size: 50)

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func code(_ reply: Reply) -> String? { (reply.json["error"] as? [String: Any])?["code"] as? String }

  @Test("definitions carry the real template ids; id equals templateId for a built-in role")
  func definitions() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.roles).accessToken
      let reply = try await h.graph(Self.base + "roleDefinitions", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let byName = Dictionary(
        uniqueKeysWithValues: Self.values(reply).map { ($0["displayName"] as? String ?? "", $0["id"] as? String ?? "") }
      )
      #expect(byName["Global Administrator"] == "62e90394-69f5-4237-9190-012177145e10")
      #expect(byName["Reports Reader"] == "4a5d8f65-41da-4de4-8968-e035b65339cf")
      #expect(byName["Helpdesk Administrator"] == "729827e3-9c14-49f7-bb1b-9608f156bbb8")
      #expect(byName.count == 9)
      #expect(Self.values(reply).allSatisfy { $0["id"] as? String == $0["templateId"] as? String })
      let users = try await h.signIn(scope: Self.usersOnly).accessToken
      #expect(try await h.graph(Self.base + "roleDefinitions", token: users).status == 403)
    }
  }

  @Test("assignments: $expand=principal with @odata.type for users, a group and an app; $filter by role")
  func assignments() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.roles).accessToken
      let reply = try await h.graph(Self.base + "roleAssignments?$expand=principal", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let all = Self.values(reply)
      let types = Set(all.compactMap { ($0["principal"] as? [String: Any])?["@odata.type"] as? String })
      #expect(
        types == ["#microsoft.graph.user", "#microsoft.graph.group", "#microsoft.graph.servicePrincipal"], "\(types)")
      let me = Self.directory.defaultUser.id
      let mine = Set(all.filter { $0["principalId"] as? String == me }.compactMap { $0["roleDefinitionId"] as? String })
      #expect(mine == [RoleCatalog.reportsReader, RoleCatalog.globalReader])
      let group = try #require(
        all.first { ($0["principal"] as? [String: Any])?["@odata.type"] as? String == "#microsoft.graph.group" })
      #expect((group["principal"] as? [String: Any])?["isAssignableToRole"] as? Bool == true)
      #expect(
        all.allSatisfy { ($0["id"] as? String)?.hasSuffix("-1") == true && $0["directoryScopeId"] as? String == "/" })

      let filter = SandboxHarness.q("roleDefinitionId eq '\(RoleCatalog.globalAdministrator)'")
      let admins = Self.values(try await h.graph(Self.base + "roleAssignments?$filter=\(filter)", token: token))
      #expect(admins.count == 2 && admins.allSatisfy { $0["principal"] == nil })
      let bad = SandboxHarness.q("startswith(roleDefinitionId,'62')")
      #expect(try await h.graph(Self.base + "roleAssignments?$filter=\(bad)", token: token).status == 400)
      let page = try await h.graph(Self.base + "roleAssignments?$top=3", token: token)
      #expect(Self.values(page).count == 3)
      let next = try #require(page.json["@odata.nextLink"] as? String)
      #expect(Self.values(try await h.graph(next, token: token)).count == 3)
    }
  }

  @Test("eligibility: until a date or permanent; RoleEligibilitySchedule.Read.Directory is enough")
  func eligibility() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.eligibilityOnly).accessToken
      let reply = try await h.graph(Self.base + "roleEligibilityScheduleInstances?$expand=principal", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      let all = Self.values(reply)
      #expect(all.contains { $0["endDateTime"] is NSNull } && all.contains { $0["endDateTime"] is String })
      #expect(all.allSatisfy { $0["memberType"] as? String == "Direct" && $0["principal"] is [String: Any] })
      let filter = SandboxHarness.q("roleDefinitionId eq '\(RoleCatalog.globalAdministrator)'")
      let admins = Self.values(
        try await h.graph(Self.base + "roleEligibilityScheduleInstances?$filter=\(filter)", token: token))
      #expect(admins.count == 1)
      // This grant reads no active assignments.
      #expect(try await h.graph(Self.base + "roleAssignments", token: token).status == 403)
    }
  }

  @Test("without P2 eligibility is Graph's 400 AadPremiumLicenseRequired and assignments still list")
  func withoutP2() async throws {
    try await SandboxHarness.withManualClock({ $0.premiumP2 = false }) { h in
      let token = try await h.signIn(scope: Self.roles).accessToken
      let reply = try await h.graph(Self.base + "roleEligibilityScheduleInstances", token: token)
      #expect(reply.status == 400 && Self.code(reply) == "AadPremiumLicenseRequired", "\(reply.text)")
      #expect(try await h.graph(Self.base + "roleAssignments", token: token).status == 200)
    }
  }

  @Test("without a role that may read them, assignments and eligibility are refused; definitions are not")
  func withoutARole() async throws {
    try await SandboxHarness.withManualClock({ $0.reportsReaders = [] }) { h in
      let token = try await h.signIn(scope: Self.roles).accessToken
      let assignments = try await h.graph(Self.base + "roleAssignments", token: token)
      #expect(assignments.status == 403 && Self.code(assignments) == "Authorization_RequestDenied")
      #expect(try await h.graph(Self.base + "roleEligibilityScheduleInstances", token: token).status == 403)
      #expect(try await h.graph(Self.base + "roleDefinitions", token: token).status == 200)
    }
  }
}
