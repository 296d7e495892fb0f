import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// The fixes of issue 45 through the built binary against the sandbox: each command's success and
/// undo sentence, `--dry-run` sending nothing, no `--yes` without a terminal refused, a display
/// name refused, the sandbox's refusals (role, permission, dynamic group, accepted guest),
/// incremental consent, and the 0600 audit file with one line per attempt and no secret.
@Suite(.serialized) struct FixCommandTests {
  /// What an operator signs in with before any write: reads only. The writes' own permissions
  /// are added by the commands (`WriteConsent`) or, in `userWrites`, signed in with.
  static let readScopes = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All"
  static let userWrites = readScopes + " User.RevokeSessions.All User.EnableDisableAccount.All User.Invite.All"

  static func withOperator(
    scopes: String = userWrites, roles: [String] = SandboxConfiguration.fixOperatorRoles,
    configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(
      scopes: scopes,
      configure: {
        $0.operatorRoles = roles
        configure(&$0)
      }, body)
  }

  static func audit(_ harness: SandboxHarness) -> URL {
    harness.directory.url.appendingPathComponent("state/roster/writes.jsonl")
  }

  static func records(_ harness: SandboxHarness) throws -> [[String: Any]] {
    let text = (try? String(contentsOf: audit(harness), encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func revokeDryRunRefusalsThenTheWriteAndItsRecord() async throws {
    let targets = try FixTargets()
    let upn = targets.plain.userPrincipalName
    try await Self.withOperator { roster, harness in
      try await harness.clearRequests()
      let dry = try await roster.run(["revoke", upn, "--dry-run"])
      #expect(dry.status == 0 && dry.stdout.hasPrefix("POST "), "\(dry.stderr)")
      #expect(dry.stdout.contains("/v1.0/users/\(targets.plain.id)/revokeSignInSessions"))
      #expect(!dry.stdout.contains("Bearer") && dry.stderr.contains("nothing was sent"))
      let unconfirmed = try await roster.run(["revoke", upn])
      #expect(unconfirmed.status == 7 && unconfirmed.stderr.contains("--yes"), "\(unconfirmed.stderr)")
      let named = try await roster.run(["revoke", targets.plain.displayName ?? "", "--yes"])
      #expect(named.status == 2 && named.stderr.contains(upn), "\(named.stderr)")
      #expect(try await harness.requests(pathPrefix: "/v1.0/users/\(targets.plain.id)/revokeSignInSessions").isEmpty)
      #expect(!FileManager.default.fileExists(atPath: Self.audit(harness).path), "only real attempts are recorded")

      let done = try await roster.run(["revoke", upn, "--yes"])
      #expect(done.status == 0 && done.stdout.contains("Revoked the sign-in sessions of"), "\(done.stderr)")
      #expect(done.stdout.contains("cannot be undone") && done.stdout.contains("request-id"))
      let attributes = try FileManager.default.attributesOfItem(atPath: Self.audit(harness).path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
      let lines = try Self.records(harness)
      #expect(lines.count == 1 && lines[0]["action"] as? String == "revoke" && lines[0]["outcome"] as? String == "ok")
      #expect(
        lines[0]["targetId"] as? String == targets.plain.id && (lines[0]["requestId"] as? String)?.isEmpty == false)
      let history = try await roster.run(["history", "--writes"])
      #expect(history.status == 0 && history.stdout.contains("revoke") && history.stdout.contains(upn))
      let json = try await roster.run(["history", "--writes", "--json"])
      #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 1)
    }
  }

  @Test func disableThenEnableSayHowToUndoAndASyncedAccountIsRefused() async throws {
    let targets = try FixTargets()
    try await Self.withOperator { roster, harness in
      let disabled = try await roster.run(["disable", targets.plain.id, "--yes"])
      #expect(disabled.status == 0 && disabled.stdout.contains("roster enable"), "\(disabled.stderr)")
      let enabled = try await roster.run(["enable", targets.plain.userPrincipalName, "--yes"])
      #expect(enabled.status == 0 && enabled.stdout.contains("roster disable"), "\(enabled.stderr)")
      let synced = try await roster.run(["disable", targets.synced.userPrincipalName, "--yes"])
      #expect(synced.status == 6 && synced.stderr.contains("on-premises Active Directory"), "\(synced.stderr)")
      // Refused from what the look-up read: nothing sent, so nothing recorded.
      #expect(try Self.records(harness).map { $0["outcome"] as? String } == ["ok", "ok"])
    }
  }

  @Test func rolesDecideWhomAnOperatorMayTouch() async throws {
    let targets = try FixTargets()
    try await Self.withOperator(roles: []) { roster, _ in
      let refused = try await roster.run(["revoke", targets.plain.userPrincipalName, "--yes"])
      #expect(refused.status == 6 && refused.stderr.contains("Helpdesk Administrator"), "\(refused.stderr)")
    }
    try await Self.withOperator { roster, _ in
      let admin = try await roster.run(["revoke", targets.globalAdmin.userPrincipalName, "--yes"])
      #expect(admin.status == 6, "\(admin.stderr)")
      #expect(admin.stderr.contains("Privileged Authentication Administrator or Global Administrator"))
    }
  }

  @Test func reinviteSendsToAPendingGuestOnly() async throws {
    let targets = try FixTargets()
    try await Self.withOperator { roster, _ in
      let sent = try await roster.run(["reinvite", targets.pendingGuest.id, "--yes"])
      #expect(sent.status == 0 && sent.stdout.contains("invitation"), "\(sent.stderr)")
      let accepted = try await roster.run(["reinvite", targets.acceptedGuest.id, "--yes"])
      #expect(accepted.status == 6 && accepted.stderr.contains("accepted"), "\(accepted.stderr)")
    }
  }

  @Test func groupMembershipWithConsentAskedOnceAndADynamicGroupRefused() async throws {
    let targets = try FixTargets()
    let group = targets.normalGroup.id
    try await Self.withOperator(scopes: Self.readScopes) { roster, harness in
      let added = try await roster.run(["groups", "add", group, targets.plain.userPrincipalName, "--yes"])
      #expect(added.status == 0 && added.stdout.contains("roster groups remove"), "\(added.stderr)")
      #expect(added.stderr.contains("Added GroupMember.ReadWrite.All"), "the first write asks for the permission")
      let cache = try String(
        contentsOf: harness.directory.url.appendingPathComponent("state/roster/tokens-default.json"), encoding: .utf8)
      #expect(cache.contains("GroupMember.ReadWrite.All"))
      // Asked again, it holds already: exit 0, so a script that ensures membership succeeds.
      let again = try await roster.run(["groups", "add", group, targets.plain.userPrincipalName, "--yes"])
      #expect(again.status == 0 && again.stdout.contains("is a member of") && again.stdout.contains("already"))
      let removed = try await roster.run(["groups", "remove", group, targets.plain.userPrincipalName, "--yes"])
      #expect(removed.status == 0 && removed.stdout.contains("roster groups add"), "\(removed.stderr)")
      #expect(!removed.stderr.contains("Added"), "the next write does not ask again")
      let gone = try await roster.run(["groups", "remove", group, targets.plain.userPrincipalName, "--yes"])
      #expect(gone.status == 0 && gone.stdout.contains("is not a member"), "\(gone.stderr)")
      let dynamic = try await roster.run([
        "groups", "add", targets.dynamicGroup.id, targets.plain.userPrincipalName, "--yes",
      ])
      #expect(dynamic.status == 6 && dynamic.stderr.contains("by rule"), "\(dynamic.stderr)")
    }
  }

  @Test func aPermissionTheTenantWithholdsIsASentenceAndExitFive() async throws {
    let targets = try FixTargets()
    try await Self.withOperator(
      scopes: Self.readScopes, configure: { $0.withheldPermissions = ["GroupMember.ReadWrite.All"] }
    ) { roster, harness in
      let run = try await roster.run(["groups", "add", targets.normalGroup.id, targets.plain.id, "--yes"])
      #expect(run.status == 5 && run.stderr.contains("GroupMember.ReadWrite.All"), "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: Self.audit(harness).path), "nothing was sent")
    }
  }
}

/// The fixes that need permissions only the write sandbox knows by name (TAP) and the demo.
@Suite(.serialized) struct FixPassCommandTests {
  @Test func aPassIsPrintedOnceAndKeptNowhere() async throws {
    let targets = try FixTargets()
    try await FixCommandTests.withOperator(
      scopes: FixCommandTests.readScopes + " UserAuthenticationMethod.ReadWrite.All"
    ) { roster, harness in
      let run = try await roster.run(["tap", targets.plain.userPrincipalName, "--lifetime", "1h", "--once", "--yes"])
      #expect(run.status == 0, "\(run.stderr)")
      let pass = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(!pass.isEmpty && !pass.contains(" ") && run.stdout.split(separator: "\n").count == 1)
      #expect(!run.stderr.contains(pass) && run.stderr.contains("usable once"))
      let state = harness.directory.url.appendingPathComponent("state/roster")
      for file in try FileManager.default.contentsOfDirectory(atPath: state.path) {
        let text = (try? String(contentsOf: state.appendingPathComponent(file), encoding: .utf8)) ?? ""
        #expect(!text.contains(pass), "the pass is in \(file)")
      }
      #expect(try FixCommandTests.records(harness).first?["action"] as? String == "tap")
    }
    try await FixCommandTests.withOperator(
      scopes: FixCommandTests.readScopes + " UserAuthenticationMethod.ReadWrite.All",
      configure: { $0.temporaryAccessPass = false }
    ) { roster, _ in
      let refused = try await roster.run(["tap", targets.plain.id, "--yes"])
      #expect(refused.status == 6 && refused.stderr.contains("Temporary Access Pass policy"), "\(refused.stderr)")
    }
  }

  @Test func theDemoShowsTheFixes() async throws {
    try await CommandLineCommandTests.asNewUser("roster-fix-demo") { roster in
      let found = try await roster.run(["search", "--demo", "--json", "a"])
      let people = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
      let upn = try #require(
        people.first { ($0["userType"] as? String) != "Guest" }?["userPrincipalName"] as? String)
      let dry = try await roster.run(["--demo", "revoke", upn, "--dry-run"])
      #expect(dry.status == 0 && dry.stdout.contains("revokeSignInSessions"), "\(dry.stderr)")
      let done = try await roster.run(["--demo", "revoke", upn, "--yes"])
      #expect(done.status == 0 || done.status == 6, "\(done.stderr)")
      #expect(!done.stderr.contains("needs the delegated permission"), "the demo signs in with the write permissions")
    }
  }
}
