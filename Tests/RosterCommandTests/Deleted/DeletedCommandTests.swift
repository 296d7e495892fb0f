import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `roster deleted` through the built binary against the sandbox (issue 43 item 5): the table,
/// JSON and CSV, NAME narrowing, and the exit codes (1 nothing matched NAME, 2 usage, 4 refused).
@Suite(.serialized) struct DeletedCommandTests {
  static let scopes =
    "openid profile offline_access User.Read User.Read.All Group.Read.All AuditLog.Read.All Directory.Read.All"

  static func withRoster(
    scopes: String = scopes, configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(scopes: scopes, configure: configure) { roster, _ in
      try await body(roster)
    }
  }

  @Test func listsPeopleAndGroupsNewestFirstInEveryFormat() async throws {
    try await Self.withRoster { roster in
      let table = try await roster.run(["deleted"])
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.contains("person") && table.stdout.contains("group") && table.stdout.contains("days left"))
      #expect(table.stdout.contains("unknown") && table.stdout.contains("days ago"))
      #expect(!table.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
      let json = try await roster.run(["deleted", "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(
        rows.allSatisfy { $0["daysLeft"] is Int && $0.keys.contains("deletedBy") && $0["deletedDateTime"] is String })
      let dates = rows.compactMap { $0["deletedDateTime"] as? String }
      #expect(dates == dates.sorted(by: >))
      let csv = try await roster.run(["deleted", "--groups", "--csv"])
      #expect(
        csv.status == 0 && csv.stdout.hasPrefix("kind,displayName,userPrincipalName,mail,deletedDateTime,daysLeft"))
      #expect(!csv.stdout.contains("person,"))
    }
  }

  @Test func aNameNarrowsAndNothingMatchingIsExitOne() async throws {
    try await Self.withRoster { roster in
      let found = try await roster.run(["deleted", "pri", "--people"])
      #expect(found.status == 0 && found.stdout.contains("Priya Raman"), "\(found.stderr)")
      #expect(found.stdout.contains("priya.raman@"), "the UPN is shown without Graph's id prefix")
      let none = try await roster.run(["deleted", "nobody by this name"])
      #expect(none.status == 1 && none.stderr.contains("starts so"), "\(none.stderr)")
      #expect(try await roster.run(["deleted", "--people", "--groups"]).status == 2)
      #expect(try await roster.run(["deleted", "--json", "--csv"]).status == 2)
    }
  }

  @Test func aRefusedPartIsSaidAndTheOtherStillListedWithExitFour() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster in
      let run = try await roster.run(["deleted"])
      #expect(
        run.status == 4 && run.stdout.contains("person") && run.stderr.contains("Group.Read.All"), "\(run.stderr)")
      #expect(run.stderr.contains("AuditLog.Read.All"))
    }
    try await Self.withRoster(configure: { $0.reportsReaders = [] }) { roster in
      let run = try await roster.run(["deleted"])
      #expect(run.status == 4 && run.stdout.isEmpty && run.stderr.contains("User Administrator"), "\(run.stderr)")
    }
  }

  @Test func theDemoShowsThem() async throws {
    try await CommandLineCommandTests.asNewUser("roster-deleted-demo") { roster in
      let run = try await roster.run(["deleted", "--demo"])
      #expect(run.status == 0 && run.stdout.contains("days left"), "\(run.stderr)")
    }
  }
}
