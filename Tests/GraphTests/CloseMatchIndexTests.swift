import Foundation
import Graph
import Index
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

/// Close matches and the ranking as the local index answers them, on a synced sandbox directory.
@Suite struct CloseMatchIndexTests {
  /// What the list shows: the exact answer, then close matches when it is short of a screenful.
  static func listed(_ index: DirectoryIndex, _ query: String, screenful: Int = 20) throws -> (
    exact: [Person], close: [Person]
  ) {
    let exact = try index.search(query, limit: screenful)
    guard exact.count < screenful else { return (exact, []) }
    return (exact, try index.closeMatches(query, limit: screenful, wait: true)?.people ?? [])
  }

  @Test func misspeltNamesFindTheIntendedPersonInTheFirstFive() async throws {
    try await SandboxGraph.run(size: 2000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let everyone = try index.search("a", limit: 100_000) + (try index.search("e", limit: 100_000))
      try #require(everyone.count > 300)
      var random = SeededRandom(seed: 22)
      var cases: [(query: String, person: Person)] = []
      var kind = 0
      while cases.count < 50 {
        let person = everyone[Int(random.next() % UInt64(everyone.count))]
        guard let name = person.displayName?.string, let query = Misspelling.of(name, kind: kind) else { continue }
        cases.append((query, person))
        kind += 1
      }
      var found = 0
      for (query, person) in cases {
        let (exact, close) = try Self.listed(index, query)
        let firstFive = (exact + close).prefix(5)
        // A namesake is as good: the list cannot tell them apart either.
        if firstFive.contains(where: { $0.id == person.id || $0.displayName == person.displayName }) {
          found += 1
        } else {
          Issue.record("\"\(query)\" for \(person.displayName?.string ?? ""): \(firstFive.map(\.listed))")
        }
        // Never a close match that is an exact one, so never one above an exact one.
        let allExact = Set(try index.search(query, limit: 100_000).map(\.id))
        #expect(close.allSatisfy { !allExact.contains($0.id) }, "\(query)")
      }
      #expect(found >= 48, "\(found) of 50 misspelt names found in the first five")
      // The issue's own example, on a name of this directory.
      let named = try #require(everyone.first { ($0.displayName?.string.split(separator: " ").count ?? 0) == 2 })
      let parts = try #require(named.displayName?.string).split(separator: " ")
      let swapped =
        String(parts[1].prefix(2)) + String(parts[1].dropFirst(2).prefix(2).reversed())
        + String(parts[1].dropFirst(4))
      if swapped.lowercased() != parts[1].lowercased() {
        let result = try Self.listed(index, "\(parts[0]) \(swapped)")
        #expect(result.close.contains { $0.id == named.id } || result.exact.contains { $0.id == named.id })
      }
    }
  }

  @Test func theIndexRanksTheWholeAnswerNotAPage() async throws {
    try await SandboxGraph.run(size: 2000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      for query in ["a", "jo", "ma", "an", "s", "mar", "de la", "o'", "e a", "li"] {
        let whole = try index.search(query, limit: 100_000)
        #expect(whole.map(\.id) == PeopleRanking.ranked(whole, for: query).map(\.id), "\(query)")
        // A page is the start of the whole ranked answer: no one later ranks above its last row.
        for limit in [1, 7, 50] {
          #expect(
            try index.search(query, limit: limit).map(\.id) == Array(whole.prefix(limit)).map(\.id), "\(query) \(limit)"
          )
        }
        #expect(try index.search(query, limit: 5, offset: 3).map(\.id) == Array(whole.dropFirst(3).prefix(5)).map(\.id))
      }
    }
  }

  @Test func aDeltaKeepsTheOrderAndTheCloseMatches() async throws {
    try await SandboxGraph.run(size: 300) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      try await harness.harness.call("POST", "churn", ["count": 30])
      _ = try await fixture.sync(index)
      let whole = try index.search("a", limit: 100_000)
      #expect(whole.map(\.id) == PeopleRanking.ranked(whole, for: "a").map(\.id))
      let online = Set(try await harness.searchAll("a", pageSize: 999).map(\.id))
      #expect(Set(whole.map(\.id)) == online)
    }
  }
}

extension Person {
  fileprivate var listed: String { displayName?.string ?? id }
}
