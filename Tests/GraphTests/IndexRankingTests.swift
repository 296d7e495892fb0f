import Foundation
import Index
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

/// Pages cut inside a crowded block: hundreds of people share their first eight letters
/// ("Abdulrahman …", as thousands do at a million people), arrive in no particular order, and a
/// delta adds more at the end of the block. Every page is the start of the whole ranked answer.
@Suite struct IndexRankingTests {
  @Test func aPageCutInsideACrowdedBlockIsTheStartOfTheWholeAnswer() async throws {
    let directory = TemporaryDirectory(prefix: "roster-index-ranking")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    var random = SeededRandom(seed: 7)
    func person(_ number: Int) -> DeltaChange {
      let family = ["Haddad", "Saleh", "bin Rashid", "Farouk", "Al-Amin", "Nasser", "Aziz", "Zaki", "Abbas", "Omar"]
      let name = "Abdulrahman \(family[Int(random.next() % 10)]) \(Int(random.next() % 50))"
      let given = number % 3 == 0 ? "Abdul" : "Abdulrahman"
      return .upsert(
        Person(id: "p\(number)", displayName: CleanText(name), givenName: CleanText(given)), managerId: nil,
        managerKnown: false)
    }
    let first = (0..<400).map(person).shuffled(using: &random)
    let later = (400..<460).map(person)
    let rounds: [String?: DeltaPage] = [
      nil: DeltaPage(changes: first, deltaLink: "d1"), "d1": DeltaPage(changes: later, deltaLink: "d2"),
    ]
    let sync = IndexSync(index: index, feed: DeltaFeed { link, _ in try #require(rounds[link]) })
    for round in 0..<2 {
      _ = try await sync.run()
      for query in ["a", "abd", "abdulrahman", "abdulrahman s", "abdul 4", "haddad"] {
        let whole = try index.search(query, limit: 100_000)
        #expect(whole.map(\.id) == PeopleRanking.ranked(whole, for: query).map(\.id), "\(query)")
        for limit in [1, 2, 7, 50, 333] {
          #expect(
            try index.search(query, limit: limit).map(\.id) == Array(whole.prefix(limit)).map(\.id),
            "round \(round) \(query) \(limit)")
        }
        #expect(
          try index.search(query, limit: 9, offset: 40).map(\.id) == Array(whole.dropFirst(40).prefix(9)).map(\.id))
      }
    }
  }
}
