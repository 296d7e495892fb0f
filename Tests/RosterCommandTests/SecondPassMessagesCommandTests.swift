import Foundation
import TestSupport
import Testing

/// Issue 28 item 14 through the built binary: the smaller messages a new user meets on the
/// command line and in `roster doctor`, and what the default log keeps.
@Suite(.serialized) struct SecondPassMessagesCommandTests {
  @Test func aBadLogLevelPrintsTheSubcommandsUsage() async throws {
    let home = TemporaryDirectory(prefix: "roster-log-level")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let run = try await roster.run(["search", "--log-level", "verbose", "ada"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("--log-level must be debug, info or warning"), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: roster search"), "\(run.stderr)")
    #expect(!run.stderr.contains("roster [--demo"), "not the root's usage: \(run.stderr)")
  }

  @Test func loginWithADeviceCodeSaysTheInstructionOnce() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let login = try await harness.roster().run(["login", "--device-code"])
      #expect(login.status == 0, "\(login.stderr)")
      let told = login.stderr.components(separatedBy: "enter the code").count - 1
      #expect(told == 1, "the instruction once: \(login.stderr)")
    }
  }

  @Test func aBusyPortIsSaidPlainly() async throws {
    try await SandboxHarness.with { harness in
      let home = TemporaryDirectory(prefix: "roster-busy-port")
      defer { home.remove() }
      let roster = try CommandLineCommandTests.newUser(home.url)
      let run = try await roster.run(["sandbox", "--port", "\(harness.sandbox.port)"])
      #expect(run.status == 1, "\(run.stderr)")
      #expect(run.stderr.contains("port \(harness.sandbox.port) is already in use"), "\(run.stderr)")
      #expect(run.stderr.contains("choose another --port"), "\(run.stderr)")
      #expect(!run.stderr.contains("bind(") && !run.stderr.contains("errno"), "\(run.stderr)")
    }
  }

  /// Presence needs no administrator; a 0644 cache doctor's own reading repairs is "repaired
  /// now", not a failure; a moved-aside cache and a misspelt key are named.
  @Test func doctorSaysWhatIsTrue() async throws {
    try await CommandTests.withSignedInRoster(people: CommandTests.people) { _, _, harness in
      let cache = harness.stateDirectory.appendingPathComponent("tokens-default.json")
      chmod(cache.path, 0o644)
      let aside = harness.stateDirectory.appendingPathComponent("tokens-default.json.corrupt-20260101T000000Z")
      try Data("{".utf8).write(to: aside)
      let settings = harness.directory.url.appendingPathComponent("misspelt.plist")
      try PropertyListSerialization.data(
        fromPropertyList: ["clientID": "3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64", "searchMode": "search"], format: .xml,
        options: 0
      ).write(to: settings)
      let scopes = "openid profile offline_access User.Read User.Read.All"
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes, "ROSTER_CONFIG": settings.path])
      let doctor = try await roster.run(["doctor"])
      let lines = DoctorWrapCommandTests.checks(doctor.stdout)
      func line(_ name: String) -> String { lines.first { $0.contains(name) } ?? "(no \(name) line)" }

      let presence = line("Scopes for presence")
      #expect(!presence.contains("administrator") && presence.contains("Presence.Read.All"), "\(presence)")
      #expect(line("Scopes for groups").contains("administrator"), "groups do need one")
      let cacheLine = line("Token cache")
      #expect(cacheLine.contains("repaired now") && !cacheLine.contains("PROBLEM"), "\(doctor.stdout)")
      #expect(StateFilesCommandTests.mode(cache.path) == 0o600)
      #expect(line("Damaged token caches").contains(aside.path), "\(doctor.stdout)")
      let keys = line("Settings keys")
      #expect(keys.contains("“clientID” (did you mean “clientId”?)"), "\(doctor.stdout)")

      // Every command names the unknown key too (a warning; the command still runs).
      let status = try await roster.run(["status"])
      #expect(status.status == 0, "\(status.stderr)")
      #expect(status.stderr.contains("unknown key") && status.stderr.contains("clientID"), "\(status.stderr)")
    }
  }

  /// A person without a photo is the usual case: their photo's 404 is not a warning line.
  @Test func photoNotFoundIsNotAWarningInTheDefaultLog() async throws {
    let nora: [String: Any] = [
      "id": "20000000-0000-4000-8000-000000000003", "displayName": "Nora Without", "givenName": "Nora",
      "surname": "Without", "mail": "nora@contoso.test", "userPrincipalName": "nora@contoso.test", "hasPhoto": false,
    ]
    try await CommandTests.withSignedInRoster(people: CommandTests.people + [nora]) { roster, _, harness in
      let log = harness.stateDirectory.appendingPathComponent("roster.log")
      try? FileManager.default.removeItem(at: log)
      let card = try await roster.run(["show", "nora@contoso.test", "--vcard"])
      #expect(card.status == 0, "\(card.stderr)")
      let kept = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      #expect(!kept.contains("photo"), "the default log keeps no photo 404: \(kept)")

      let verbose = try await roster.run(["show", "nora@contoso.test", "--vcard", "--log-level", "info"])
      #expect(verbose.status == 0)
      let all = try String(contentsOf: log, encoding: .utf8)
      let photoLines = all.split(separator: "\n").filter { $0.contains("/photo") && $0.contains("404") }
      #expect(!photoLines.isEmpty, "the request was made and answered 404: \(all)")
      #expect(photoLines.allSatisfy { !$0.contains("warning") }, "\(photoLines)")
    }
  }
}
