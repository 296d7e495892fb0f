import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// Issue 40 items 1, 8, 13 and 20 through the built binary: `show --health` states only what
/// Graph returned, and `Directory.Read.All` (the permission the refusal names) reads what
/// `User.Read.All` reads; the text names the sign-in clock it shows; the demo signs in with the
/// ops scopes, so `signins --failed` and the health section answer there; `doctor` checks the
/// permission free/busy needs.
@Suite(.serialized) struct HealthFactsCommandTests {
  static let withUserReadAll = SigninsCommandTests.opsScopes
  static let withDirectoryReadAll =
    "openid profile offline_access User.Read User.ReadBasic.All AuditLog.Read.All Directory.Read.All"

  /// The facts of the state that do not move with the sandbox's clock.
  static let steadyFacts = ["accountEnabled", "userType", "onPremisesSyncEnabled", "employeeId", "usageLocation"]

  @Test func directoryReadAllShowsTheFactsUserReadAllShows() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let full = harness.roster(state: "full", extra: ["ROSTER_SCOPES": Self.withUserReadAll])
      let directory = harness.roster(state: "directory", extra: ["ROSTER_SCOPES": Self.withDirectoryReadAll])
      for roster in [full, directory] {
        let login = try await roster.run(["login", "--device-code"])
        #expect(login.status == 0, "\(login.stderr)")
      }
      let members = SigninsCommandTests.directory.users.filter { $0.userType == "Member" && $0.accountEnabled }
      var sawSynced = false
      for user in members.prefix(6) {
        let byUser = try await full.run(["show", user.userPrincipalName, "--health", "--json"])
        let byDirectory = try await directory.run(["show", user.userPrincipalName, "--health", "--json"])
        #expect(byUser.status == 0 && byDirectory.status == 0, "\(byDirectory.stderr)")
        let expected = try HealthCommandTests.health(byUser.stdout)
        let health = try HealthCommandTests.health(byDirectory.stdout)
        #expect(health["state"]?["status"] as? String == "shown", "\(health["state"] ?? [:])")
        let state = try #require(health["state"]?["value"] as? [String: Any])
        let reference = try #require(expected["state"]?["value"] as? [String: Any])
        for fact in Self.steadyFacts {
          // Every property is written, a null as null: a key is never left out.
          #expect(state.keys.contains(fact), "\(fact) missing from \(state)")
          #expect("\(state[fact] ?? "absent")" == "\(reference[fact] ?? "absent")", "\(fact)")
        }
        if state["onPremisesSyncEnabled"] as? Bool == true { sawSynced = true }
        #expect(health["lastSignIn"]?["status"] as? String == expected["lastSignIn"]?["status"] as? String)
        let text = try await directory.run(["show", user.userPrincipalName, "--health"])
        let usage = (state["usageLocation"] as? String).map { "Usage location: \($0)" } ?? "Usage location: not set"
        #expect(text.stdout.contains(usage), "\(text.stdout)")
        let synced = state["onPremisesSyncEnabled"] as? Bool == true
        #expect(text.stdout.contains("Synced from on-premises AD") == synced, "\(text.stdout)")
        #expect(text.stdout.contains("Cloud-only") == !synced, "\(text.stdout)")
        #expect(!text.stdout.contains("unknown —"), "\(text.stdout)")
      }
      #expect(sawSynced, "one of the first members is synced from AD")
    }
  }

  @Test func theTextNamesEachSignInClockAndTheLogSaysWhichKindEachIs() async throws {
    try await SigninsCommandTests.withRoster { roster in
      let upn = SigninsCommandTests.directory.users[2].userPrincipalName
      let text = try await roster.run(["show", upn, "--health"])
      #expect(text.status == 0, "\(text.stderr)")
      for clock in [
        "Last successful sign-in (interactive or not):", "Last interactive sign-in attempt (moves on failures too):",
        "Last non-interactive sign-in attempt:",
      ] {
        #expect(text.stdout.contains(clock), "\(clock)\n\(text.stdout)")
      }
      let json = try await roster.run(["signins", upn, "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(rows.allSatisfy { $0["isInteractive"] is Bool }, "\(json.stdout)")
      let listed = try await roster.run(["signins", upn])
      let nonInteractive = rows.filter { $0["isInteractive"] as? Bool == false }.count
      let marked = listed.stdout.split(separator: "\n").filter { $0.contains(" · non-interactive · ") }.count
      #expect(marked == nonInteractive, "\(listed.stdout)")
    }
  }

  @Test func theDemoShowsTheOpsFeatures() async throws {
    try await CommandLineCommandTests.asNewUser("roster-demo-ops") { roster in
      let found = try await roster.run(["--demo", "search", "smith", "--json"])
      #expect(found.status == 0, "\(found.stderr)")
      let people = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
      let names = people.compactMap { $0["userPrincipalName"] as? String }
      #expect(!names.isEmpty)
      var failures: String?
      for name in names.prefix(8) where failures == nil {
        let run = try await roster.run(["--demo", "signins", name, "--failed"])
        #expect(run.status == 0, "\(run.stderr)")
        if run.stdout.contains("FAILED") { failures = run.stdout }
      }
      #expect(failures != nil, "one of the Smiths failed to sign in within 30 days")
      let health = try await roster.run(["--demo", "show", try #require(names.first), "--health", "--json"])
      #expect(health.status == 0, "\(health.stderr)")
      let parts = try HealthCommandTests.health(health.stdout)
      for part in ["state", "lastSignIn", "mfa", "licences", "devices"] {
        #expect(parts[part]?["status"] as? String == "shown", "\(part): \(parts[part] ?? [:])")
      }
    }
  }

  @Test func doctorChecksThePermissionFreeBusyNeeds() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let without = harness.roster(
        state: "without", extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"])
      let with = harness.roster(
        state: "with",
        extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All Calendars.ReadBasic"])
      for roster in [without, with] {
        let login = try await roster.run(["login", "--device-code"])
        #expect(login.status == 0, "\(login.stderr)")
      }
      let (_, lacking) = try await ShipCommandTests.doctor(without)
      let check = lacking["Scopes for free/busy"]
      #expect(ShipCommandTests.status(check) == "note", "\(lacking.keys.sorted())")
      #expect((check?["summary"] as? String ?? "").contains("roster free"))
      #expect((check?["fix"] as? String ?? "").contains("Calendars.ReadBasic"))
      let (_, holding) = try await ShipCommandTests.doctor(with)
      #expect(ShipCommandTests.status(holding["Scopes for free/busy"]) == "ok")
      #expect(holding["Scopes for free/busy"]?["summary"] as? String == "Calendars.ReadBasic")
    }
  }
}
