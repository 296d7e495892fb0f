import Foundation
import TestSupport
import Testing

/// `roster org` and `roster search --columns` as a script runs them, against the sandbox: a small
/// org, walked by depth, cut by --limit, printed in the chosen columns.
@Suite(.serialized) struct OrgCommandTests {
  static func person(_ number: Int, _ name: String, manager: Int?, _ fields: [String: Any] = [:]) -> [String: Any] {
    var entry = SearchFilterCommandTests.person(number, name, fields)
    if let manager { entry["manager"] = String(format: "30000000-0000-4000-8000-%012d", manager) }
    return entry
  }

  static var people: [[String: Any]] {
    [
      person(1, "Ada Top", manager: nil, ["department": "Board", "city": "Oslo"]),
      person(2, "Bo Middle", manager: 1, ["department": "Sales"]),
      person(3, "Cy Middle", manager: 1, ["department": "Legal"]),
      person(4, "Di Bottom", manager: 2, ["department": "Sales", "city": "Bergen"]),
    ]
  }

  @Test func orgWalksTheSubtreeInTheChosenColumns() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      let all = try await roster.run(
        ["org", "ada.top@contoso.test", "--csv", "--columns", "level,displayName,manager,city"])
      #expect(all.status == 0, "\(all.stderr)")
      let lines = all.stdout.split(separator: "\r\n").map(String.init)
      #expect(lines.first == "level,displayName,manager,city")
      #expect(
        Set(lines.dropFirst()) == [
          "0,Ada Top,,Oslo", "1,Bo Middle,Ada Top,", "1,Cy Middle,Ada Top,", "2,Di Bottom,Bo Middle,Bergen",
        ])

      let shallow = try await roster.run(["org", "ada.top@contoso.test", "--depth", "1", "--json"])
      let array = try #require(try JSONSerialization.jsonObject(with: Data(shallow.stdout.utf8)) as? [[String: Any]])
      #expect(array.count == 3)

      let cut = try await roster.run(["org", "ada.top@contoso.test", "--limit", "2", "--csv"])
      #expect(cut.status == 0 && cut.stdout.split(separator: "\r\n").count == 3)
      #expect(cut.stderr.contains("Stopped at 2 people"))

      let nobody = try await roster.run(["org", "nobody@contoso.test"])
      #expect(nobody.status == 1)
      let badColumn = try await roster.run(["org", "ada.top@contoso.test", "--columns", "salary"])
      #expect(badColumn.status == 2 && badColumn.stderr.contains("no column 'salary'"))
    }
  }

  @Test func searchPrintsTheChosenColumnsWithTheManager() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      let found = try await roster.run(
        ["search", "dept:sales", "--csv", "--columns", "displayName,department,manager,city"])
      #expect(found.status == 0, "\(found.stderr)")
      let lines = found.stdout.split(separator: "\r\n").map(String.init)
      #expect(lines.first == "displayName,department,manager,city")
      #expect(Set(lines.dropFirst()) == ["Bo Middle,Sales,Ada Top,", "Di Bottom,Sales,Bo Middle,Bergen"])
    }
  }

  @Test func managerAndUnderWalkTheReportingTreeFromTheOnePersonTheNameFinds() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      func names(_ arguments: [String]) async throws -> [String] {
        let result = try await roster.run(["search"] + arguments + ["--csv", "--columns", "displayName"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\r\n").dropFirst().map(String.init).sorted()
      }
      #expect(try await names(["manager:ada"]) == ["Bo Middle", "Cy Middle"])
      #expect(try await names(["manager:\"Ada Top\" dept:sales"]) == ["Bo Middle"])
      #expect(try await names(["under:ada.top@contoso.test", "dept:sales"]) == ["Bo Middle", "Di Bottom"])
      #expect(try await names(["under:ada", "di"]) == ["Di Bottom"])
      let several = try await roster.run(["search", "manager:middle"])
      #expect(several.status == 2 && several.stderr.contains("could be several people: "), "\(several.stderr)")
    }
  }
}
