import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// The filter indexes (`v9-filter-indexes`, issue 32) change how a filter's people are read,
/// never which or in what order: every way `IndexFilterClause.rows` can take (a rare source read
/// at once, the first rows scanned then a source, the first rows scanned then the rest) gives
/// exactly the rows of the plain scan in row-id order, whole and cut to a page; and a file
/// already filled gets the indexes at its first open, from its rows.
@Suite struct IndexFilterIndexTests {
  /// The people `question` finds through `ranked`, the clause's sources and limits set by `adjust`.
  static func ids(
    _ index: DirectoryIndex, _ question: String, limit: Int, adjust: @escaping (inout IndexFilterClause) -> Void
  ) throws -> [String] {
    guard let parsed = DirectoryIndex.filtered(question) else { return [] }
    return try index.ranked(parsed.text, limit: limit, offset: 0) { db in
      var clause = try IndexFilterClause(parsed.filters, db)
      adjust(&clause)
      return clause
    }.map(\.id)
  }

  /// Each question's answer by every path equals the scan's (`sources` emptied), in order.
  static func expectSameAsTheScan(_ index: DirectoryIndex, _ questions: [String]) throws {
    let paths: [(String, IndexFilterClause.Limits)] = [
      ("as shipped", IndexFilterClause.Limits()),
      ("a source at once", IndexFilterClause.Limits(fewPeople: .max, scanFirst: 1, sourceShare: 1)),
      ("scan, then a source", IndexFilterClause.Limits(fewPeople: 0, scanFirst: 3, sourceShare: 1_000_000)),
      ("scan, then the rest", IndexFilterClause.Limits(fewPeople: 0, scanFirst: 3, sourceShare: 0)),
    ]
    for question in questions {
      for limit in [100_000, 101, 3] {
        let scanned = try ids(index, question, limit: limit) { $0.sources = [] }
        for (name, limits) in paths {
          let found = try ids(index, question, limit: limit) { $0.limits = limits }
          #expect(found == scanned, "\(question) (\(limit), \(name)): \(found.count) vs \(scanned.count)")
        }
      }
    }
  }

  @Test func everyPathReadsTheScansPeopleInItsOrder() async throws {
    try await SandboxGraph.run(size: 2000) { graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let people = try index.search("a", limit: 400).compactMap { try index.detail(id: $0.id)?.person }
      var questions = [
        "is:guest", "is:member", "is:disabled", "has:mobile", "is:guest has:mobile", "is:disabled is:guest",
        "office:x", "office:\"İs\"", "a is:disabled", "is:guest is:member",
      ]
      for (position, person) in people.enumerated() where position % 20 == 0 {
        let department = person.department?.string ?? "x"
        let office = person.officeLocation?.string ?? "x"
        questions += [
          "dept:\"\(department.prefix(3))\"",
          "city:\"\(person.city?.string ?? "x")\" title:\"\((person.jobTitle?.string ?? "x").prefix(3))\"",
          "office:\"\(office.prefix(5))\" has:mobile", "office:\"\(office.lowercased().prefix(2))\"",
          "country:\"\((person.country?.string ?? "x").prefix(2))\" is:member",
          "company:\"\((person.companyName?.string ?? "x").prefix(1))\" is:disabled",
          "\((person.givenName?.string ?? "a").prefix(1)) dept:\"\(department)\"",
        ]
      }
      try Self.expectSameAsTheScan(index, questions)
      // The questions found people, and some few enough to be read from a source.
      let counts = try questions.map { try Self.ids(index, $0, limit: 100_000) { _ in }.count }
      #expect(counts.filter { $0 > 0 }.count >= questions.count / 2)
      #expect(counts.contains { (1...100).contains($0) })

      // A second full sync places its generation and purges the first with the indexes dropped,
      // then makes them again from the rows left: the same answers, from indexes of these rows.
      try index.dropDeltaLink()
      _ = try await fixture.sync(index)
      let (names, generations) = try await index.pool.read { db in
        (
          try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'person'"),
          try Int.fetchAll(db, sql: "SELECT DISTINCT generation FROM person")
        )
      }
      #expect(generations.count == 1)
      #expect(Set(DirectoryIndex.filterIndexes.map(\.name)).isSubset(of: names))
      // Every index's entries are its rows' (the check reads `person` and each of its indexes).
      let check = try await index.pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(person)") }
      #expect(check == ["ok"])
      try Self.expectSameAsTheScan(index, questions)
      #expect(try questions.map { try Self.ids(index, $0, limit: 100_000) { _ in }.count } == counts)
    }
  }

  /// A v2 file (every value as text) upgraded through v3…v9 at its first open: the indexes are
  /// made from the rows already there, and filters answer as the scan does.
  @Test func aFilledFileGetsTheIndexesAtItsFirstOpen() throws {
    let (directory, location, pool) = try IndexUpgradeTests.oldFile(
      "roster-index-upgrade-v9", upTo: "v2-compact-ranked-people",
      meta: [("generation", "1"), ("delta_link", "d1"), ("managers_known", "1"), ("profiles", "full")])
    defer { directory.remove() }
    let everyone = IndexUpgradeTests.people(300)
    try pool.write { db in
      try PersonRowV2.insert(db, everyone.map { ($0.person, $0.managerId) }, generation: 1)
      try PersonRowV2.writeTokens(db, generation: 1)
    }
    try pool.close()

    let index = try DirectoryIndex.open(location)
    let names = try index.pool.read { db in
      try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'person'")
    }
    for name in [
      "person_department", "person_jobTitle", "person_companyName", "person_city", "person_country",
      "person_office", "person_disabled", "person_kind",
    ] {
      #expect(names.contains(name), "\(name)")
    }
    let questions = [
      "dept:Research", "title:eng", "office:\"Oslo 3\" has:mobile", "office:oslo", "office:x", "is:disabled",
      "is:member has:mobile", "company:Contoso is:disabled", "ana office:Oslo",
    ]
    try Self.expectSameAsTheScan(index, questions)
    let expected = everyone.map(\.person).filter {
      $0.officeLocation?.string.hasPrefix("Oslo 3") == true && $0.mobilePhone != nil
    }
    #expect(try index.search("office:\"Oslo 3\" has:mobile", limit: 1_000).count == expected.count)
    let disabled = everyone.filter { $0.person.accountEnabled == false }
    #expect(try index.search("is:disabled", limit: 1_000).count == disabled.count)
  }
}
