import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// `HealthClient.live` against the sandbox's `/auditLogs/signIns` (issue 33): Graph's filter,
/// order and retention, and the three refusals — the permissions, the Reports Reader role, the
/// P1 licence — each said in plain words; hostile strings arrive cleaned.
@Suite struct HealthClientSandboxTests {
  static let scope = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  static let directory = Directory.generated(seed: 1, size: 300)

  static func withHealth<Result>(
    scope: String = scope, configure: @escaping @Sendable (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (HealthClient, SandboxHarness) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: {
      $0.size = 300
      configure(&$0)
    }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      return try await body(
        HealthClient.live(configuration: configuration, tokens: tokens, transport: harness.transport), harness)
    }
  }

  static func refusal(_ body: () async throws -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch DirectoryError.permissionDenied(let text) {
      return text
    } catch {
      return "\(error)"
    }
  }

  @Test func failuresComeNewestFirstExplainedAndCleanedWithinRetention() async throws {
    try await Self.withHealth { client, _ in
      // The first person whose generated history holds a failure and a success.
      var found: (DirectoryUser, [SignInLogEntry], [SignInLogEntry])?
      for user in Self.directory.users.prefix(20) where found == nil {
        let all = try await client.signIns(SignInQuery(userID: user.id, limit: 1_000)) { _ in }
        let failed = try await client.signIns(SignInQuery(userID: user.id, failedOnly: true, limit: 1_000)) { _ in }
        if !failed.isEmpty && failed.count < all.count { found = (user, all, failed) }
      }
      let (user, all, failed) = try #require(found)
      #expect(!all.isEmpty && !failed.isEmpty && failed.count < all.count)
      #expect(failed.allSatisfy { !$0.succeeded && !$0.explanation.isEmpty })
      #expect(all.map(\.createdDateTime) == all.map(\.createdDateTime).sorted(by: >))
      let oldest = try #require(all.last?.createdDateTime)
      #expect(Date().timeIntervalSince(oldest) <= 31 * 86_400)
      for entry in all {
        let printed = HealthText.signInLine(entry, now: Date())
        #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
      }
      // A user name is not a user id: Graph filters sign-ins by object id only.
      #expect(try await client.signIns(SignInQuery(userID: user.userPrincipalName)) { _ in }.isEmpty)
    }
  }

  @Test func withoutTheScopesGraphRefusesAndSaysWhatIsNeeded() async throws {
    try await Self.withHealth(scope: "openid profile offline_access User.Read User.Read.All") { client, _ in
      let text = await Self.refusal { _ = try await client.signIns(SignInQuery(userID: "x")) { _ in } }
      #expect(text?.contains("AuditLog.Read.All") == true && text?.contains("Directory.Read.All") == true)
    }
  }

  @Test func aUserWithoutTheReportsRoleIsRefusedWithTheRoleNamed() async throws {
    try await Self.withHealth(configure: { $0.reportsReaders = [] }) { client, _ in
      let text = await Self.refusal { _ = try await client.signIns(SignInQuery(userID: "x")) { _ in } }
      #expect(text?.contains("Reports Reader") == true)
    }
  }

  @Test func aTenantWithoutP1IsToldSo() async throws {
    try await Self.withHealth(configure: { $0.premium = false }) { client, _ in
      let text = await Self.refusal { _ = try await client.signIns(SignInQuery(userID: "x")) { _ in } }
      #expect(text?.contains("needs Entra ID P1") == true)
    }
  }

  /// The sandbox's own rules, raw: a filter form Graph does not accept is its 400, and `$top`
  /// past 1,000 is refused.
  @Test func filtersGraphDoesNotAcceptAreRefused() async throws {
    try await SandboxHarness.with(configure: { $0.size = 50 }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: Self.scope, transport: harness.transport)
      let token = try await tokens.accessToken(forceRefresh: false).exposedValue
      func get(_ query: String) async throws -> Int {
        let url = try #require(
          URL(string: harness.sandbox.graphURL.absoluteString + "/v1.0/auditLogs/signIns?" + query))
        let request = HTTPRequest(url: url, headers: [("Authorization", "Bearer \(token)")])
        return try await harness.transport.send(request).status
      }
      #expect(try await get("$filter=userId%20eq%20'x'%20and%20status/errorCode%20ne%200") == 200)
      #expect(try await get("$filter=startswith(appDisplayName,'Out')") == 400)
      #expect(try await get("$filter=userPrincipalName%20eq%20'x'") == 400)
      #expect(try await get("$top=1001") == 400)
    }
  }
}
