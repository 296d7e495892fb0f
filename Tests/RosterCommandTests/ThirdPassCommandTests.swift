import Foundation
import TestSupport
import Testing

/// Issue 40's smaller command-line items, through the built binary as a new user meets them.
@Suite(.serialized) struct ThirdPassCommandTests {
  /// Item 25: a mistyped subcommand is answered with the one meant; a word near none is not.
  @Test func aMistypedSubcommandSuggestsTheOneMeant() async throws {
    try await CommandLineCommandTests.asNewUser("roster-typo") { roster in
      let typo = try await roster.run(["serach", "smith"])
      #expect(typo.status == 2, "\(typo.stderr)")
      #expect(typo.stderr.contains("Did you mean `roster search`?"), "\(typo.stderr)")
      let accounts = try await roster.run(["acounts"])
      #expect(accounts.status == 2 && accounts.stderr.contains("`roster accounts`"), "\(accounts.stderr)")
      let nothing = try await roster.run(["xyzzy"])
      #expect(nothing.status == 2, "\(nothing.stderr)")
      #expect(!nothing.stderr.contains("Did you mean"), "\(nothing.stderr)")
    }
  }

  /// Item 25: `status --demo` names no settings file, since the demo reads none.
  @Test func theDemosStatusNamesNoSettingsFile() async throws {
    try await CommandLineCommandTests.asNewUser("roster-demo-status") { roster in
      let status = try await roster.run(["status", "--demo"])
      #expect(status.status == 0, "\(status.stderr)")
      #expect(status.stdout.contains("Settings:  none (--demo uses its own sandbox tenant)"), "\(status.stdout)")
      #expect(!status.stdout.contains("settings.plist"), "\(status.stdout)")
    }
  }

  /// Item 25: `--b2c` after a subcommand and an unreadable `ROSTER_DEMO_NOW` are refused with a
  /// sentence, not ignored.
  @Test func flagsAndSettingsTheDemoCannotUseAreRefused() async throws {
    try await CommandLineCommandTests.asNewUser("roster-demo-refusals") { roster in
      let b2c = try await roster.run(["search", "--demo", "--b2c", "ada"])
      #expect(b2c.status == 2, "\(b2c.stderr)")
      #expect(b2c.stderr.contains("`roster --demo --b2c`") && b2c.stdout.isEmpty, "\(b2c.stderr)")
      let withClock = RosterProcess(environment: roster.environment.merging(["ROSTER_DEMO_NOW": "next tuesday"]) { $1 })
      let clock = try await withClock.run(["search", "--demo", "ada"])
      #expect(clock.status == 2, "\(clock.stderr)")
      #expect(clock.stderr.contains("ROSTER_DEMO_NOW must be an ISO 8601 instant"), "\(clock.stderr)")
      #expect(clock.stderr.contains("“next tuesday”"), "\(clock.stderr)")
    }
  }

