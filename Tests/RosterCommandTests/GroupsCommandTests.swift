import Foundation
import TestSupport
import Testing

/// `roster groups …`, `roster show --member-of` and `roster query` for lists, through the built
/// binary against the sandbox's groups (issue 20): formats, exit codes, permissions, hostile
/// queries answered the same online and offline.
@Suite(.serialized) struct GroupsCommandTests {
  /// Signs `roster` in with `scopes` to a sandbox serving `GroupOrganisation`.
  static func withRoster(
    scopes: String = GroupOrganisation.groupScopes, _ body: (RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await GroupOrganisation.withSandbox(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      try await body(roster, harness)
    }
  }

  static func names(_ json: String) throws -> Set<String> {
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return Set(array.compactMap { $0["displayName"] as? String })
  }

  /// The same queries as the Graph client's test, with the same expected groups.
  static let hostile: [(String, Set<String>)] = [
    ("platform", ["Platform Team"]), ("PLATFORM team", ["Platform Team"]), ("on-call", ["SRE On-Call"]),
    ("oncall", ["SRE On-Call"]), ("\"quotes\"", ["R&D \"Quotes\" Crew"]), ("r&d", ["R&D \"Quotes\" Crew"]),
    ("&", []), ("zürich", ["R&D \"Quotes\" Crew"]), ("zurich", ["R&D \"Quotes\" Crew"]),
    ("ZÜRICH forschung", ["R&D \"Quotes\" Crew"]), ("研究", ["研究チーム 東京"]), ("東京", ["研究チーム 東京"]),
    ("チーム", ["研究チーム 東京"]), ("o'brien", ["O'Brien's Club"]), ("obrien", ["O'Brien's Club"]),
    ("loop", ["Loop A", "Loop B"]), ("\\", []), ("crew quotes", ["R&D \"Quotes\" Crew"]),
    ("chain escalation", ["Escalation Chain"]), ("pager", ["SRE On-Call"]), ("jürgen", []),
  ]

  @Test func hostileQueriesAnswerTheSameGroupsOnlineAndOffline() async throws {
    try await Self.withRoster { roster, _ in
      let sync = try await roster.run(["index", "sync"])
      #expect(sync.status == 0 && sync.stderr.contains("groups"), "\(sync.stderr)")
      for (query, expected) in Self.hostile {
        let online = try await roster.run(["groups", "search", query, "--json"])
        #expect(online.status == 0, "\(query): \(online.stderr)")
        #expect(try Self.names(online.stdout) == expected, "online \"\(query)\"")
        let offline = try await roster.run(["groups", "search", "--offline", "--json", "--", query])
        #expect(offline.status == 0, "\(query): \(offline.stderr)")
        #expect(try Self.names(offline.stdout) == expected, "offline \"\(query)\"")
      }
      let status = try await roster.run(["index", "status"])
      #expect(
        status.stdout.contains("Groups:    \(GroupOrganisation.groups.count) with their members"), "\(status.stdout)")
    }
  }

  @Test func showMembersPathsAndMemberOfInEveryFormat() async throws {
    try await Self.withRoster { roster, _ in
      let shown = try await roster.run(["groups", "show", "platform-team@contoso.test"])
      #expect(shown.status == 0, "\(shown.stderr)")
      #expect(shown.stdout.hasPrefix("Platform Team\n") && shown.stdout.contains("Kind         mail-enabled security"))
      #expect(shown.stdout.contains("Members      2") && shown.stdout.contains("Transitive   6"))
      #expect(shown.stdout.contains("Owners (1):\n  Olga Owner <olga.owner@contoso.test>"))
      let dynamic = try await roster.run(["groups", "show", "Sales Dynamic", "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(dynamic.stdout.utf8)) as? [String: Any])
      #expect(object["kind"] as? String == "security" && object["dynamic"] as? Bool == true)
      #expect(object["membershipRuleProcessingState"] as? String == "Paused")

      let paths = try await roster.run(["groups", "members", "Platform Team", "--path", "--csv"])
      #expect(paths.status == 0, "\(paths.stderr)")
      #expect(paths.stdout.hasPrefix("id,@odata.type,displayName,mail,userPrincipalName,path\r\n"))
      #expect(
        paths.stdout.contains(
          ",#microsoft.graph.user,Ivan Petrov,ivan.petrov@contoso.test,ivan.petrov@contoso.test,"
            + "Escalation Chain ∈ SRE On-Call ∈ Platform Team\r\n"))
      #expect(paths.stderr.contains("1 hidden from the address list"), "\(paths.stderr)")
      #expect(!paths.stdout.contains("Hedda"))

      let direct = try await roster.run(["groups", "members", "platform-team", "--json"])
      #expect(try Self.names(direct.stdout) == ["SRE On-Call", "Ana Lima"])

      let memberOf = try await roster.run(["show", "ivan.petrov@contoso.test", "--member-of", "--transitive", "--json"])
      #expect(memberOf.status == 0, "\(memberOf.stderr)")
      #expect(
        try Self.names(memberOf.stdout) == ["Escalation Chain", "SRE On-Call", "Platform Team", "O'Brien's Club"])
      let directOf = try await roster.run(["show", "ivan.petrov@contoso.test", "--member-of", "--csv"])
      #expect(directOf.stdout.hasPrefix("id,displayName,kind,mail,"))
      #expect(directOf.stdout.split(separator: "\r\n").count == 3)

      // Offline, after a sync: the same members and the same path.
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let offline = try await roster.run(["groups", "members", "Platform Team", "--path", "--csv", "--offline"])
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(Set(offline.stdout.split(separator: "\r\n")) == Set(paths.stdout.split(separator: "\r\n")))
      #expect(offline.stderr.contains("From the local index"))
    }
  }

