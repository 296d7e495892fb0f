import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// An index the shipped Roster wrote (migrations `v1` and `groups-v1`: text ids, a principal name
/// beside an equal mail, row ids in arrival order) is upgraded in place at its first open, and
/// answers with the same people, fields and reporting lines as before.
@Suite struct IndexUpgradeTests {
  static func people(_ count: Int) -> [(person: Person, managerId: String?)] {
    let given = ["Ana", "Jesús", "Zoë", "Liam", "Małgorzata", "John", "Aditya", "O'Brien", "Mei", "Amélie"]
    let family = ["Gupta", "Núñez", "Smith", "de la Cruz", "McDonald", "Nagy", "Ivanova", "Li", "Schmidt", "Okafor"]
    return (0..<count).map { number in
      let id = String(format: "%08x-0000-4000-8000-%012x", number, number)
      let first = given[number % given.count]
      let last = family[(number / given.count) % family.count]
      let mail =
        "\(first.lowercased().filter(\.isLetter)).\(last.lowercased().filter(\.isLetter))\(number)@contoso.test"
      let person = Person(
        id: id, displayName: CleanText("\(first) \(last)"), givenName: CleanText(first), surname: CleanText(last),
        mail: CleanText(mail), userPrincipalName: CleanText(number % 7 == 0 ? "u\(number)@contoso.test" : mail),
        jobTitle: number % 3 == 0 ? nil : "Engineer", department: "Research", companyName: "Contoso",
        officeLocation: CleanText("Oslo \(number % 9)/\(number)"), businessPhones: ["+47 555 \(number)"],
        mobilePhone: number % 2 == 0 ? nil : "+47 999 \(number)", userType: "Member", accountEnabled: number % 5 != 0)
      // Everyone reports to the first person, except the first.
      return (person, number == 0 ? nil : String(format: "%08x-0000-4000-8000-%012x", 0, 0))
    }
  }

  /// A fresh index file at schema `version`, as an older version of Roster left it, with `meta`
  /// written; the caller adds the rows and closes the pool.
  static func oldFile(_ prefix: String, upTo version: String, meta: [(String, String)]) throws
    -> (TemporaryDirectory, IndexLocation, DatabasePool)
  {
    let directory = TemporaryDirectory(prefix: prefix)
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")
    try location.prepare()
    let pool = try DatabasePool(path: location.file.path)
    try DirectoryIndex.migrator.migrate(pool, upTo: version)
    try pool.write { db in
      for (key, value) in meta {
        try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
      }
    }
    return (directory, location, pool)
  }

