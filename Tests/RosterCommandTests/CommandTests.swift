import Foundation
import Sandbox
import TestSupport
import Testing

/// `roster search` and `roster show` as a script runs them: the built binary, signed in with
/// `roster login` against an in-process sandbox, output parsed back.
@Suite(.serialized) struct CommandTests {
  static var people: [[String: Any]] {
    HostilePeople.people + [
      [
        "id": "20000000-0000-4000-8000-000000000001", "displayName": "李小明", "givenName": "小明", "surname": "李",
        "mail": "xiaoming.li@contoso.test", "userPrincipalName": "xiaoming.li@contoso.test",
        "jobTitle": "Director, \"Special\" Projects", "department": "Strategy",
        "manager": "00000000-0000-4000-8000-000000000001",
      ],
      [
        "id": "20000000-0000-4000-8000-000000000002", "displayName": "Zed Specialist", "givenName": "Zed",
        "surname": "Specialist", "mail": "zed@contoso.test", "userPrincipalName": "zed@contoso.test",
        "jobTitle": "Analyst", "department": "Strategy", "manager": "20000000-0000-4000-8000-000000000001",
      ],
    ]
  }

  /// Starts a sandbox, signs the binary in, runs `body` with it and a signed-out one, stops the sandbox.
  static func withSignedInRoster(_ body: (RosterProcess, RosterProcess) async throws -> Void) async throws {
    try await withSignedInRoster(people: people) { roster, signedOut, _ in try await body(roster, signedOut) }
  }

  /// The same with the people served chosen by the caller, and the harness (for faults).
  static func withSignedInRoster(
    people: [[String: Any]], _ body: (RosterProcess, RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(people: people, configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let scopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"]
      let roster = harness.roster(extra: scopes)
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr) \(login.stdout)")
      try await body(roster, harness.roster(state: "nobody", extra: scopes), harness)
    }
  }

  @Test func searchAndShowAsScriptsUseThem() async throws {
    try await Self.withSignedInRoster { roster, signedOut in
      let header = "id,displayName,givenName,surname,mail,userPrincipalName,jobTitle,department\r\n"
      let none = try await roster.run(["search", "nobody-matches-this", "--csv"])
      #expect(none.status == 0)
      #expect(none.stdout == header)

      let special = try await roster.run(["search", "李小明", "--csv"])
      #expect(special.status == 0, "\(special.stderr)")
      #expect(
        special.stdout == header
          + "20000000-0000-4000-8000-000000000001,李小明,小明,李,xiaoming.li@contoso.test,xiaoming.li@contoso.test,"
          + "\"Director, \"\"Special\"\" Projects\",Strategy\r\n")

      let json = try await roster.run(["search", "spec", "--json"])
      let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(array.map { $0["displayName"] as? String } == ["Zed Specialist"])
      #expect(array.first?["jobTitle"] as? String == "Analyst")

      let table = try await roster.run(["search", "strategy", "zed", "--top", "5"])
      #expect(table.status == 0)
      let titled = try await roster.run(["search", "spec"])
      #expect(
        titled.stdout.hasPrefix("Name") && titled.stdout.contains("Job title") && titled.stdout.contains("Analyst"))
      // No one here has a title or department: the table leaves the two empty columns out.
      let plain = try await roster.run(["search", "bert"])
      #expect(
        plain.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
          == ["Name Mail", "Bert Ordinary bert@contoso.test"])
      let nobody = try await roster.run(["search", "nobody-matches-this"])
      #expect(nobody.status == 0 && nobody.stdout.isEmpty && nobody.stderr.contains("No one matches."))

      let listed = try await roster.run(["search", "case", "--all", "--top", "4", "--csv"])
      #expect(listed.stdout.split(separator: "\r\n").count == HostilePeople.cases.count + 1)

      // A table of the hostile names (CJK, emoji, controls): sanitised, and the mail column starts
      // at the same cell on every row.
      let hostile = try await roster.run(["search", "case", "--all"])
      #expect(hostile.status == 0)
      #expect(
        !hostile.stdout.contains("\u{1B}") && !hostile.stdout.contains("\u{0}") && !hostile.stdout.contains("\u{7}"))
      let rows = hostile.stdout.split(separator: "\n").map(String.init).filter { $0.contains("@contoso.test") }
      #expect(rows.count == HostilePeople.cases.count)
      let starts = Set(
        rows.compactMap { row in row.range(of: "case").map { TextColumns.cells(before: $0.lowerBound, in: row) } })
      #expect(starts.count == 1, "mail column starts at \(starts)")

      let shown = try await roster.run(["show", "xiaoming.li@contoso.test", "--json"])
      #expect(shown.status == 0, "\(shown.stderr)")
      let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
      #expect((detail["manager"] as? [String: Any])?["displayName"] as? String == "Ada Boss")
      #expect(
        (detail["directReports"] as? [[String: Any]])?.compactMap { $0["displayName"] as? String } == ["Zed Specialist"]
      )
      #expect(detail["department"] as? String == "Strategy")

      let text = try await roster.run(["show", "zed@contoso.test"])
      #expect(text.stdout.contains("Manager: 李小明 <xiaoming.li@contoso.test>"))
      #expect(text.stdout.contains("Direct reports: none"))

      #expect(try await roster.run(["show", "nobody@contoso.test"]).status == 1)
      let notSignedIn = try await signedOut.run(["search", "zed"])
      #expect(notSignedIn.status == 3)
      #expect(notSignedIn.stdout.isEmpty)
    }
  }
}

/// Terminal cells before an index, for checking column alignment.
enum TextColumns {
  static func cells(before index: String.Index, in line: String) -> Int {
    line[..<index].reduce(0) { count, character in
      guard let scalar = character.unicodeScalars.first else { return count }
      let value = scalar.value
      let wide =
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
        || (0xFF00...0xFF60).contains(value) || scalar.properties.isEmojiPresentation
      return count + (wide ? 2 : 1)
    }
  }
}
