import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `roster signins` without a person (issue 43 item 2) through the built binary against the
/// sandbox: the tenant's sign-ins grouped by cause, JSON and CSV ungrouped, `--follow` printing a
/// failure made after it started and ending on Ctrl-C with exit 0 — with the sandbox keeping
/// Graph's reports limit and no 429 met — each refusal on its own, and `--demo`.
@Suite(.serialized) struct SigninsTenantCommandTests {
  static let opsScopes = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  static let directory = Directory.generated(seed: 1, size: 50)

  static func withRoster(
    scopes: String = opsScopes, configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(scopes: scopes, configure: configure, body)
  }

  static func noTerminalControls(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" }
  }

  @Test func theTenantsFailuresAreGroupedByCauseWithWhoAndWhere() async throws {
    try await Self.withRoster { roster, harness in
      let person = Self.directory.users[5]
      let added = try await harness.call(
        "POST", "signins", ["user": person.userPrincipalName, "errorCode": 50053, "app": "Payroll"])
      #expect(added.status == 201, "\(added.json)")
      // The last hour by default: the failure just made is there, under its cause, with who and the app.
      let hour = try await roster.run(["signins", "--failed"])
      #expect(hour.status == 0, "\(hour.stderr)")
      #expect(hour.stdout.contains("Account locked after too many failed attempts"), "\(hour.stdout)")
      #expect(hour.stdout.contains("(AADSTS50053) — "))
      #expect(hour.stdout.contains(person.userPrincipalName) && hour.stdout.contains("Payroll"))
      #expect(hour.stdout.contains("198.51.100.7 (Oslo, Oslo, NO)"))

      let month = try await roster.run(["signins", "--failed", "--since", "30d"])
      #expect(month.status == 0, "\(month.stderr)")
      let headers = month.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") && !$0.isEmpty }
      #expect(headers.count > 3 && headers.allSatisfy { $0.contains("(AADSTS") && $0.contains(" sign-in") })
      let counts = headers.compactMap { line in
        line.components(separatedBy: " — ").last?.split(separator: " ").first.flatMap { Int($0) }
      }
      #expect(counts.count == headers.count && counts == counts.sorted(by: >), "largest cause first")
      #expect(!month.stdout.contains("Signed in"), "--failed lists no successes")
      #expect(Self.noTerminalControls(month.stdout))

      let everything = try await roster.run(["signins", "--since", "30d"])
      #expect(everything.status == 0 && everything.stdout.contains("Signed in — "), "without --failed, all")
    }
  }

  @Test func jsonAndCSVAreUngroupedNewestFirstWithGraphsNames() async throws {
    try await Self.withRoster { roster, _ in
      let json = try await roster.run(["signins", "--failed", "--since", "7d", "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(!rows.isEmpty)
      #expect(rows.allSatisfy { ($0["errorCode"] as? Int ?? 0) != 0 && $0["explanation"] is String })
      #expect(rows.allSatisfy { $0["userPrincipalName"] is String && $0["userId"] is String })
      let times = rows.compactMap { $0["createdDateTime"] as? String }
      #expect(times.count == rows.count && times == times.sorted(by: >))
      #expect(Set(rows.compactMap { $0["userId"] as? String }).count > 1, "everyone's, not one person's")
      #expect(Self.noTerminalControls(json.stdout))

      let csv = try await roster.run(["signins", "--failed", "--since", "7d", "--csv"])
      #expect(csv.status == 0 && csv.stdout.hasPrefix("createdDateTime,succeeded,errorCode,explanation"))
      #expect(csv.stdout.split(separator: "\r\n").first?.hasSuffix("userPrincipalName,userDisplayName,userId") == true)
      #expect(csv.stdout.split(separator: "\r\n").count == rows.count + 1)
    }
  }

  @Test func followPrintsAFailureMadeAfterItStartedAndCtrlCEndsItCleanly() async throws {
    try await Self.withRoster(configure: { $0.limits.reportsRequestsPerWindow = 5 }) { roster, harness in
      _ = try await harness.call("DELETE", "stats")
      let follow = try LiveRosterProcess(roster, ["signins", "--failed", "--follow", "--every", "10s"])
      let following = await follow.waitFor(stdout: false) { $0.contains("Following new failed sign-ins every 10 s") }
      #expect(following, "\(follow.stderr)")
      let person = Self.directory.users[7]
      let added = try await harness.call(
        "POST", "signins", ["user": person.userPrincipalName, "errorCode": 53003, "app": "Followed App"])
      #expect(added.status == 201)
      let shown = await follow.waitFor { $0.contains("Followed App") }
      #expect(shown, "stdout: \(follow.stdout) stderr: \(follow.stderr)")
      #expect(follow.stdout.contains("FAILED 53003: Blocked by Conditional Access"))
      #expect(follow.stdout.contains(person.userPrincipalName))

      // One that reaches the log two minutes late still shows, and the first is not shown twice.
      _ = try await harness.call(
        "POST", "signins", ["user": person.userPrincipalName, "app": "Late App", "secondsAgo": 120])
      let late = await follow.waitFor { $0.contains("Late App") }
      #expect(late, "\(follow.stdout)")
      #expect(follow.stdout.components(separatedBy: "Followed App").count == 2)

      follow.send(SIGINT)
      let ended = await follow.finish()
      #expect(ended.status == 0, "\(ended.stderr)")
      #expect(ended.stderr.contains("Stopped following sign-ins."))
      #expect(!ended.stderr.contains("throttling"))
      let stats = try await harness.call("GET", "stats")
      #expect(stats.json["throttled"] as? Int == 0, "no 429 while following: \(stats.json)")
    }
  }

  @Test func eachRefusalIsSaidOnItsOwn() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All Directory.Read.All") {
      roster, _ in
      let run = try await roster.run(["signins", "--failed"])
      #expect(run.status == 5 && run.stderr.contains("AuditLog.Read.All") && run.stdout.isEmpty, "\(run.stderr)")
      #expect(!run.stderr.contains("Directory.Read.All,"), "only what is missing is named")
    }
    try await Self.withRoster(configure: { $0.premium = false }) { roster, _ in
      let run = try await roster.run(["signins", "--failed", "--follow"])
      #expect(run.status == 5 && run.stderr.contains("Entra ID P1") && run.stdout.isEmpty, "\(run.stderr)")
    }
    try await Self.withRoster(configure: { $0.reportsReaders = [] }) { roster, _ in
      let run = try await roster.run(["signins"])
      #expect(run.status == 5 && run.stderr.contains("Reports Reader"), "\(run.stderr)")
    }
  }

  @Test func usageMistakesAreExitTwo() async throws {
    try await Self.withRoster { roster, _ in
      let fast = try await roster.run(["signins", "--follow", "--every", "2s"])
      #expect(fast.status == 2 && fast.stderr.contains("10s"), "\(fast.stderr)")
      let alone = try await roster.run(["signins", "--every", "30s"])
      #expect(alone.status == 2 && alone.stderr.contains("--follow"), "\(alone.stderr)")
    }
  }

  @Test func theDemoShowsTheTenantsFailures() async throws {
    try await CommandLineCommandTests.asNewUser("roster-signins-tenant-demo") { roster in
      let run = try await roster.run(["signins", "--demo", "--failed", "--since", "7d"])
      #expect(run.status == 0 && run.stdout.contains("(AADSTS") && run.stdout.contains(" sign-in"), "\(run.stderr)")
    }
  }
}
