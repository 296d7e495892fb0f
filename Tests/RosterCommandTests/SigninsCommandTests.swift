import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// `roster signins` and `roster show --health` through the built binary against the sandbox's
/// sign-in logs (issue 33): the listing and its formats, the exit codes, and the three refusals
/// (scopes, the Reports Reader role, the P1 licence) in plain words.
@Suite(.serialized) struct SigninsCommandTests {
  static let opsScopes = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  /// The signed-in person (the sandbox's default user), who holds Reports Reader by default.
  static let directory = Directory.generated(seed: 1, size: 50)

  static func withRoster(
    scopes: String = opsScopes, premium: Bool = true, reportsReader: Bool = true,
    _ body: (RosterProcess) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(configure: {
      $0.approveAfter = .milliseconds(200)
      $0.premium = premium
      if !reportsReader { $0.reportsReaders = [] }
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      try await body(roster)
    }
  }

  @Test func failuresAreListedExplainedAndCleanInEveryFormat() async throws {
    try await Self.withRoster { roster in
      // The first of the generated people with a failed sign-in in the last 30 days.
      var found: (String, String)?
      for user in Self.directory.users.prefix(15) where found == nil {
        let run = try await roster.run(["signins", user.userPrincipalName, "--failed", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        if run.stdout.contains("errorCode") { found = (user.userPrincipalName, run.stdout) }
      }
      let (upn, json) = try #require(found)
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
      #expect(rows.allSatisfy { ($0["errorCode"] as? Int ?? 0) != 0 && $0["explanation"] is String })
      let table = try await roster.run(["signins", upn, "--failed"])
      #expect(table.status == 0 && table.stdout.contains("FAILED"))
      #expect(!table.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
      let csv = try await roster.run(["signins", upn, "--csv", "--since", "45d"])
      #expect(csv.status == 0 && csv.stdout.hasPrefix("createdDateTime,succeeded,errorCode,explanation"))
      #expect(csv.stderr.contains("about 30 days"), "a --since past the retention is told so")
    }
  }

  @Test func withoutTheScopesNothingIsAskedAndTheExitIsFive() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster in
      let upn = Self.directory.users[0].userPrincipalName
      let run = try await roster.run(["signins", upn])
      #expect(run.status == 5 && run.stderr.contains("AuditLog.Read.All"), "\(run.stderr)")
      // A colleague browser's `show --health` says quietly what was not asked; no refusal.
      let show = try await roster.run(["show", upn, "--health"])
      #expect(show.status == 0 && show.stdout.contains("MFA registration: not asked"), "\(show.stdout)")
    }
  }

  @Test func theRoleAndTheLicenceAreNamedWhenGraphRefuses() async throws {
    let upn = Self.directory.users[0].userPrincipalName
    try await Self.withRoster(reportsReader: false) { roster in
      let run = try await roster.run(["signins", upn])
      #expect(run.status == 5 && run.stderr.contains("Reports Reader"), "\(run.stderr)")
    }
    try await Self.withRoster(premium: false) { roster in
      let run = try await roster.run(["signins", upn])
      #expect(run.status == 5 && run.stderr.contains("needs Entra ID P1"), "\(run.stderr)")
    }
  }
}
