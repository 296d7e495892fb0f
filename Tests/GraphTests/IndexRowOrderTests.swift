import Foundation
import GRDB
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

@testable import Index

/// Row ids stay in the ranking's order (`RowOrder`) through full syncs and deltas: a crowd of
/// arrivals in one place uses up the room between two rows and moves the next ones (with their
/// tokens); renames, removals, a person sent twice in one page, and a second full sync placed
/// beside the first. After every round the rows are in order, every search finds exactly whom
/// the rules say, in the ranking's order, and every page is the start of the whole answer.
@Suite struct IndexRowOrderTests {
  static func person(_ id: String, _ name: String, mail: String? = nil) -> Person {
    Person(
      id: id, displayName: CleanText(name), givenName: CleanText(String(name.split(separator: " ").first ?? "")),
      mail: mail.map { CleanText($0) })
  }

  static func upsert(_ person: Person, manager: String?) -> DeltaChange {
    .upsert(person, managerId: manager, managerKnown: true)
  }

  @Test func crowdsRenamesAndRemovalsKeepRowsInOrderAndTokensAndManagersRight() async throws {
    let files = TemporaryDirectory(prefix: "roster-row-order")
    defer { files.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: files.url, tenantId: "t", accountId: "a"))
    var random = SeededRandom(seed: 11)
    let first: [DeltaChange] = ["Aaron Lee", "Lee Park", "Nora Quinn", "Zed Young", "Mia Ortiz", "Chen Wu"]
      .enumerated().map {
        // f0's manager is not in the index until the third round.
        let manager = $0.offset == 0 ? "boss" : $0.offset == 1 ? "f0" : "f1"
        return Self.upsert(
          Self.person("f\($0.offset)", $0.element, mail: "f\($0.offset)@contoso.test"), manager: manager)
      }
    // 150 people named alike arrive between "Lee Park" and "Mia Ortiz", in no order: the first
    // few take the middle of the gap, the rest move rows (and the ones placed before them),
    // half of them managed by another of the crowd, whose row moves too.
    let crowd = (0..<150).map { Self.person(String(format: "m%03d", $0), "Mia Chen") }
    let arriving: [DeltaChange] = crowd.enumerated().map {
      Self.upsert($0.element, manager: $0.offset.isMultiple(of: 2) ? crowd[($0.offset + 1) % 150].id : "f3")
    }.shuffled(using: &random)
    // Renamed without `manager@delta` (the manager stays); removed, leaving their reports
    // without a manager row; new people at the very front; one person sent twice, the second
    // time as their own manager; and the missing manager arrives.
    let renamed: [DeltaChange] = crowd.prefix(30).map {
      .upsert(Self.person($0.id, "Aaron Mia \($0.id)"), managerId: nil, managerKnown: false)
    }
    let gone: [DeltaChange] = crowd.dropFirst(29).prefix(20).map { DeltaChange.removed(id: $0.id) }
    let front: [DeltaChange] = (0..<40).map {
      Self.upsert(Self.person(String(format: "a%03d", $0), "Aa \($0)"), manager: "m001")
    }
    let twice: [DeltaChange] = [
      Self.upsert(Self.person("f2", "Nora Q"), manager: "f0"),
      Self.upsert(Self.person("f2", "Nora Quinn-Lee"), manager: "f2"),
      Self.upsert(Self.person("boss", "Bo Boss"), manager: nil),
    ]
    let pages: [DeltaPage] = [
      DeltaPage(changes: first, deltaLink: "d1"), DeltaPage(changes: arriving, deltaLink: "d2"),
      DeltaPage(changes: renamed + gone + front + twice, deltaLink: "d3"),
    ]
    var directory = Directory()
    for (round, page) in pages.enumerated() {
      directory.apply(page.changes)
      let link = round == 0 ? nil : "d\(round)"
      let sync = IndexSync(
        index: index,
        feed: DeltaFeed { asked, _ in
          #expect(asked == link)
          return page
        })
      _ = try await sync.run()
      try Self.expectInOrder(index, directory, round: round)
    }
    // A full sync again, of everyone as they are now: the new generation is placed beside the
    // live one, which is then purged.
    try index.dropDeltaLink()
    let again = DeltaPage(
      changes: directory.people.values.map { Self.upsert($0, manager: directory.managers[$0.id]) }, deltaLink: "d4")
    _ = try await IndexSync(index: index, feed: DeltaFeed { _, _ in again }).run()
    try Self.expectInOrder(index, directory, round: 3)
  }

  /// What the index should hold: everyone, and each one's manager's id.
  struct Directory {
    var people: [String: Person] = [:]
    var managers: [String: String] = [:]

    mutating func apply(_ changes: [DeltaChange]) {
      for change in changes {
        switch change {
        case .upsert(let person, let manager, let known):
          people[person.id] = person
          if known { managers[person.id] = manager }
        case .removed(let id):
          people[id] = nil
          managers[id] = nil
        }
      }
    }
  }

  static func expectInOrder(_ index: DirectoryIndex, _ directory: Directory, round: Int) throws {
    let people = Array(directory.people.values)
    for person in people {
      let detail = try #require(try index.detail(id: person.id), "round \(round) \(person.id)")
      let manager = directory.managers[person.id].flatMap { directory.people[$0] == nil || $0 == person.id ? nil : $0 }
      #expect(detail.managerChain.first?.id == manager, "round \(round): the manager of \(person.id)")
      let reports = Set(directory.managers.filter { $0.value == person.id }.keys)
      #expect(Set(detail.directReports.map(\.id)) == reports, "round \(round): the reports of \(person.id)")
    }
    let (rows, span) = try index.pool.read { db in
      (
        try Row.fetchAll(db, sql: "SELECT rowid, displayName, id FROM person ORDER BY rowid").map {
          ($0[0] as Int64, RowOrder.key(displayName: $0[1], id: PersonRow.identifier($0[2]) ?? ""))
        },
        RowOrder.span(try DirectoryIndex.meta(db))
      )
    }
    #expect(rows.count == people.count, "round \(round)")
    try expectTokensFindTheirRows(index, round: round)
    #expect(rows.map(\.1) == rows.map(\.1).sorted { $0.lexicographicallyPrecedes($1) }, "round \(round)")
    #expect(rows.allSatisfy { span?.contains($0.0) == true }, "round \(round)")
    for query in ["mia", "mia chen", "aaron", "a", "aa", "lee", "nora", "m0", "contoso", "chen", "z"] {
      let expected = PeopleRanking.ranked(
        people.filter { WordMatch.matches(allOf: QueryWords.words(in: query), in: $0.searchFields) }, for: query)
      let whole = try index.search(query, limit: 100_000)
      #expect(whole.map(\.id) == expected.map(\.id), "round \(round) \(query)")
      for limit in [1, 3, 25] {
        #expect(
          try index.search(query, limit: limit, offset: 5).map(\.id)
            == Array(expected.dropFirst(5).prefix(limit)).map(\.id),
          "round \(round) \(query) \(limit)")
      }
    }
  }

  /// Each row's first name token finds it, and finds no more rows than hold that token: a token
  /// left behind at a row id the row moved from would be found for whoever sits there now.
  static func expectTokensFindTheirRows(_ index: DirectoryIndex, round: Int) throws {
    try index.pool.read { db in
      let terms = PersonTerms(db)
      var holders: [String: Int] = [:]
      var rows: [(Int64, String)] = []
      for row in try Row.fetchAll(db, sql: "SELECT \(PersonRow.searchedSelection) FROM person") {
        let tokens = IndexTokens.name(PersonRow.searched(row, terms)).split(separator: " ").map(String.init)
        for token in tokens { holders[token, default: 0] += 1 }
        rows.append((PersonRow.rowid(row), tokens.first ?? ""))
      }
      for (rowid, token) in rows {
        let found = try Int64.fetchAll(
          db, sql: "SELECT rowid FROM person_fts WHERE person_fts MATCH ?", arguments: ["name : \"\(token)\""])
        #expect(found.contains(rowid) && found.count == holders[token], "round \(round): \(token) at \(rowid)")
      }
    }
  }
}
