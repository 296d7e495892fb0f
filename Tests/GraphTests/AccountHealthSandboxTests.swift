import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// `HealthClient.accountHealth` against the sandbox (issue 33): every part read on its own; a
/// refusal (P1, role) leaves the others; a part whose scopes the token lacks is never sent, as
/// the sandbox's request log shows.
@Suite struct AccountHealthSandboxTests {
  static let ops =
    "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All "
    + "LicenseAssignment.Read.All"
  static let directory = Directory.generated(seed: 1, size: 300)

  static func scopes(_ scope: String) -> [String] { scope.split(separator: " ").map(String.init) }

  @Test func everyPartReadsWithTheOpsScopes() async throws {
    try await HealthClientSandboxTests.withHealth(scope: Self.ops) { client, _ in
      let guest = try #require(Self.directory.users.first { $0.userType == "Guest" })
      let health = await client.accountHealth(id: guest.id, scopes: Self.scopes(Self.ops))
      let state = try #require(health.state.value, "\(health.state)")
      #expect(state.userType?.string == "Guest")
      #expect(["PendingAcceptance", "Accepted"].contains(state.externalUserState?.string ?? ""))
      #expect(state.createdDateTime != nil)
      #expect(health.lastSignIn.value != nil, "\(health.lastSignIn)")
      #expect(health.mfa.value != nil, "\(health.mfa)")
      #expect(health.licences.value != nil && health.devices.value != nil)

      // Licences read as product names; a part number no table knows stays raw (and clean).
      var names: [String] = []
      for user in Self.directory.users.prefix(40) {
        names +=
          await client.accountHealth(id: user.id, scopes: Self.scopes(Self.ops)).licences.value?.map(
            \.productName) ?? []
      }
      #expect(names.contains("Office 365 E3"))
      #expect(names.contains { $0.hasPrefix("CONTOSO_LAB_") && !$0.unicodeScalars.contains("\u{1B}") })
      let lines = HealthText.lines(await client.accountHealth(id: guest.id, scopes: Self.scopes(Self.ops)), now: Date())
      #expect(lines.contains { $0.hasPrefix("Type: Guest") })
    }
  }

  @Test func withoutP1OrTheRoleTheRefusedPartsSayWhatTheyNeedAndTheRestShows() async throws {
    let id = Self.directory.users[1].id
    try await HealthClientSandboxTests.withHealth(scope: Self.ops, configure: { $0.premium = false }) { client, _ in
      let health = await client.accountHealth(id: id, scopes: Self.scopes(Self.ops))
      guard case .refused(let text) = health.lastSignIn else {
        Issue.record("lastSignIn: \(health.lastSignIn)")
        return
      }
      #expect(text.contains("needs Entra ID P1"))
      if case .refused(let mfa) = health.mfa { #expect(mfa.contains("needs Entra ID P1")) } else { Issue.record("mfa") }
      #expect(health.state.value != nil && health.licences.value != nil && health.devices.value != nil)
    }
    try await HealthClientSandboxTests.withHealth(scope: Self.ops, configure: { $0.reportsReaders = [] }) { client, _ in
      let health = await client.accountHealth(id: id, scopes: Self.scopes(Self.ops))
      guard case .refused(let text) = health.lastSignIn else {
        Issue.record("lastSignIn: \(health.lastSignIn)")
        return
      }
      #expect(text.contains("Reports Reader"))
      #expect(health.state.value != nil && health.devices.value != nil)
    }
  }

  /// The issue's "checked on the sandbox's request log": a token without a part's scopes sends
  /// nothing for it — not even a request Graph would refuse.
  @Test func noRequestForAPartIsMadeWithoutItsScope() async throws {
    let basic = "openid profile offline_access User.Read User.ReadBasic.All"
    let id = Self.directory.users[2].id
    try await HealthClientSandboxTests.withHealth(scope: basic) { client, harness in
      try await harness.clearRequests()
      let health = await client.accountHealth(id: id, scopes: Self.scopes(basic))
      #expect(health.state == .lacking(["User.Read.All"]))
      #expect(try await harness.requests().isEmpty, "a colleague browser asks nothing")
    }
    let reader = "openid profile offline_access User.Read User.Read.All"
    try await HealthClientSandboxTests.withHealth(scope: reader) { client, harness in
      try await harness.clearRequests()
      let health = await client.accountHealth(id: id, scopes: Self.scopes(reader))
      #expect(health.state.value != nil && health.licences.value != nil && health.devices.value != nil)
      guard case .lacking = health.lastSignIn, case .lacking = health.mfa else {
        Issue.record("\(health.lastSignIn) \(health.mfa)")
        return
      }
      let logged = try await harness.requests()
      #expect(!logged.isEmpty)
      #expect(
        !logged.contains { $0.path.lowercased().contains("/reports/") || $0.path.lowercased().contains("auditlogs") })
      #expect(!logged.contains { ($0.query["$select"] ?? "").lowercased().contains("signinactivity") })
    }
  }
}