  @Test func exitCodesAndPermissions() async throws {
    try await Self.withRoster { roster, harness in
      let missing = try await roster.run(["groups", "show", "no-such-group"])
      #expect(missing.status == 1 && missing.stderr.contains("No such group"), "\(missing.stderr)")
      let hidden = try await roster.run(["groups", "members", "Secret Board"])
      #expect(hidden.status == 4 && hidden.stderr.contains("Member.Read.Hidden"), "\(hidden.stderr)")
      let usage = try await roster.run(["groups", "search", "x", "--json", "--csv"])
      #expect(usage.status == 2)
      let signedOut = harness.roster(state: "nobody", extra: ["ROSTER_SCOPES": GroupOrganisation.groupScopes])
      #expect(try await signedOut.run(["groups", "search", "platform"]).status == 3)
    }
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster, _ in
      let denied = try await roster.run(["groups", "search", "platform"])
      #expect(denied.status == 4 && denied.stderr.contains("GroupMember.Read.All"), "\(denied.stderr)")
      #expect(denied.stderr.contains("administrator"))
      // People still work, and the index says why it keeps no groups.
      #expect(try await roster.run(["search", "ivan"]).status == 0)
      let sync = try await roster.run(["index", "sync"])
      #expect(sync.status == 0 && sync.stderr.contains("No groups kept"), "\(sync.stderr)")
      let status = try await roster.run(["index", "status"])
      #expect(status.stdout.contains("none kept: reading groups needs GroupMember.Read.All"), "\(status.stdout)")
      // mutt keeps working without group permissions.
      let query = try await roster.run(["query", "ivan"])
      #expect(query.status == 0 && query.stdout.contains("ivan.petrov@contoso.test"))
    }
  }

  @Test func consentWithdrawnLeavesNoGroupsOnDisk() async throws {
    try await Self.withRoster { roster, harness in
      #expect(try await roster.run(["index", "sync"]).status == 0)
      #expect(try await roster.run(["groups", "search", "--offline", "loop"]).status == 0)
      // The same person signs in again, and the administrator has withdrawn the group permission.
      let basic = harness.roster(extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"])
      #expect(try await basic.run(["login", "--device-code"]).status == 0)
      let offline = try await basic.run(["groups", "search", "--offline", "loop"])
      #expect(offline.status == 4 && offline.stderr.contains("GroupMember.Read.All"), "\(offline.stderr)")
      #expect(offline.stdout.isEmpty)
      let status = try await basic.run(["index", "status"])
      #expect(status.stdout.contains("none kept"), "\(status.stdout)")
      // People answer offline as before.
      #expect(try await basic.run(["search", "--offline", "ivan"]).stdout.contains("Ivan Petrov"))
    }
  }

  @Test func queryAnswersAListByItsMailAndExpandsIt() async throws {
    try await Self.withRoster { roster, _ in
      let list = try await roster.run(["query", "rnd-crew@contoso.test"])
      #expect(list.status == 0, "\(list.stderr)")
      #expect(list.stdout.contains("rnd-crew@contoso.test\tR&D \"Quotes\" Crew\tdistribution list\n"))
      let byName = try await roster.run(["query", "--format", "aerc", "crew"])
      #expect(byName.stdout == "rnd-crew@contoso.test\tR&D \"Quotes\" Crew\n")
      let expanded = try await roster.run(["query", "--expand", "--format", "aerc", "rnd-crew@contoso.test"])
      #expect(
        Set(expanded.stdout.split(separator: "\n").map(String.init))
          == ["juergen.gross@contoso.test\tJürgen Groß", "xiaoming.li@contoso.test\t李小明"])
    }
  }

  @Test func demoAnswersGroups() async throws {
    let roster = RosterProcess(environment: [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
    ])
    let found = try await roster.run(["groups", "search", "--demo", "platform", "--json"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(try Self.names(found.stdout).contains("Platform Team"))
  }
}
