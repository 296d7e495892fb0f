import Foundation
import TestSupport
import Testing

/// `roster link chat|call|mail|portal PERSON` through the built binary with `--demo` (issue 31
/// item 4): the documented links on standard output, hostile directory text kept out of them,
/// and the exit codes of `roster show`.
@Suite(.serialized) struct LinkCommandTests {
  static let id = "7d5f0c2e-0000-4000-8000-0000000000a1"

  /// Ada, whose name and mail carry escape sequences, and someone without a mailbox.
  static func roster(in home: URL) throws -> RosterProcess {
    let people: [[String: Any]] = [
      [
        "id": id, "displayName": "Ada \u{1B}]8;;https://phish.example\u{07}Lovelace",
        "userPrincipalName": "ada@contoso.com", "mail": "ada+team@contoso.com",
      ],
      ["id": "b2", "displayName": "Salim Ali", "userPrincipalName": "salim@contoso.com"],
    ]
    let file = home.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    var environment = try CommandLineCommandTests.newUser(home).environment
    environment["ROSTER_DEMO_PEOPLE"] = file.path
    return RosterProcess(environment: environment)
  }

  @Test func printsTheDocumentedLinks() async throws {
    let home = TemporaryDirectory(prefix: "roster-link")
    defer { home.remove() }
    let roster = try Self.roster(in: home.url)
    let expected: [([String], String)] = [
      (["chat"], "https://teams.microsoft.com/l/chat/0/0?users=ada@contoso.com"),
      (["call"], "https://teams.microsoft.com/l/call/0/0?users=ada@contoso.com"),
      (["call", "--video"], "https://teams.microsoft.com/l/call/0/0?users=ada@contoso.com&withVideo=true"),
      (["mail"], "mailto:ada+team@contoso.com"),
      (
        ["portal"],
        "https://entra.microsoft.com/#view/Microsoft_AAD_UsersAndTenants/UserProfileMenuBlade/~/overview/userId/\(Self.id)"
      ),
    ]
    for (arguments, url) in expected {
      let run = try await roster.run(["link", "--demo", arguments[0], "ada@contoso.com"] + arguments.dropFirst())
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(run.stdout == url + "\n", "\(arguments)")
    }
  }

  @Test func exitCodesAndMessages() async throws {
    let home = TemporaryDirectory(prefix: "roster-link")
    defer { home.remove() }
    let roster = try Self.roster(in: home.url)
    let noMail = try await roster.run(["link", "--demo", "mail", "salim@contoso.com"])
    #expect(noMail.status == 1 && noMail.stdout.isEmpty)
    #expect(noMail.stderr.contains("Salim Ali has no mail address"), "\(noMail.stderr)")
    let nobody = try await roster.run(["link", "--demo", "chat", "nobody@contoso.com"])
    #expect(nobody.status == 1 && nobody.stderr.contains("No one in the directory"), "\(nobody.stderr)")
    let video = try await roster.run(["link", "--demo", "chat", "ada@contoso.com", "--video"])
    #expect(video.status == 2 && video.stderr.contains("--video goes with call"))
    let unknown = try await roster.run(["link", "--demo", "fax", "ada@contoso.com"])
    #expect(unknown.status == 2)
    let key = try await roster.run(["link", "--demo", "chat", "a b"])
    #expect(key.status == 2 && key.stderr.contains("roster link takes"))
  }
}
