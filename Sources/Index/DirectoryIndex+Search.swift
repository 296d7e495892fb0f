import Foundation
import GRDB
import RosterCore
import SearchRules

/// People searches, ranked by `SearchRanking` across the whole index, not only within a page.
///
/// Row ids follow the sort order (`RowOrder`): the full-text index returns matches in row-id
/// order, so each of the ranking's tiers is read alphabetically and only as far as the page
/// needs. The first tier ("display name starts with the first word") is one row-id range.
extension DirectoryIndex {
  /// People matching `text` as Graph's `$search` would (see `IndexQuery`), ranked.
  public func search(_ text: String, limit: Int, offset: Int = 0) throws -> [Person] {
    let query = IndexQuery(text)
    guard let match = query.match, limit > 0 else { return [] }
    let wanted = limit > Int.max - offset ? Int.max : offset + limit
    let ranking = SearchRanking(text)
    // Past the eighth word the live path filters locally too; so does this.
    let local: (Person) -> Bool = { person in
      query.localRules.isEmpty || query.localRules.allSatisfy { $0.matches(person.searchFields) }
    }
    let people = try pool.read { db -> [Person] in
      let generation = try Self.liveGeneration(db)
      if match == "*" {
        let everyone = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? ORDER BY rowid",
          arguments: [generation], wanted: wanted, skip: [], keep: local)
        return ranking.ranked(everyone.map(\.person), fields: \.searchFields, id: \.id)
      }
      let joined = "FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid"
      var taken = Set<Int64>()
      var tiers: [[Person]] = [[], [], []]
      if let first = ranking.firstSortText {
        let range = RowOrder.rowids(startingWith: first)
        let found = try Self.scan(
          db,
          sql: """
            SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?
            AND person_fts.rowid BETWEEN ? AND ?
            """,
          arguments: [match, generation, range.lowerBound, range.upperBound], wanted: wanted, skip: []
        ) { local($0) && ranking.tier($0.searchFields) == 0 }
        tiers[0] = found.map(\.person)
        taken.formUnion(found.map(\.rowid))
      }
      if tiers[0].count < wanted, let nameMatch = query.nameMatch {
        let found = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?",
          arguments: [nameMatch, generation], wanted: wanted - tiers[0].count, skip: taken
        ) { local($0) && ranking.tier($0.searchFields) == 1 }
        tiers[1] = found.map(\.person)
        taken.formUnion(found.map(\.rowid))
      }
      let soFar = tiers[0].count + tiers[1].count
      if soFar < wanted {
        let found = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?",
          arguments: [match, generation], wanted: wanted - soFar, skip: taken, keep: local)
        tiers[2] = found.map(\.person)
      }
      return tiers.flatMap { ranking.ranked($0, fields: \.searchFields, id: \.id) }
    }
    return Array(people.dropFirst(offset).prefix(limit))
  }

  /// Reads rows of `sql` (which selects `PersonRow.selection` and yields rows in row-id order),
  /// skipping `skip`, keeping what `keep` accepts, until `wanted` are kept and the next row is in
  /// another `RowOrder` block: people sharing a block are sorted by the ranking's full key, so a
  /// page must hold the whole of its last block to be cut correctly.
  static func scan(
    _ db: Database, sql: String, arguments: StatementArguments, wanted: Int, skip: Set<Int64>,
    keep: (Person) -> Bool
  ) throws -> [(rowid: Int64, person: Person)] {
    let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    var kept: [(rowid: Int64, person: Person)] = []
    var lastBlock: Int64?
    while let row = try cursor.next() {
      let rowid = PersonRow.rowid(row)
      if kept.count >= wanted, RowOrder.block(of: rowid) != lastBlock { break }
      if skip.contains(rowid) { continue }
      let person = PersonRow.person(row)
      guard keep(person) else { continue }
      kept.append((rowid, person))
      lastBlock = RowOrder.block(of: rowid)
    }
    return kept
  }
}
