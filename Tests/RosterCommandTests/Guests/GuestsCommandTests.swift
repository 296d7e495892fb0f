import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `roster guests --inactive` through the built binary against the sandbox (issue 43 item 4): the
/// table, JSON and CSV, each refusal on its own (permission, role, licence) with exit 5 while
/// other commands still work, usage, rows printed before Graph's last page, and the demo.
@Suite(.serialized) struct GuestsCommandTests {
  static let scopes = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All"

  static func withRoster(
    scopes: String = scopes, configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(
      scopes: scopes,
      configure: {
        $0.size = 600
        configure(&$0)
      }
    ) { roster, _ in try await body(roster) }
  }

  static func hostile(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" }
  }

  @Test func idleGuestsInTheTableJSONAndCSV() async throws {
    try await Self.withRoster { roster in
      let table = try await roster.run(["guests", "--inactive", "90d"])
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.hasPrefix("Name") && table.stdout.contains("Sponsors") && table.stdout.contains("never"))
      #expect(table.stdout.contains("days ago") && table.stdout.contains("accepted"))
      #expect(table.stderr.contains("idle for 90 days or more") && !Self.hostile(table.stdout))
      let json = try await roster.run(["guests", "--inactive", "90d", "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(!rows.isEmpty && rows.allSatisfy { $0["signInActivity"] is [String: Any] && $0["sponsors"] is [Any] })
      #expect(rows.allSatisfy { $0.keys.contains("externalUserState") && $0.keys.contains("createdDateTime") })
      let sponsors = rows.flatMap { $0["sponsors"] as? [[String: Any]] ?? [] }
      #expect(sponsors.contains { $0["@odata.type"] as? String == "#microsoft.graph.group" })
      let csv = try await roster.run(["guests", "--inactive", "90d", "--csv"])
      #expect(csv.status == 0 && csv.stdout.hasPrefix("displayName,mail,externalUserState,createdDateTime,"))
      #expect(csv.stdout.split(separator: "\r\n").count == rows.count + 1)
      #expect(!Self.hostile(json.stdout) && !Self.hostile(csv.stdout))
      #expect(try await roster.run(["guests", "--inactive", "3 months"]).status == 2)
      #expect(try await roster.run(["guests"]).status == 2)
    }
  }

  @Test func eachRefusalOnItsOwnIsExitFive() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster in
      let run = try await roster.run(["guests", "--inactive", "90d"])
      #expect(run.status == 5 && run.stdout.isEmpty && run.stderr.contains("AuditLog.Read.All"), "\(run.stderr)")
      #expect(try await roster.run(["search", "a"]).status == 0)
    }
    try await Self.withRoster(configure: { $0.reportsReaders = [] }) { roster in
      let run = try await roster.run(["guests", "--inactive", "90d"])
      #expect(run.status == 5 && run.stderr.contains("Reports Reader"), "\(run.stderr)")
      #expect(try await roster.run(["search", "a"]).status == 0)
    }
    try await Self.withRoster(configure: { $0.premium = false }) { roster in
      let run = try await roster.run(["guests", "--inactive", "90d"])
      #expect(run.status == 5 && run.stderr.contains("Entra ID P1"), "\(run.stderr)")
      #expect(try await roster.run(["search", "a"]).status == 0)
    }
  }

  /// Rows come as pages do: with Graph's second page of guests held (about 200 guests at 5% of
  /// 4,000 people, 120 a page), the first page's rows are on stdout while the command waits on
  /// it; released, the command ends with the rest. Events, not durations: the bounds only turn a
  /// hang into a failure.
  @Test func rowsArriveBeforeTheLastPage() async throws {
    try await SandboxHarness.with(configure: {
      $0.approveAfter = .milliseconds(200)
      $0.size = 4_000
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": Self.scopes])
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      try await harness.addFault(["match": "/v1.0/users", "kind": "hold", "after": 1])
      let live = try LiveRosterProcess(roster, ["guests", "--inactive", "90d", "--csv"])
      let rows = await live.waitFor { $0.components(separatedBy: "\r\n").count > 2 }
      var held = 0
      let bound = ContinuousClock.now + .seconds(60)
      while held == 0, ContinuousClock.now < bound {
        let rules = try await harness.call("GET", "faults").json["rules"] as? [[String: Any]]
        held = rules?.first?["held"] as? Int ?? 0
        if held == 0 { try await Task.sleep(for: .milliseconds(50)) }
      }
      let early = live.stdout
      #expect(rows && held >= 1, "rows while Graph's second page is held: \(live.stderr)")
      try await harness.clearFaults()
      let done = await live.finish()
      #expect(done.status == 0, "\(done.stderr)")
      #expect(done.stdout.hasPrefix(early) && done.stdout.count > early.count, "the later pages follow")
      #expect(done.stdout.components(separatedBy: "displayName,mail,").count == 2, "one header")
    }
  }

  @Test func theDemoListsThem() async throws {
    try await CommandLineCommandTests.asNewUser("roster-guests-demo") { roster in
      let run = try await roster.run(["guests", "--inactive", "90d", "--demo"])
      #expect(run.status == 0 && run.stdout.contains("Sponsors"), "\(run.stderr)")
    }
  }
}
