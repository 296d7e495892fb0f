import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// `roster show PERSON --health [--json]` through the built binary against the sandbox (issue 33):
/// the JSON carries the text's facts per part, a refusal names what it needs while the rest
/// shows, and the exit codes the help and docs/ops.md give (5 when not one part is allowed).
@Suite(.serialized) struct HealthCommandTests {
  static let ops = SigninsCommandTests.opsScopes + " LicenseAssignment.Read.All"
  static let directory = SigninsCommandTests.directory

  static func health(_ stdout: String) throws -> [String: [String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    return try #require(object["health"] as? [String: [String: Any]])
  }

  @Test func jsonGivesTheTextsFactsPerPart() async throws {
    try await SigninsCommandTests.withRoster(scopes: Self.ops) { roster in
      let licensed = try #require(Self.directory.users.first { $0.userType == "Member" && $0.accountEnabled })
      let run = try await roster.run(["show", licensed.userPrincipalName, "--health", "--json"])
      #expect(run.status == 0, "\(run.stderr)")
      let health = try Self.health(run.stdout)
      for part in ["state", "lastSignIn", "mfa", "licences", "devices"] {
        #expect(health[part]?["status"] as? String == "shown", "\(part): \(health[part] ?? [:])")
      }
      let state = try #require(health["state"]?["value"] as? [String: Any])
      #expect(state["accountEnabled"] as? Bool == true && state["createdDateTime"] is String)
      let licences = health["licences"]?["value"] as? [[String: Any]] ?? []
      let text = try await roster.run(["show", licensed.userPrincipalName, "--health"])
      #expect(text.status == 0)
      let names = licences.compactMap { $0["productName"] as? String }
      let line = names.isEmpty ? "Licences: none" : "Licences: " + names.joined(separator: ", ")
      #expect(text.stdout.contains(line), "\(text.stdout)")
      #expect(text.stdout.contains("Last successful sign-in (") && text.stdout.contains("MFA registered:"))
    }
  }

  @Test func aRefusalSaysWhatItNeedsAndTheRestShows() async throws {
    try await SigninsCommandTests.withRoster(scopes: Self.ops, premium: false) { roster in
      let upn = Self.directory.users[1].userPrincipalName
      let run = try await roster.run(["show", upn, "--health", "--json"])
      #expect(run.status == 0, "\(run.stderr)")
      let health = try Self.health(run.stdout)
      #expect(health["lastSignIn"]?["status"] as? String == "refused")
      #expect((health["lastSignIn"]?["message"] as? String)?.contains("needs Entra ID P1") == true)
      #expect((health["mfa"]?["needs"] as? [String: Any])?["licence"] as? String != nil)
      #expect(health["state"]?["status"] as? String == "shown" && health["devices"]?["status"] as? String == "shown")
    }
  }

  @Test func notOnePartAllowedExitsFiveAndUsageMistakesTwo() async throws {
    let basic = "openid profile offline_access User.Read User.ReadBasic.All"
    try await SigninsCommandTests.withRoster(scopes: basic) { roster in
      let upn = Self.directory.users[1].userPrincipalName
      let run = try await roster.run(["show", upn, "--health", "--json"])
      #expect(run.status == 5, "\(run.stderr)")
      let health = try Self.health(run.stdout)
      #expect(health["state"]?["status"] as? String == "notAsked")
      #expect(health["state"]?["missing"] as? [String] == ["User.Read.All"])
      #expect(try await roster.run(["show", upn, "--health", "--vcard"]).status == 2)
    }
  }

  /// `roster doctor` lists each ops part: available with its scopes (and what Graph also wants),
  /// or what it lacks.
  @Test func doctorListsWhichOpsPartsTheScopesAllow() async throws {
    let reader = "openid profile offline_access User.Read User.Read.All"
    try await SigninsCommandTests.withRoster(scopes: reader) { roster in
      let (_, checks) = try await ShipCommandTests.doctor(roster)
      #expect(ShipCommandTests.status(checks["Ops: account state"]) == "ok", "\(checks.keys.sorted())")
      let lastSignIn = checks["Ops: last sign-in"]
      #expect(ShipCommandTests.status(lastSignIn) == "note")
      let summary = lastSignIn?["summary"] as? String ?? ""
      #expect(summary.contains("lacks AuditLog.Read.All") && summary.contains("Reports Reader"), "\(summary)")
      #expect(summary.contains("P1"))
    }
  }
}