  /// An id the sandbox gives the `<mail name>@contoso.onmicrosoft.com` alias (one in three, by
  /// FNV-1a of the id, as `DirectoryUser.proxyAddresses` does).
  static let aliasedID: String =
    (10...99).lazy.map { "40000000-0000-4000-8000-0000000000\($0)" }.first { id in
      id.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } % 3 == 0
    } ?? ""

  static var lookupPeople: [[String: Any]] {
    func person(_ n: Int, _ name: String, _ local: String, extra: [String: Any] = [:]) -> [String: Any] {
      let parts = name.split(separator: " ").map(String.init)
      return [
        "id": "40000000-0000-4000-8000-00000000000\(n)", "displayName": name, "givenName": parts[0],
        "surname": parts[1], "mail": "\(local)@contoso.test", "userPrincipalName": "\(local)@contoso.test",
      ].merging(extra) { $1 }
    }
    return [
      person(1, "Una Asker", "una.asker"),
      person(2, "Ada Lookup", "ada.lookup", extra: ["id": aliasedID, "employeeId": "100234"]),
      person(3, "Bo Twin", "bo.twin.one"), person(4, "Bo Twin", "bo.twin.two"), person(5, "Cy Single", "cy.single"),
    ]
  }

  /// Items 14 and 18: `show`, `link` and `org` find a person by an alias or an employee id as
  /// `search` does, and say so; `free` takes names (one person each, several refused with who they
  /// are), reads your own calendar too unless `--without-me`, and gives a person named twice one
  /// schedule.
  @Test func commandsFindPeopleAsSearchDoesAndFreeTakesNames() async throws {
    try await SandboxHarness.with(people: Self.lookupPeople, configure: { $0.approveAfter = .milliseconds(200) }) {
      harness in
      let scopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All Calendars.ReadBasic"]
      let roster = harness.roster(extra: scopes)
      #expect(try await roster.run(["login", "--device-code"]).status == 0)

      let byAlias = try await roster.run(["show", "ada.lookup@contoso.onmicrosoft.com"])
      #expect(byAlias.status == 0, "\(byAlias.stderr)")
      #expect(byAlias.stdout.contains("Ada Lookup"), "\(byAlias.stdout)")
      #expect(byAlias.stderr.contains("Found by alias smtp:ada.lookup@contoso.onmicrosoft.com"), "\(byAlias.stderr)")
      let byEmployeeID = try await roster.run(["show", "100234", "--json"])
      #expect(byEmployeeID.status == 0, "\(byEmployeeID.stderr)")
      #expect(byEmployeeID.stdout.contains("ada.lookup@contoso.test"))
      #expect(byEmployeeID.stderr.contains("Found by employee id 100234"), "\(byEmployeeID.stderr)")
      let link = try await roster.run(["link", "mail", "100234"])
      #expect(link.status == 0 && link.stdout.contains("ada.lookup@contoso.test"), "\(link.stderr)")
      let unknown = try await roster.run(["show", "999999"])
      #expect(unknown.status == 1 && unknown.stderr.contains("No one in the directory"), "\(unknown.stderr)")

      try await harness.clearRequests()
      let free = try await roster.run(["free", "cy single", "Ada Lookup", "ada.lookup@contoso.test", "--json"])
      #expect(free.status == 0, "\(free.stderr)")
      let report = try #require(try JSONSerialization.jsonObject(with: Data(free.stdout.utf8)) as? [String: Any])
      let addresses = (report["attendees"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String }
      #expect(
        addresses == ["una.asker@contoso.test", "cy.single@contoso.test", "ada.lookup@contoso.test"], "\(addresses)")
      let slots = report["slots"] as? [[String: Any]] ?? []
      #expect(
        slots.allSatisfy { !(($0["teamsMeeting"] as? String) ?? "").contains("una.asker") },
        "the asker organises the meeting: no attendee of it")
      let withoutMe = try await roster.run(["free", "cy single", "--without-me", "--json"])
      #expect(
        withoutMe.stdout.contains("cy.single@") && !withoutMe.stdout.contains("una.asker@"), "\(withoutMe.stdout)")

      let twins = try await roster.run(["free", "bo twin"])
      #expect(twins.status == 1, "\(twins.stderr)")
      #expect(
        twins.stderr.contains("names 2 people") && twins.stderr.contains("bo.twin.one@contoso.test")
          && twins.stderr.contains("bo.twin.two@contoso.test"), "\(twins.stderr)")
    }
  }

  /// Item 25: arguments are cleaned as a paste is: an escape sequence copied with a name is
  /// removed whole before anything is searched or said, and none reaches the terminal.
  @Test func argumentsAreCleanedAsPastesAre() async throws {
    try await CommandLineCommandTests.asNewUser("roster-argument-escapes") { roster in
      let clean = try await roster.run(["search", "--demo", "ana", "--top", "3", "--json"])
      let dirty = try await roster.run([
        "search", "--demo", "\u{1B}[31mana\u{1B}]52;c;ZXZpbA==\u{07}", "--top", "3", "--json",
      ])
      #expect(dirty.status == 0, "\(dirty.stderr)")
      #expect(dirty.stdout == clean.stdout && !clean.stdout.isEmpty)
      let shown = try await roster.run(["show", "--demo", "\u{1B}[2J\u{1B}]8;;http://x\u{07}"])
      #expect(shown.status == 2, "\(shown.stderr)")
      #expect(!(shown.stdout + shown.stderr).contains("\u{1B}"), "\(shown.stderr)")
    }
  }

  /// Item 25: nothing found is `[]`, as a script expects, not an opened and closed array.
  @Test func nothingFoundIsAnEmptyArray() async throws {
    try await CommandLineCommandTests.asNewUser("roster-empty-json") { roster in
      let none = try await roster.run(["search", "--demo", "zzzz", "--json"])
      #expect(none.status == 0, "\(none.stderr)")
      #expect(none.stdout == "[]\n", "\(none.stdout)")
    }
  }
}
