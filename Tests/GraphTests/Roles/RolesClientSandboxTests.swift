import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// `RolesClient.live` against the sandbox's role management (issue 43 item 1): who holds each role
/// directly, through a group and eligible through PIM; each part refused on its own with a
/// sentence (no P2, no permission, no role).
@Suite struct RolesClientSandboxTests {
  static let all =
    "openid profile offline_access User.Read RoleManagement.Read.Directory RoleEligibilitySchedule.Read.Directory "
    + "GroupMember.Read.All"
  static let globalAdministrator = "62e90394-69f5-4237-9190-012177145e10"
  static let helpdesk = "729827e3-9c14-49f7-bb1b-9608f156bbb8"

  static func withClient<Result>(
    scope: String = all, configure: @escaping @Sendable (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RolesClient) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: configure) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      return try await body(.live(configuration: configuration, tokens: tokens, transport: harness.transport))
    }
  }

  @Test func everyRoleWithItsHoldersAndHowTheyHoldIt() async throws {
    try await Self.withClient { client in
      let roles = try await client.definitions { _ in }
      #expect(roles.count == 9 && roles.first?.displayName.string == "Authentication Administrator")
      let listing = await client.holdings(RoleQuery(known: roles)) { _ in }
      #expect(listing.failures.isEmpty, "\(listing.failures.map(\.sentence))")
      let holdings = listing.holdings
      #expect(holdings.contains { $0.how == .direct && $0.principal.kind == .person })
      #expect(holdings.contains { $0.how == .direct && $0.principal.kind == .app })
      #expect(holdings.contains { $0.how == .direct && $0.principal.kind == .group })
      let throughGroup = holdings.filter { if case .throughGroup = $0.how { true } else { false } }
      #expect(
        throughGroup.count >= 2 && throughGroup.allSatisfy { $0.role.displayName.string == "Helpdesk Administrator" })
      #expect(holdings.contains { $0.how == .eligible(until: nil) })
      #expect(holdings.contains { ($0.endDateTime ?? .distantPast) > Date() })
      #expect(holdings.allSatisfy { $0.role.displayName.string != $0.role.id })
      let names = holdings.map(\.role.displayName.string)
      #expect(names == names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }
  }

  @Test func aRoleNamedByThePrefixOfItsNameOrItsTemplateId() async throws {
    try await Self.withClient { client in
      let roles = try await client.definitions { _ in }
      #expect(RolesClient.matching("global admin", in: roles).map(\.id) == [Self.globalAdministrator])
      #expect(RolesClient.matching("GLOBAL", in: roles).count == 2)
      #expect(RolesClient.matching(Self.globalAdministrator.uppercased(), in: roles).count == 1)
      #expect(RolesClient.matching("nothing like it", in: roles).isEmpty)
      let listing = await client.holdings(RoleQuery(known: roles, only: [Self.globalAdministrator])) { _ in }
      #expect(!listing.holdings.isEmpty && listing.holdings.allSatisfy { $0.role.id == Self.globalAdministrator })
      #expect(listing.holdings.contains { $0.endDateTime != nil })
    }
  }

  @Test func onePersonsRolesIncludeThoseOfTheirGroups() async throws {
    try await Self.withClient { client in
      let roles = try await client.definitions { _ in }
      let all = await client.holdings(RoleQuery(known: roles)) { _ in }.holdings
      let member = try #require(all.first { if case .throughGroup = $0.how { true } else { false } }?.principal)
      let mine = await client.holdings(RoleQuery(known: roles, principalId: member.id)) { _ in }
      #expect(mine.failures.isEmpty && !mine.holdings.isEmpty)
      #expect(mine.holdings.allSatisfy { $0.principal.id == member.id })
      #expect(mine.holdings.contains { if case .throughGroup = $0.how { true } else { false } })
      let eligible = try #require(all.first { $0.endDateTime != nil }?.principal)
      let theirs = await client.holdings(RoleQuery(known: roles, principalId: eligible.id)) { _ in }
      #expect(
        theirs.holdings.contains { $0.endDateTime != nil }
          && theirs.holdings.allSatisfy { $0.principal.id == eligible.id })
    }
  }

  @Test func withoutP2OnlyEligibilityIsRefusedWithItsReason() async throws {
    try await Self.withClient(configure: { $0.premiumP2 = false }) { client in
      let roles = try await client.definitions { _ in }
      let listing = await client.holdings(RoleQuery(known: roles)) { _ in }
      #expect(!listing.holdings.isEmpty && listing.holdings.allSatisfy { $0.endDateTime == nil })
      let failure = try #require(listing.failures.first)
      #expect(listing.failures.count == 1 && failure.part == .eligibility)
      #expect(failure.sentence.contains("Entra ID P2"), "\(failure.sentence)")
    }
  }

  @Test func eachMissingPermissionIsNamed() async throws {
    let noEligibility = "openid profile offline_access User.Read Directory.Read.All"
    try await Self.withClient(scope: noEligibility) { client in
      let roles = try await client.definitions { _ in }
      let listing = await client.holdings(RoleQuery(known: roles)) { _ in }
      #expect(!listing.holdings.isEmpty)
      #expect(listing.failures.map(\.part) == [.eligibility])
      #expect(listing.failures.first?.sentence.contains("RoleEligibilitySchedule.Read.Directory") == true)
    }
    let noMembers = "openid profile offline_access User.Read RoleManagement.Read.Directory"
    try await Self.withClient(scope: noMembers) { client in
      let listing = await client.holdings(RoleQuery(known: [], only: [Self.helpdesk])) { _ in }
      #expect(listing.holdings.contains { $0.principal.kind == .group })
      let failure = try #require(listing.failures.first)
      #expect(failure.sentence.contains("GroupMember.Read.All"), "\(failure.sentence)")
    }
  }

  @Test func withoutARoleBothPartsAreRefused() async throws {
    try await Self.withClient(configure: { $0.reportsReaders = [] }) { client in
      let listing = await client.holdings(RoleQuery(known: [])) { _ in }
      #expect(listing.holdings.isEmpty && listing.failures.map(\.part) == [.assignments, .eligibility])
      #expect(listing.failures.allSatisfy { $0.sentence.contains("directory role") })
    }
  }
}