  /// Every query finds exactly whom the search rules find among `people`, each field as written.
  static func expectFinds(_ people: [Person], in index: DirectoryIndex, for queries: [String]) throws {
    let byId = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0) })
    for query in queries {
      let expected = Set(
        people.filter { WordMatch.matches(allOf: QueryWords.words(in: query), in: $0.searchFields) }.map(\.id))
      let found = try index.search(query, limit: 10_000)
      #expect(Set(found.map(\.id)) == expected, "\(query)")
      #expect(found.allSatisfy { $0 == byId[$0.id] }, "\(query)")
    }
  }

  @Test func aVersionOneIndexIsUpgradedInPlaceAndFindsTheSamePeople() throws {
    // The file as the shipped version left it, rows in the order Graph sent them.
    let (directory, location, pool) = try Self.oldFile(
      "roster-index-upgrade", upTo: "groups-v1",
      meta: [("generation", "1"), ("delta_link", "d1"), ("managers_known", "1"), ("profiles", "full")])
    defer { directory.remove() }
    let everyone = Self.people(300)
    try pool.write { db in
      for (row, entry) in everyone.reversed().enumerated() {
        let person = entry.person
        try db.execute(
          sql: """
            INSERT INTO person(rowid, generation, id, displayName, givenName, surname, mail, userPrincipalName,
              jobTitle, department, companyName, officeLocation, businessPhones, mobilePhone, userType,
              accountEnabled, managerId) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            row + 1, person.id, person.displayName?.string, person.givenName?.string, person.surname?.string,
            person.mail?.string, person.userPrincipalName?.string, person.jobTitle?.string,
            person.department?.string, person.companyName?.string, person.officeLocation?.string,
            person.businessPhones?.map(\.string).joined(separator: "\u{1F}"), person.mobilePhone?.string,
            person.userType?.string, person.accountEnabled, entry.managerId,
          ])
      }
    }
    try pool.close()

    let index = try DirectoryIndex.open(location)
    let status = try index.status()
    #expect(status.complete && status.people == everyone.count && status.managersKnown)
    try Self.expectFinds(
      everyone.map(\.person), in: index,
      for: [
        "a", "jes", "zoe", "o'brien", "obrien", "mcd", "de la", "gupta aditya", "u7", "ana.gupta", "x",
      ])
    let boss = everyone[0].person.id
    #expect(try index.detail(id: everyone[42].person.id)?.managerChain.map(\.id) == [boss])
    #expect(try index.detail(id: boss)?.directReports.count == everyone.count - 1)
    #expect(
      try index.detail(lookingUp: everyone[14].person.userPrincipalName?.string ?? "")?.person.id
        == everyone[14].person.id)
    // A second open finds nothing left to upgrade and the same answer.
    #expect(
      try DirectoryIndex.open(location).search("a", limit: 10_000).count == index.search("a", limit: 10_000).count)
  }

  /// A v2 index (`v2-compact-ranked-people`, shipped: every value as text) becomes v3 in place:
  /// repeated texts numbered, names that are the display name's first or last word held as 0, the
  /// live rows in the order of results with their tokens and managers by row id, and an
  /// unfinished full sync staged to resume.
  @Test func aVersionTwoIndexIsUpgradedInPlaceAndFindsTheSamePeople() throws {
    let (directory, location, pool) = try Self.oldFile(
      "roster-index-upgrade-v2", upTo: "v2-compact-ranked-people",
      meta: [
        ("generation", "1"), ("delta_link", "d1"), ("managers_known", "1"), ("profiles", "full"),
        ("building_generation", "2"), ("building_link", "next-page"), ("building_count", "20"),
      ])
    defer { directory.remove() }
    let everyone = Self.people(300)
    try pool.write { db in
      try PersonRowV2.insert(db, everyone.map { ($0.person, $0.managerId) }, generation: 1)
      try PersonRowV2.writeTokens(db, generation: 1)
      try PersonRowV2.insert(db, everyone.prefix(20).map { ($0.person, $0.managerId) }, generation: 2)
    }
    try pool.close()
    // Shell completion leaves an old file alone rather than spend seconds rewriting it.
    #expect(throws: DirectoryIndex.NeedsUpgrade.self) { try DirectoryIndex.open(location, upgrade: false) }

    let index = try DirectoryIndex.open(location)
    let status = try index.status()
    #expect(status.complete && status.people == everyone.count && status.managersKnown)
    #expect(status.indexing == 20)
    try Self.expectFinds(
      everyone.map(\.person), in: index,
      for: [
        "a", "jes", "zoe", "o'brien", "mcd", "de la", "gupta aditya", "u7", "ana.gupta", "contoso.test",
      ])
    #expect(try index.detail(id: everyone[42].person.id)?.person == everyone[42].person)
    #expect(try index.detail(id: everyone[42].person.id)?.managerChain.map(\.id) == [everyone[0].person.id])
    #expect(
      try index.detail(lookingUp: everyone[20].person.mail?.string.uppercased() ?? "")?.person.id
        == everyone[20].person.id)
    let (live, staged, terms, markers) = try index.pool.read { db in
      (
        try Row.fetchAll(db, sql: "SELECT rowid, generation, displayName, id FROM person ORDER BY rowid").map {
          ($0[0] as Int64, $0[1] as Int, RowOrder.key(displayName: $0[2], id: PersonRow.identifier($0[3]) ?? ""))
        },
        try Int.fetchAll(db, sql: "SELECT generation FROM person_staging"),
        Set(try String.fetchAll(db, sql: "SELECT text FROM person_term")),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM person WHERE givenName = 0 AND generation = 1") ?? 0
      )
    }
    // The live generation in the ranking's order, `RowOrder.gap` apart; the unfinished round's
    // rows staged, to resume.
    #expect(live.map(\.0) == (1...Int64(everyone.count)).map { $0 * RowOrder.gap })
    #expect(live.allSatisfy { $0.1 == 1 })
    #expect(live.map(\.2) == live.map(\.2).sorted { $0.lexicographicallyPrecedes($1) })
    #expect(staged == Array(repeating: 2, count: 20))
    // The pages the old tables held are packed away at the upgrade, not at the next full sync.
    let (free, pages) = try index.pool.read { db in
      (try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? -1, try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0)
    }
    #expect(free >= 0 && free * 4 < pages, "\(free) of \(pages) pages free")
    #expect(terms == ["Engineer", "Research", "Contoso", "Member", "contoso.test"])
    // "de la Cruz" is not the display name's last word; every given name here is its first.
    #expect(markers == everyone.count)
  }
}
