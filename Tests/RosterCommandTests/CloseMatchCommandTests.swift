import Foundation
import RosterCore
import TestSupport
import Testing

/// Close matches through the built binary: `search --close` (table divider, `closeMatch` in JSON
/// and CSV), nothing without the flag, and `query` offering them only when nothing is exact.
@Suite(.serialized) struct CloseMatchCommandTests {
  @Test func searchMarksCloseMatchesAndQueryOffersThemOnlyWhenNothingIsExact() async throws {
    try await SandboxHarness.with(configure: {
      $0.size = 600
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"])
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      #expect(try await roster.run(["index", "sync"]).status == 0)

      // Someone with a two-word ASCII name and a surname long enough to misspell.
      let listed = try await roster.run(["search", "--offline", "--json", "--top", "200", "a"])
      let people = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
      let chosen = try #require(
        people.first { person in
          let words = (person["displayName"] as? String ?? "").split(separator: " ")
          return words.count == 2 && words[1].count >= 5 && words.joined().allSatisfy(\.isASCII)
            && person["mail"] is String
        })
      let name = try #require(chosen["displayName"] as? String)
      let mail = try #require(chosen["mail"] as? String)
      let words = name.split(separator: " ").map(String.init)
      var surname = Array(words[1])
      surname[2] = surname[2] == "x" ? "q" : "x"
      let misspelt = "\(words[0]) \(String(surname))"

      let plain = try await roster.run(["search", misspelt])
      #expect(plain.status == 0 && plain.stdout.isEmpty && plain.stderr.contains("No one matches"))

      let table = try await roster.run(["search", "--close", misspelt])
      #expect(table.status == 0, "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n").map(String.init)
      let divider = try #require(lines.firstIndex { $0.hasPrefix("-- close matches for") })
      let row = try #require(lines.firstIndex { $0.contains(mail) })
      #expect(divider < row, "\(table.stdout)")

      let json = try await roster.run(["search", "--close", "--json", misspelt])
      let marked = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
      #expect(marked.contains { $0["mail"] as? String == mail && $0["closeMatch"] as? Bool == true })
      #expect(marked.allSatisfy { $0["closeMatch"] as? Bool == true })

      // An exact query: every row marked exact, the person first.
      let exact = try await roster.run(["search", "--close", "--json", name])
      let exactRows = try #require(try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as? [[String: Any]])
      #expect(exactRows.first?["displayName"] as? String == name)
      #expect(exactRows.prefix { $0["closeMatch"] as? Bool == false }.count >= 1)

      let csv = try await roster.run(["search", "--offline", "--close", "--csv", misspelt])
      #expect(csv.stdout.hasPrefix("id,displayName") && csv.stdout.contains(",closeMatch\r\n"))
      #expect(csv.stdout.split(separator: "\r\n").contains { $0.contains(mail) && $0.hasSuffix(",true") })

      // mutt: the close match, said to be one, only because nothing matched exactly.
      let query = try await roster.run(["query", misspelt])
      #expect(query.status == 0, "\(query.stdout)")
      #expect(query.stdout.hasPrefix("roster: no exact match for '\(misspelt)'"))
      #expect(query.stdout.contains("\(mail)\t\(name)"))
      let exactQuery = try await roster.run(["query", name])
      #expect(exactQuery.status == 0 && !exactQuery.stdout.contains("close"))
      #expect(exactQuery.stdout.contains(mail))
    }
  }
}
