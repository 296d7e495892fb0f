import Foundation
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

@testable import Index

/// Issue 32's "your people first" in the local index: the index lists a tier's near people first
/// (opened, then works-with, each in its own order) and is the same order `PeopleRanking` gives
/// the live list for the same people and the same lists, for every query, page and offset; the
/// lists go with the person, with the permission and at `roster history --clear`.
@Suite struct YourPeopleIndexTests {
  static let readAt = Date(timeIntervalSince1970: 1_800_000_000)

  static func withIndex(_ body: (DirectoryIndex) throws -> Void) throws {
    let directory = TemporaryDirectory(prefix: "roster-yours")
    defer { directory.remove() }
    try body(try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")))
  }

  static func person(_ id: String, _ name: String, department: String? = nil) -> DeltaChange {
    .upsert(
      Person(id: id, displayName: CleanText(name), department: department.map { CleanText($0) }), managerId: nil,
      managerKnown: true)
  }

  static func fullSync(_ index: DirectoryIndex, _ changes: [DeltaChange]) throws {
    let generation = try index.beginFullSync(estimate: nil)
    try index.finishFullSync(
      DeltaPage(changes: changes, deltaLink: "d\(generation)"), generation: generation, at: readAt)
  }

  static let staff: [DeltaChange] = [
    person("a1", "Anna Aberg", department: "Sales"), person("a2", "Anna Berg", department: "Research"),
    person("a3", "Anna Zetterlund", department: "Sales"), person("a4", "Annabel Lee", department: "Sales"),
    person("b1", "Bo Anna", department: "Research"), person("c1", "Carl Ek", department: "Sales"),
  ]

  @Test func nearPeopleLeadTheirTierButNeverABetterOne() throws {
    try Self.withIndex { index in
      try Self.fullSync(index, Self.staff)
      #expect(try index.search("anna", limit: 10).map(\.id) == ["a1", "a2", "a3", "a4", "b1"])
      // Works with Anna Zetterlund, then Bo Anna: she leads the first tier; he leads his own (the
      // display name holds the word but does not start with it), never above a first-tier Anna.
      try index.saveWorksWith(["b1", "a3"], readAt: Self.readAt)
      #expect(try index.search("anna", limit: 10).map(\.id) == ["a3", "a1", "a2", "a4", "b1"])
      // Opened comes before works-with, most recent first.
      try index.recordOpened("a4", at: Self.readAt)
      try index.recordOpened("a2", at: Self.readAt + 60)
      #expect(try index.search("anna", limit: 10).map(\.id) == ["a2", "a4", "a3", "a1", "b1"])
      // Pages and offsets are the same order.
      #expect(try index.search("anna", limit: 2).map(\.id) == ["a2", "a4"])
      #expect(try index.search("anna", limit: 2, offset: 2).map(\.id) == ["a3", "a1"])
      // A filter alone (one tier) and with words: near people first too.
      #expect(try index.search("dept:Sales", limit: 10).map(\.id) == ["a4", "a3", "a1", "c1"])
      #expect(try index.search("anna dept:Research", limit: 10).map(\.id) == ["a2", "b1"])
      // Someone near who does not match is not listed.
      try index.saveWorksWith(["c1"], readAt: Self.readAt)
      #expect(try index.search("anna", limit: 10).map(\.id) == ["a2", "a4", "a1", "a3", "b1"])
    }
  }

  /// A display name typed whole leads, before the person's own people (Enter opens the person
  /// typed), namesakes the person's own first among them; typed in part, the colleague leads.
  @Test func aNameTypedWholeLeadsBeforeYourPeople() throws {
    try Self.withIndex { index in
      try Self.fullSync(
        index,
        [
          Self.person("w1", "Anna Berg"), Self.person("w2", "Anna Bergström"), Self.person("w3", "Anna Berg"),
          Self.person("w4", "Anna Bergman"),
        ])
      try index.saveWorksWith(["w2", "w3"], readAt: Self.readAt)
      #expect(try index.search("anna berg", limit: 10).map(\.id) == ["w3", "w1", "w2", "w4"])
      #expect(try index.search("Anna  BERG", limit: 1).map(\.id) == ["w3"])
      // Namesakes typed whole filling the page by themselves.
      try index.saveWorksWith([], readAt: Self.readAt)
      #expect(try index.search("anna berg", limit: 1).map(\.id) == ["w1"])
      #expect(try index.search("anna berg", limit: 2).map(\.id) == ["w1", "w3"])
      try index.saveWorksWith(["w2", "w3"], readAt: Self.readAt)
      #expect(try index.search("anna berg", limit: 2, offset: 1).map(\.id) == ["w1", "w2"])
      #expect(try index.search("anna ber", limit: 10).map(\.id) == ["w2", "w3", "w1", "w4"])
      #expect(try index.search("anna bergström", limit: 10).map(\.id) == ["w2"])
      let whole = try index.search("anna berg", limit: 100)
      #expect(
        whole.map(\.id)
          == PeopleRanking.ranked(whole, for: "anna berg", closeness: try index.yourPeople().closeness).map(\.id))
    }
  }

