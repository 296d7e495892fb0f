import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `roster mfa --missing` through the built binary against the sandbox (issue 43 item 3): the
/// table, JSON and CSV, administrators first, `--members`/`--guests`, each refusal on its own
/// (permission, role, licence) with exit 5, and the demo.
@Suite(.serialized) struct MfaCommandTests {
  static let scopes = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All"

  static func withRoster(
    scopes: String = scopes, configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess) async throws -> Void
  ) async throws {
    try await SandboxHarness.withSignedInRoster(
      scopes: scopes,
      configure: {
        $0.size = 2_000
        configure(&$0)
      }
    ) { roster, _ in try await body(roster) }
  }

  static func hostile(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" }
  }

  @Test func administratorsFirstInTheTableJSONAndCSV() async throws {
    try await Self.withRoster { roster in
      let table = try await roster.run(["mfa", "--missing"])
      #expect(table.status == 0, "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("Name") == true && lines.first?.contains("Methods registered") == true)
      #expect(table.stderr.contains("without MFA registered") && table.stderr.contains("administrators"))
      #expect(!Self.hostile(table.stdout))
      let json = try await roster.run(["mfa", "--missing", "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(rows.count == lines.count - 1, "the table and the JSON list the same people")
      #expect(rows.allSatisfy { $0["isMfaRegistered"] as? Bool == false && $0["methodsRegistered"] is [Any] })
      let admin = rows.map { $0["isAdmin"] as? Bool == true }
      let firstOther = try #require(admin.firstIndex(of: false))
      #expect(firstOther > 0 && !admin[firstOther...].contains(true), "administrators first")
      #expect(rows.allSatisfy { $0.keys.contains("userPreferredMethodForSecondaryAuthentication") })
      let csv = try await roster.run(["mfa", "--missing", "--csv"])
      #expect(
        csv.status == 0 && csv.stdout.hasPrefix("userDisplayName,userPrincipalName,isAdmin,methodsRegistered,"))
      #expect(csv.stdout.split(separator: "\r\n").count == rows.count + 1)
      #expect(!Self.hostile(json.stdout) && !Self.hostile(csv.stdout))
    }
  }

  @Test func guestsOnlyAndUsage() async throws {
    try await Self.withRoster { roster in
      let guests = try await roster.run(["mfa", "--missing", "--guests", "--json"])
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(guests.stdout.utf8)) as? [[String: Any]])
      #expect(!rows.isEmpty && rows.allSatisfy { $0["userType"] as? String == "guest" })
      #expect(try await roster.run(["mfa"]).status == 2)
      #expect(try await roster.run(["mfa", "--missing", "--members", "--guests"]).status == 2)
      #expect(try await roster.run(["mfa", "--missing", "--json", "--csv"]).status == 2)
    }
  }

  @Test func eachRefusalOnItsOwnIsExitFiveWithASentence() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster in
      let run = try await roster.run(["mfa", "--missing"])
      #expect(run.status == 5 && run.stdout.isEmpty && run.stderr.contains("AuditLog.Read.All"), "\(run.stderr)")
      // The rest still works: another list with the same sign-in.
      #expect(try await roster.run(["deleted", "--people"]).status == 0)
    }
    try await Self.withRoster(configure: { $0.reportsReaders = [] }) { roster in
      let run = try await roster.run(["mfa", "--missing"])
      #expect(run.status == 5 && run.stderr.contains("Reports Reader"), "\(run.stderr)")
      #expect(try await roster.run(["search", "a"]).status == 0)
    }
    try await Self.withRoster(configure: { $0.premium = false }) { roster in
      let run = try await roster.run(["mfa", "--missing", "--json"])
      #expect(run.status == 5 && run.stderr.contains("Entra ID P1"), "\(run.stderr)")
      #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "the JSON is still valid")
      #expect(try await roster.run(["search", "a"]).status == 0)
    }
  }

  @Test func notSignedInIsExitThree() async throws {
    try await SandboxHarness.with { harness in
      let run = try await harness.roster(extra: ["ROSTER_SCOPES": Self.scopes]).run(["mfa", "--missing"])
      #expect(run.status == 3, "\(run.stderr)")
    }
  }

  /// A reader that has gone (`roster mfa --missing | head -1`, the pipe closed while pages are
  /// still coming): roster ends as any Unix tool does, by SIGPIPE, saying nothing on stderr.
  /// `FileHandle.write` trapped here with a half-minute backtrace. The pipe's reading end is
  /// closed before roster starts, so its first write meets it — no race with a reader.
  @Test func aReaderThatHasGoneEndsItQuietly() async throws {
    try await CommandLineCommandTests.asNewUser("roster-mfa-pipe") { roster in
      let binary = try #require(RosterBinary.url?.path)
      let python = RosterProcess(executable: "/usr/bin/python3", environment: roster.environment)
      let script = """
        import os, subprocess, sys
        r, w = os.pipe()
        os.close(r)
        done = subprocess.run([sys.argv[1], "mfa", "--missing", "--demo"], stdout=w, stderr=subprocess.PIPE)
        print(done.returncode)
        sys.stdout.write(done.stderr.decode())
        """
      let run = try await python.run(["-c", script, binary])
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.first == "-13", "ended by SIGPIPE: \(run.stdout) \(run.stderr)")
      #expect(lines.count == 1, "nothing on stderr: \(run.stdout)")
    }
  }

  @Test func theDemoListsThem() async throws {
    try await CommandLineCommandTests.asNewUser("roster-mfa-demo") { roster in
      let run = try await roster.run(["mfa", "--missing", "--demo"])
      #expect(run.status == 0 && run.stdout.contains("Methods registered"), "\(run.stderr)")
    }
  }
}
