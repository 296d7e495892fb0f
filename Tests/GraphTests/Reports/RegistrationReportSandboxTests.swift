import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import Synchronization
import TestSupport
import Testing
import Transport

/// `RegistrationReportClient.live` against the sandbox's registration report (issue 43 item 3):
/// administrators first, every page handed over as it comes, the audience's `userType`, each
/// refusal (role, licence) in its own sentence, and text cleaned.
@Suite struct RegistrationReportSandboxTests {
  static let scope = "openid profile offline_access User.Read AuditLog.Read.All"

  static func withClient<Result>(
    configure: @escaping @Sendable (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RegistrationReportClient) async throws -> Result
  ) async throws -> Result {
    // 2,000 people: a few pages of administrators and others without MFA.
    try await SandboxHarness.with(configure: {
      $0.size = 2_000
      configure(&$0)
    }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      return try await body(.live(configuration: configuration, tokens: tokens, transport: harness.transport))
    }
  }

  /// The pages a read handed over, in order.
  final class Pages: Sendable {
    let pages = Mutex<[[RegistrationEntry]]>([])
    var all: [RegistrationEntry] { pages.withLock { $0.flatMap { $0 } } }
    var count: Int { pages.withLock { $0.count } }
    func add(_ page: [RegistrationEntry]) { pages.withLock { $0.append(page) } }
  }

  @Test func administratorsFirstPageByPageAndOnlyThoseWithoutMFA() async throws {
    try await Self.withClient { client in
      let pages = Pages()
      let count = try await client.missingMFA(.everyone, { pages.add($0) }) { _ in }
      let rows = pages.all
      #expect(count == rows.count && count > 100)
      #expect(pages.count > 2, "Graph's pages are handed over one by one")
      #expect(rows.allSatisfy { $0.isMfaRegistered == false })
      let firstOther = try #require(rows.firstIndex { $0.isAdmin == false })
      #expect(firstOther > 0 && rows[..<firstOther].allSatisfy { $0.isAdmin == true })
      #expect(rows[firstOther...].allSatisfy { $0.isAdmin == false })
      #expect(Set(rows.map(\.id)).count == rows.count, "nobody listed twice")
      for row in rows {
        let text = [row.userDisplayName?.string, row.userPrincipalName?.string].compactMap { $0 }.joined()
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
      }
    }
  }

  @Test func membersAndGuestsAreGraphsUserTypeFilter() async throws {
    try await Self.withClient { client in
      let guests = Pages()
      _ = try await client.missingMFA(.guests, { guests.add($0) }) { _ in }
      #expect(!guests.all.isEmpty && guests.all.allSatisfy { $0.userType?.string == "guest" })
      let members = Pages()
      _ = try await client.missingMFA(.members, { members.add($0) }) { _ in }
      #expect(!members.all.isEmpty && members.all.allSatisfy { $0.userType?.string == "member" })
    }
  }

  @Test func withoutAReportsRoleTheRefusalNamesTheRole() async throws {
    try await Self.withClient(configure: { $0.reportsReaders = [] }) { client in
      await #expect {
        _ = try await client.missingMFA(.everyone, { _ in }) { _ in }
      } throws: { error in
        guard case DirectoryError.permissionDenied(let text) = error else { return false }
        return text.contains("Reports Reader") && text.contains("AuditLog.Read.All")
      }
    }
  }

  @Test func withoutP1TheRefusalNamesTheLicence() async throws {
    try await Self.withClient(configure: { $0.premium = false }) { client in
      await #expect {
        _ = try await client.missingMFA(.everyone, { _ in }) { _ in }
      } throws: { error in
        guard case DirectoryError.permissionDenied(let text) = error else { return false }
        return text.contains("Entra ID P1") && text.contains("no premium licence")
      }
    }
  }

  @Test func methodsAndDefaultsInWords() {
    #expect(RegistrationWords.methods([]) == "none")
    #expect(
      RegistrationWords.methods(["microsoftAuthenticatorPush", "fido2"]) == "Authenticator app, security key (FIDO2)")
    #expect(RegistrationWords.methods(["somethingNew"]) == "somethingNew")
    #expect(RegistrationWords.defaultMethod(nil) == "none" && RegistrationWords.defaultMethod("sms") == "text message")
    let system = RegistrationEntry(
      id: "1", userPreferredMethodForSecondaryAuthentication: "sms", isSystemPreferredAuthenticationMethodEnabled: true,
      systemPreferredAuthenticationMethods: ["push"])
    #expect(system.defaultMethod == "push")
    let chosen = RegistrationEntry(
      id: "1", userPreferredMethodForSecondaryAuthentication: "none",
      isSystemPreferredAuthenticationMethodEnabled: false)
    #expect(chosen.defaultMethod == nil)
  }
}