  @Test func theListsGoWithThePersonThePermissionAndTheClearing() throws {
    try Self.withIndex { index in
      try Self.fullSync(index, Self.staff)
      try index.saveWorksWith(["a1", "a2", "a3", "x-not-here"], readAt: Self.readAt)
      try index.recordOpened("b1", at: Self.readAt)
      try index.recordOpened("c1", at: Self.readAt + 1)
      var kept = try index.yourPeople()
      #expect(kept.worksWith == ["a1", "a2", "a3", "x-not-here"])
      #expect(kept.opened.map(\.id) == ["c1", "b1"])
      #expect(kept.worksWithReadAt == Self.readAt)
      // A delta removes a1 and b1; a 404 removes a2.
      try index.writeDeltaPage(
        DeltaPage(changes: [.removed(id: "a1"), .removed(id: "b1")], deltaLink: "d9"), at: Self.readAt)
      try index.remove(id: "a2")
      kept = try index.yourPeople()
      #expect(kept.worksWith == ["a3", "x-not-here"])
      #expect(kept.opened.map(\.id) == ["c1"])
      // A full sync without a3 (left, or no longer readable): gone; someone never in the index too.
      try Self.fullSync(index, [Self.person("c1", "Carl Ek"), Self.person("a4", "Annabel Lee")])
      kept = try index.yourPeople()
      #expect(kept.worksWith.isEmpty)
      #expect(kept.opened.map(\.id) == ["c1"])
      // Graph refused /me/people: its list goes, the history stays; --clear forgets the history.
      try index.saveWorksWith(["a4"], readAt: Self.readAt)
      try index.forgetWorksWith()
      kept = try index.yourPeople()
      #expect(kept.worksWith.isEmpty && kept.worksWithReadAt == nil)
      #expect(try index.clearOpened() == 1)
      #expect(try index.yourPeople() == .none)
      #expect(try index.search("c", limit: 5).map(\.id) == ["c1"])
    }
  }

  @Test func theHistoryKeepsTheMostRecentHundred() throws {
    try Self.withIndex { index in
      for number in 0..<130 { try index.recordOpened("p\(number)", at: Self.readAt + Double(number)) }
      let opened = try index.yourPeople().opened
      #expect(opened.count == YourPeople.openedKept)
      #expect(opened.first?.id == "p129")
      #expect(opened.last?.id == "p30")
    }
  }

  /// The index's order is `PeopleRanking`'s with the same lists, over a generated directory of
  /// 3,000 people with 200 near ones, for a few hundred queries, whole and paged: one rule.
  @Test func theIndexOrderIsTheOneRankingRule() async throws {
    try await SandboxGraph.run(size: 3000) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let generated = try await harness.searchAll("a", pageSize: 999)
      try Self.checkOneRule(index, generated)
    }
  }

  static func checkOneRule(_ index: DirectoryIndex, _ generated: [Person]) throws {
    var random = SeededRandom(seed: 5)
    let near = (0..<200).map { _ in generated[Int(random.next() % UInt64(generated.count))].id }
    let worksWith = Array(near.prefix(150))
    let opened = Array(near.dropFirst(150))
    try index.saveWorksWith(worksWith, readAt: Self.readAt)
    for (offset, id) in opened.reversed().enumerated() { try index.recordOpened(id, at: Self.readAt + Double(offset)) }
    let closeness = try index.yourPeople().closeness
    #expect(closeness == Closeness(opened: opened, worksWith: worksWith))
    var queries = ["a", "an", "ann", "e", "jo", "ma", "li", "s", "x", "zz"]
    // Display names typed whole, some of them near people's (they lead before the near people).
    queries += generated.prefix(40).compactMap { $0.displayName?.string }
    for _ in 0..<150 {
      let person = generated[Int(random.next() % UInt64(generated.count))]
      let words = (person.displayName?.string ?? "").split(separator: " ")
      guard let word = words.randomElement(using: &random) else { continue }
      queries.append(String(word.prefix(1 + Int(random.next() % 4))))
      if words.count > 1 { queries.append("\(words[0].prefix(2)) \(words[words.count - 1].prefix(1))") }
    }
    var nearFirstSeen = 0
    for query in queries {
      let whole = try index.search(query, limit: 100_000)
      let ranked = PeopleRanking.ranked(whole, for: query, closeness: closeness)
      #expect(whole.map(\.id) == ranked.map(\.id), "\(query)")
      if let first = whole.first, closeness.rank(of: first.id) != nil { nearFirstSeen += 1 }
      for limit in [1, 5, 101] {
        #expect(try index.search(query, limit: limit).map(\.id) == Array(whole.prefix(limit)).map(\.id), "\(query)")
      }
      #expect(try index.search(query, limit: 7, offset: 3).map(\.id) == Array(whole.dropFirst(3).prefix(7)).map(\.id))
    }
    #expect(nearFirstSeen > 20)
  }
}
