import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `roster roles` through the built binary against the sandbox (issue 43 item 1): the table, JSON
/// and CSV, ROLE narrowing, each refusal on its own (no P2, no permission) with the rest listed,
/// the exit codes, and `--demo`.
@Suite(.serialized) struct RolesCommandTests {
  static let scopes =
    "openid profile offline_access User.Read RoleManagement.Read.Directory RoleEligibilitySchedule.Read.Directory "
    + "GroupMember.Read.All"

  static func withRoster(
    scopes: String = scopes, configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(scopes: scopes, configure: configure) { roster, _ in
      try await body(roster)
    }
  }

  @Test func everyRoleWithItsHoldersInEveryFormat() async throws {
    try await Self.withRoster { roster in
      let table = try await roster.run(["roles"])
      #expect(table.status == 0, "\(table.stderr)")
      for text in ["Global Administrator", "Reports Reader", "direct", "through group", "eligible until", "app: "] {
        #expect(table.stdout.contains(text), "\(text) in \(table.stdout)")
      }
      #expect(table.stdout.contains("eligible (permanent)") && table.stdout.contains("group: "))
      let json = try await roster.run(["roles", "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(rows.allSatisfy { $0["roleDefinitionId"] is String && $0["principalId"] is String })
      #expect(rows.allSatisfy { $0.keys.contains("endDateTime") && $0["how"] is String })
      #expect(Set(rows.compactMap { $0["how"] as? String }) == ["direct", "group", "eligible"])
      let csv = try await roster.run(["roles", "--csv"])
      #expect(csv.status == 0 && csv.stdout.hasPrefix("role,roleDefinitionId,displayName,address,principalType,how"))
    }
  }

  @Test func aRoleNarrowsByTheStartOfItsNameOrItsIdAndNoneIsExitOne() async throws {
    try await Self.withRoster { roster in
      let admins = try await roster.run(["roles", "global admin"])
      #expect(admins.status == 0, "\(admins.stderr)")
      let lines = admins.stdout.split(whereSeparator: \.isNewline).dropFirst()
      #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Global Administrator") }, "\(admins.stdout)")
      #expect(admins.stdout.contains("eligible until"))
      let byId = try await roster.run(["roles", "4a5d8f65-41da-4de4-8968-e035b65339cf", "--csv"])
      #expect(
        byId.status == 0
          && byId.stdout.split(whereSeparator: \.isNewline).dropFirst().allSatisfy { $0.hasPrefix("Reports Reader,") })
      let none = try await roster.run(["roles", "no such role"])
      #expect(none.status == 1 && none.stderr.contains("No directory role"), "\(none.stderr)")
      #expect(try await roster.run(["roles", "--json", "--csv"]).status == 2)
      #expect(try await roster.run(["roles", " "]).status == 2)
    }
  }

  @Test func withoutP2TheActiveHoldersAreListedAndTheReasonSaid() async throws {
    try await Self.withRoster(configure: { $0.premiumP2 = false }) { roster in
      let run = try await roster.run(["roles", "global admin"])
      #expect(run.status == 4 && run.stdout.contains("direct") && !run.stdout.contains("eligible"), "\(run.stderr)")
      #expect(run.stderr.contains("Entra ID P2"), "\(run.stderr)")
    }
  }

  @Test func aMissingPermissionIsNamedAndTheRestListed() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read RoleManagement.Read.Directory") {
      roster in
      let run = try await roster.run(["roles", "helpdesk"])
      #expect(run.status == 4 && run.stdout.contains("group: "), "\(run.stderr)")
      #expect(run.stderr.contains("GroupMember.Read.All"), "\(run.stderr)")
    }
    try await Self.withRoster(
      scopes: "openid profile offline_access User.Read RoleEligibilitySchedule.Read.Directory"
    ) { roster in
      let run = try await roster.run(["roles"])
      #expect(run.status == 4 && run.stdout.contains("eligible"), "\(run.stderr)")
      #expect(run.stderr.contains("RoleManagement.Read.Directory"), "\(run.stderr)")
    }
    try await Self.withRoster(configure: { $0.reportsReaders = [] }) { roster in
      let run = try await roster.run(["roles"])
      #expect(run.status == 4 && run.stdout.isEmpty && run.stderr.contains("Global Reader"), "\(run.stderr)")
    }
  }

  @Test func showRolesListsOnePersonsRoles() async throws {
    try await Self.withRoster(scopes: Self.scopes + " User.Read.All") { roster in
      let listed = try await roster.run(["roles", "helpdesk", "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
      let member = try #require(rows.first { $0["how"] as? String == "group" }?["principalId"] as? String)
      let run = try await roster.run(["show", member, "--roles"])
      #expect(run.status == 0 && run.stdout.contains("through group"), "\(run.stderr)")
      let json = try await roster.run(["show", member, "--roles", "--json"])
      let mine = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(json.status == 0 && mine.contains { $0["how"] as? String == "group" }, "\(json.stdout)")
      #expect(mine.allSatisfy { $0["principalId"] as? String == member })
      #expect(try await roster.run(["show", member, "--roles", "--health"]).status == 2)
    }
  }

  @Test func theDemoShowsThem() async throws {
    try await CommandLineCommandTests.asNewUser("roster-roles-demo") { roster in
      let run = try await roster.run(["roles", "--demo", "global"])
      #expect(run.status == 0 && run.stdout.contains("Global Reader"), "\(run.stderr)")
    }
  }
}
