import Foundation
import TestSupport
import Testing

/// Issue 40 through the built binary against a sandbox tenant: `roster search --top N` prints the
/// first N of the documented order among everyone who matches (online and from the index alike),
/// and says on stderr how many it left out.
@Suite(.serialized) struct ThirdPassSearchCommandTests {
  static func names(_ output: RosterProcess.Output) throws -> [String] {
    let array = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    return array.map { $0["displayName"] as? String ?? "" }
  }

  @Test func topIsTheFirstOfTheWholeOrderAndTheRestIsSaid() async throws {
    try await SandboxHarness.with(configure: {
      $0.size = 600
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"])
      #expect(try await roster.run(["login", "--device-code"]).status == 0)

      let everyone = try await roster.run(["search", "a", "--all", "--json"])
      #expect(everyone.status == 0 && !everyone.stderr.contains("--all for the rest"), "\(everyone.stderr)")
      let order = try Self.names(everyone)
      #expect(order.count > 30, "a broad query: \(order.count)")

      let first = try await roster.run(["search", "a", "--top", "3", "--json"])
      #expect(try Self.names(first) == Array(order.prefix(3)), "\(first.stdout)")
      #expect(first.stderr.contains("roster: 3 of \(order.count) — --all for the rest."), "\(first.stderr)")
      let table = try await roster.run(["search", "a"])
      #expect(table.stderr.contains("25 of \(order.count) — --all for the rest."), "\(table.stderr)")

      // Everyone fits: nothing is said.
      let whole = try await roster.run(["search", "a", "--top", "999", "--json"])
      #expect(try Self.names(whole) == order && !whole.stderr.contains("for the rest"), "\(whole.stderr)")

      // The index gives the same first three, and says that more match.
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let offline = try await roster.run(["search", "--offline", "a", "--top", "3", "--json"])
      #expect(try Self.names(offline) == Array(order.prefix(3)), "\(offline.stdout)")
      #expect(offline.stderr.contains("3 shown; more match — --all for the rest."), "\(offline.stderr)")
      let offlineAll = try await roster.run(["search", "--offline", "a", "--all", "--json"])
      #expect(try Self.names(offlineAll) == order && !offlineAll.stderr.contains("for the rest"))

      // Item 21: one JSON shape whatever the source, absent values as null.
      func keys(_ output: RosterProcess.Output) throws -> Set<String> {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        let sets = Set(array.map { Set($0.keys) })
        #expect(sets.count == 1, "\(sets)")
        return sets.first ?? []
      }
      let fromGraph = try keys(first)
      #expect(
        fromGraph.isSuperset(of: ["id", "displayName", "mail", "companyName", "closeMatch", "matchedIdentifier"]))
      #expect(try keys(offline) == fromGraph)
      #expect(try keys(try await roster.run(["search", "--close", "a", "--top", "3", "--json"])) == fromGraph)
      #expect(
        try keys(try await roster.run(["search", "--offline", "--close", "a", "--top", "3", "--json"])) == fromGraph)

      // Item 17: a phone number in another form is looked up in the index, online too.
      let array = try #require(try JSONSerialization.jsonObject(with: Data(offlineAll.stdout.utf8)) as? [[String: Any]])
      let owner = try #require(array.first { (($0["businessPhones"] as? [String])?.first?.count ?? 0) >= 10 })
      let stored = try #require((owner["businessPhones"] as? [String])?.first)
      let digits = String(stored.filter(\.isNumber).suffix(8))
      let typed = "(" + digits.prefix(4) + ") " + digits.suffix(4)
      let byPhone = try await roster.run(["search", typed, "--json"])
      #expect(try Self.names(byPhone).contains(owner["displayName"] as? String ?? "-"), "\(typed): \(byPhone.stderr)")
      // Without an index Graph is asked, finds no one, and the reason is said.
      #expect(try await roster.run(["index", "forget"]).status == 0)
      let withoutIndex = try await roster.run(["search", typed])
      #expect(withoutIndex.status == 0 && withoutIndex.stdout.isEmpty, "\(withoutIndex.stdout)")
      #expect(
        withoutIndex.stderr.contains("Microsoft Graph cannot look up a phone number")
          && withoutIndex.stderr.contains("roster index sync"), "\(withoutIndex.stderr)")
    }
  }

  /// Two Charlottes with reports, and a third person, for `manager:` run through `--demo`.
  static func demoRoster(in home: URL) throws -> RosterProcess {
    let people = ManagerSyntaxPeople.people
    let file = home.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    var environment = try CommandLineCommandTests.newUser(home).environment
    environment["ROSTER_DEMO_PEOPLE"] = file.path
    return RosterProcess(environment: environment)
  }

  /// Item 15: a name with a space left unquoted is answered with the quoting that fixes it.
  @Test func anUnquotedNameWithASpaceIsToldToQuoteIt() async throws {
    let home = TemporaryDirectory(prefix: "roster-quote")
    defer { home.remove() }
    let roster = try Self.demoRoster(in: home.url)
    let unquoted = try await roster.run(["--demo", "search", "manager:charlotte williams"])
    #expect(unquoted.status == 2 && unquoted.stdout.isEmpty, "\(unquoted.stderr)")
    #expect(
      unquoted.stderr.contains("Quote a name with spaces: manager:\"Charlotte Williams\"."), "\(unquoted.stderr)")
    #expect(!unquoted.stderr.contains("Give more of the name"), "\(unquoted.stderr)")
    let quoted = try await roster.run(["--demo", "search", "manager:\"charlotte williams\"", "--json"])
    #expect(try Self.names(quoted) == ["Ravi Shah"], "\(quoted.stderr)")
    // Words that continue no one's name are words: the old advice stands.
    let other = try await roster.run(["--demo", "search", "manager:charlotte shah"])
    #expect(other.status == 2 && other.stderr.contains("Give more of the name, or their mail."), "\(other.stderr)")
  }

  /// Item 21: `show --json`'s reach gives the zone id, its UTC offset and ISO 8601 instants.
  @Test func theReachHasTheZoneAndInstantsBesideTheWords() async throws {
    let home = TemporaryDirectory(prefix: "roster-reach")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let found = try await roster.run(["--demo", "search", "emily", "--top", "1", "--json"])
    let person = try #require(
      (try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])?.first)
    let mail = try #require(person["userPrincipalName"] as? String)
    let shown = try await roster.run(["--demo", "show", mail, "--json"])
    let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    let reach = try #require(detail["reach"] as? [String: Any], "\(shown.stdout)")
    let zone = try #require(reach["zone"] as? [String: Any], "\(reach)")
    #expect(zone["id"] is String && zone["name"] is String, "\(zone)")
    let offset = try #require(zone["utcOffset"] as? String)
    #expect(offset.range(of: #"^[+-]\d\d:\d\d$"#, options: .regularExpression) != nil, "\(offset)")
    let iso = ISO8601DateFormatter()
    #expect(iso.date(from: zone["localTime"] as? String ?? "") != nil, "\(zone)")
    #expect(reach["localTime"] is String, "the words stay: \(reach)")
    // Every key is there, null when unknown.
    for key in ["presence", "outOfOffice", "statusMessage", "workingHours", "workingHoursToday", "today", "notes"] {
      #expect(reach.keys.contains(key), "\(key) in \(reach)")
    }
    if let today = reach["workingHoursToday"] as? [String: Any] {
      #expect(
        iso.date(from: today["start"] as? String ?? "") != nil && iso.date(from: today["end"] as? String ?? "") != nil)
    }
  }

  /// Item 17: the demo looks a phone number up in any form, as its list does.
  @Test func theDemoFindsAPhoneNumberInAnyForm() async throws {
    let home = TemporaryDirectory(prefix: "roster-phone")
    defer { home.remove() }
    let roster = try Self.demoRoster(in: home.url)
    for typed in ["+86 21 5555 5309", "(021) 5555-5309", "5555 5309"] {
      let found = try await roster.run(["--demo", "search", typed, "--json"])
      #expect(try Self.names(found) == ["Ravi Shah"], "\(typed): \(found.stderr)")
    }
  }
}
