import Foundation
import Graph
import Index
import RosterCore
import SandboxDirectory
import TestSupport
import Testing

/// Offline and online give the same people: a few hundred queries, generated from the directory
/// and hand-picked awkward ones, run through Roster's live `$search` against the sandbox and
/// through the local index, comparing the sets of ids.
@Suite struct IndexEquivalenceTests {
  static let awkward = [
    "o'", "O'Brien", "obrien", "o’brien", "zoë", "ZOE", "jürgen", "JURGEN", "jurgen", "李", "小明", "李小明", "mc",
    "McDonald",
    "mcdonald", "-", "%", "&", "🙂", "a b", "a b c d", "x" + String(repeating: "y", count: 300), "ａｂ", "Straße",
    "strasse",
    "ss", "ø", "o", "ł", "l", "1", "42", "@", "contoso", "a.b", "\"", "\\", "AND", "OR", "(", ")", "a:b",
    "displayName:x", "one two three four five six seven eight nine", "a a a", "A a", "Ó", "\u{301}", "e\u{301}",
    "ñ", "n", "Ş", "ß", "æ", "ae", "ﬁ", "İ", "i", "ı", "ά", "α", "ж", "Ж", "محمد", "ा", "ア", "あ", "한", "jo.", "jo-",
    ".", "_", "+", "#EXT#", "ext", "guest", "a'b", "d'", "van der", "de la", "AL", "al-", "Ng", "Ō", "ō",
    // Past the eighth word both paths filter locally; these match many people.
    "a a a a a a a a a", "a a a a a a a a e", "a a a a a a a a a a a o",
  ]

  /// Prefixes of name tokens, given names, mail and UPN of people drawn from the directory, and
  /// two-word combinations, reproducibly.
  static func generated(from people: [Person], count: Int) -> [String] {
    var random = SeededRandom(seed: 12)
    var queries: [String] = []
    func prefix(_ text: String?) -> String? {
      guard let text, !text.isEmpty else { return nil }
      let characters = Array(text)
      return String(characters.prefix(1 + Int(random.next() % UInt64(min(5, characters.count)))))
    }
    while queries.count < count {
      let person = people[Int(random.next() % UInt64(people.count))]
      let words = (person.displayName?.string ?? "").split(separator: " ").map(String.init)
      switch random.next() % 6 {
      case 0: if let word = words.randomElement(using: &random), let cut = prefix(word) { queries.append(cut) }
      case 1: if let cut = prefix(person.mail?.string) { queries.append(cut) }
      case 2: if let cut = prefix(person.userPrincipalName?.string) { queries.append(cut.uppercased()) }
      case 3:
        if words.count > 1, let a = prefix(words.last), let b = prefix(words.first) { queries.append("\(a) \(b)") }
      case 4: if let cut = prefix(person.surname?.string) { queries.append(cut.lowercased()) }
      default: if let name = person.displayName { queries.append(name.string) }
      }
    }
    return queries
  }

  @Test func offlineAndOnlineFindTheSamePeople() async throws {
    try await SandboxGraph.run(size: 2000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let people = try await harness.searchAll("a", pageSize: 999) + (try await harness.searchAll("e", pageSize: 999))
      let queries = Self.awkward + Self.generated(from: people, count: 300)
      var compared = 0
      for query in queries {
        let online = Set(try await harness.searchAll(query, pageSize: 999).map(\.id))
        let offline = Set(try index.search(query, limit: 100_000).map(\.id))
        #expect(
          online == offline,
          "\"\(query)\": online \(online.count), offline \(offline.count), e.g. \(online.symmetricDifference(offline).prefix(3))"
        )
        compared += 1
      }
      #expect(compared >= 380)
      // A page past the eighth word is the same page of the whole filtered answer.
      for query in ["a a a a a a a a a", "a a a a a a a a e"] {
        let whole = try index.search(query, limit: 100_000).map(\.id)
        #expect(whole.count > 5)
        #expect(try index.search(query, limit: 3, offset: 2).map(\.id) == Array(whole.dropFirst(2).prefix(3)))
      }
    }
  }

  /// Groups too (issue 20): the same awkward queries and prefixes of the generated groups' names
  /// and descriptions, through the live `$search` on `/groups` and through the index's groups.
  @Test func offlineAndOnlineFindTheSameGroups() async throws {
    try await GroupGraph.run(generated: 2000) { graph in
      let directory = TemporaryDirectory(prefix: "roster-group-index")
      defer { directory.remove() }
      let index = try await graph.syncedIndex(in: directory.url)
      let groups = try await graph.search("a") + (try await graph.search("e"))
      #expect(groups.count > 50)
      var random = SeededRandom(seed: 20)
      var queries = Self.awkward
      while queries.count < Self.awkward.count + 150 {
        let group = groups[Int(random.next() % UInt64(groups.count))]
        let words = ((group.displayName?.string ?? "") + " " + (group.description?.string ?? "")).split(separator: " ")
        guard let word = words.randomElement(using: &random) else { continue }
        let cut = String(word.prefix(1 + Int(random.next() % 4)))
        queries.append(random.next() % 3 == 0 ? cut.uppercased() : cut)
        if random.next() % 4 == 0, let other = words.randomElement(using: &random) { queries.append("\(other) \(cut)") }
      }
      for query in queries {
        let online = Set(try await graph.search(query).map(\.id))
        let offline = Set(try index.searchGroups(query, limit: 100_000).map(\.id))
        #expect(online == offline, "\"\(query)\": online \(online.count), offline \(offline.count)")
      }
    }
  }
}
