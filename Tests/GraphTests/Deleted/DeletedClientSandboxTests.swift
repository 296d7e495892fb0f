import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// `DeletedClient.live` against the sandbox's `/directory/deletedItems` and directory audits
/// (issue 43 item 5): both kinds newest first, each part refused on its own with a sentence naming
/// the permission, deleters from the audit log when it can be read, hostile names cleaned.
@Suite struct DeletedClientSandboxTests {
  static let all =
    "openid profile offline_access User.Read User.Read.All Group.Read.All AuditLog.Read.All Directory.Read.All"

  static func withClient<Result>(
    scope: String = all, configure: @escaping @Sendable (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (DeletedClient) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: configure) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      return try await body(.live(configuration: configuration, tokens: tokens, transport: harness.transport))
    }
  }

  @Test func bothKindsNewestFirstWithDeletersAndCleanNames() async throws {
    try await Self.withClient { client in
      let listing = await client.list([.person, .group], nil) { _ in }
      #expect(listing.failures.isEmpty && listing.deletersKnown && listing.auditNote == nil)
      #expect(Set(listing.items.map(\.kind)) == [.person, .group])
      let dates = listing.items.compactMap(\.deletedDateTime)
      #expect(dates.count == listing.items.count && dates == dates.sorted(by: >))
      #expect(listing.items.contains { $0.deletedBy != nil } && listing.items.contains { $0.deletedBy == nil })
      let now = Date()
      #expect(listing.items.allSatisfy { ($0.daysLeft(now: now) ?? -1) >= 0 && ($0.daysLeft(now: now) ?? 99) < 30 })
      for item in listing.items {
        let name = try #require(item.displayName?.string)
        #expect(!name.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\n" })
      }
      let person = try #require(listing.items.first { $0.kind == .person })
      #expect(person.shownPrincipalName?.hasPrefix(person.id.replacingOccurrences(of: "-", with: "")) == false)
    }
  }

  @Test func aNameNarrowsByTheStartOfTheDisplayNameQuotesAndAll() async throws {
    try await Self.withClient { client in
      let listing = await client.list([.person, .group], "  Tomás   O'B ") { _ in }
      #expect(listing.items.map { $0.displayName?.string } == ["Tomás O'Brien"])
      #expect(await client.list([.person], "Brien") { _ in }.items.isEmpty)
    }
  }

  @Test func aRefusalForGroupsStillListsPeopleAndNamesThePermission() async throws {
    let scope = "openid profile offline_access User.Read User.Read.All"
    try await Self.withClient(scope: scope) { client in
      let listing = await client.list([.person, .group], nil) { _ in }
      #expect(!listing.items.isEmpty && listing.items.allSatisfy { $0.kind == .person })
      let failure = try #require(listing.failures.first)
      #expect(listing.failures.count == 1 && failure.kind == .group)
      #expect(failure.sentence.contains("Group.Read.All"), "\(failure.sentence)")
      // No AuditLog.Read.All: who deleted them is unknown, and said so once.
      #expect(!listing.deletersKnown && listing.items.allSatisfy { $0.deletedBy == nil })
      #expect(listing.auditNote?.contains("AuditLog.Read.All") == true)
    }
  }

  @Test func withoutARoleBothPartsAreRefused() async throws {
    try await Self.withClient(configure: { $0.reportsReaders = [] }) { client in
      let listing = await client.list([.person, .group], nil) { _ in }
      #expect(listing.items.isEmpty && listing.failures.count == 2)
      #expect(listing.failures.allSatisfy { $0.sentence.contains("directory role") })
    }
  }
}
