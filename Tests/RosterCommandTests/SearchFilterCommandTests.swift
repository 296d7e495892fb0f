import Foundation
import TestSupport
import Testing

/// `roster search` with `dept:`, `title:`, `is:` … as a script runs it: the built binary against the
/// sandbox, whose `$filter` engine applies Graph's rules (which operators need an advanced query),
/// so a clause Roster wrote wrongly fails here as it would against Graph.
@Suite(.serialized) struct SearchFilterCommandTests {
  static func person(_ number: Int, _ name: String, _ fields: [String: Any]) -> [String: Any] {
    let mail = name.lowercased().replacingOccurrences(of: " ", with: ".") + "@contoso.test"
    return [
      "id": String(format: "30000000-0000-4000-8000-%012d", number), "displayName": name,
      "givenName": String(name.split(separator: " ")[0]), "surname": String(name.split(separator: " ")[1]),
      "mail": mail, "userPrincipalName": mail,
    ].merging(fields) { $1 }
  }

  static var people: [[String: Any]] {
    [
      person(
        1, "Jo Seller", ["department": "Sales", "jobTitle": "Engineer, presales", "city": "Oslo", "country": "Norway"]),
      person(2, "Jo Clerk", ["department": "Sales", "jobTitle": "Account manager", "mobilePhone": "+47 555 0100"]),
      person(
        3, "Ann Builder",
        ["department": "Research & Development", "jobTitle": "Engineer", "companyName": "Contoso", "city": "Oslo"]),
      person(4, "Gus Visitor", ["userType": "Guest", "jobTitle": "Engineer", "department": "Sales"]),
      person(5, "Dee Gone", ["accountEnabled": false, "department": "Salesforce admin", "officeLocation": "B12"]),
    ]
  }

  private func names(_ result: RosterProcess.Output) throws -> [String] {
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return array.compactMap { $0["displayName"] as? String }.sorted()
  }

  @Test func filtersNarrowTheLiveSearchAsGraphWould() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      let both = try await roster.run(["search", "dept:Sales title:engineer", "--json"])
      #expect(both.status == 0, "\(both.stderr)")
      // Prefix, case-insensitive: "Salesforce admin" is in dept:Sales; Dee has no title.
      #expect(try names(both) == ["Gus Visitor", "Jo Seller"])

      #expect(try names(try await roster.run(["search", "jo", "dept:sales", "--json"])) == ["Jo Clerk", "Jo Seller"])
      #expect(try names(try await roster.run(["search", "jo has:mobile", "--json"])) == ["Jo Clerk"])
      #expect(try names(try await roster.run(["search", "is:guest", "--json"])) == ["Gus Visitor"])
      #expect(try names(try await roster.run(["search", "is:disabled", "--json"])) == ["Dee Gone"])
      #expect(try names(try await roster.run(["search", "city:oslo country:nor", "--json"])) == ["Jo Seller"])
      // Advanced-only in Graph: sent with ConsistencyLevel and $count, or the sandbox would refuse.
      #expect(try names(try await roster.run(["search", "company:contoso", "--json"])) == ["Ann Builder"])
      #expect(try names(try await roster.run(["search", "office:b1", "--json"])) == ["Dee Gone"])
      let quoted = try await roster.run(["search", #"dept:"Research & Development""#, "--json"])
      #expect(try names(quoted) == ["Ann Builder"])
      // A pasted URL is a word, not a filter: nobody's name holds it.
      let url = try await roster.run(["search", "https://contoso.test/jo", "--json"])
      #expect(url.status == 0, "\(url.stderr)")
      #expect(try names(url).isEmpty)
    }
  }

  /// With a synced index, `--offline` answers the same filters the same way (issue 32), and an
  /// employee id finds its owner on both paths, said beside the name, in JSON and in CSV.
  @Test func theIndexAnswersFiltersAndIdentifiersOffline() async throws {
    var people = Self.people
    people[2]["employeeId"] = "E-4711"
    try await CommandTests.withSignedInRoster(people: people) { roster, _, _ in
      #expect(try await roster.run(["index", "sync"]).status == 0)
      for question in [
        "dept:Sales title:engineer", "jo dept:sales", "jo has:mobile", "is:guest", "is:disabled",
        "city:oslo country:nor", "company:contoso", "office:b1",
      ] {
        let online = try names(try await roster.run(["search", question, "--json"]))
        let offline = try await roster.run(["search", "--offline", question, "--json"])
        #expect(offline.status == 0, "\(question): \(offline.stderr)")
        #expect(try names(offline) == online, "\(question)")
      }
      for extra in [[], ["--offline"]] {
        let table = try await roster.run(["search", "e-4711"] + extra)
        #expect(table.stdout.contains("Ann Builder (employee id E-4711)"), "\(extra): \(table.stdout)")
        let json = try await roster.run(["search", "E-4711", "--json"] + extra)
        #expect(json.stdout.contains("\"matchedIdentifier\" : \"employee id E-4711\""), "\(json.stdout)")
        let csv = try await roster.run(["search", "E-4711", "--csv"] + extra)
        #expect(csv.stdout.hasPrefix("id,displayName,") && csv.stdout.contains(",matchedIdentifier\r\n"))
      }
    }
  }

  @Test func malformedOrUnanswerableFiltersSaySoAndAnswerNothing() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      let empty = try await roster.run(["search", "dept:", "jo"])
      #expect(empty.status == 2 && empty.stdout.isEmpty)
      #expect(empty.stderr.contains("dept: needs a value"))
      let unknown = try await roster.run(["search", "is:robot"])
      #expect(unknown.status == 2 && unknown.stderr.contains("is: takes guest, member or disabled"))
      let nobody = try await roster.run(["search", "manager:zebedee", "--json"])
      #expect(nobody.status == 2 && nobody.stdout.isEmpty)
      #expect(nobody.stderr.contains("manager:zebedee: no one is called that."), "\(nobody.stderr)")
      let both = try await roster.run(["search", "manager:ann under:ann"])
      #expect(both.status == 2 && both.stderr.contains("Use one of manager: and under: at a time."))
    }
  }
}
