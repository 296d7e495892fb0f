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
    let people = try read { db, terms -> [Person] in
      let generation = try Self.liveGeneration(db)
      if match == "*" {
        let everyone = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? ORDER BY rowid",
          arguments: [generation], terms: terms, wanted: wanted, skip: [], ranking: ranking, tier: nil,
          local: query.localRules)
        return try Self.people(db, Self.ordered(everyone).prefix(wanted), terms: terms)
      }
      let joined = "FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid"
      var taken = Set<Int64>()
      var tiers: [[Ranked]] = [[], [], []]
      if let first = ranking.firstSortText {
        let range = RowOrder.rowids(startingWith: first)
        tiers[0] = try Self.scan(
          db,
          sql: """
            SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?
            AND person_fts.rowid BETWEEN ? AND ?
            """,
          arguments: [match, generation, range.lowerBound, range.upperBound], terms: terms, wanted: wanted, skip: [],
          ranking: ranking, tier: 0, local: query.localRules)
        taken.formUnion(tiers[0].map(\.rowid))
      }
      if tiers[0].count < wanted, let nameMatch = query.nameMatch {
        tiers[1] = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?",
          arguments: [nameMatch, generation], terms: terms, wanted: wanted - tiers[0].count, skip: taken,
          ranking: ranking, tier: 1,
          local: query.localRules)
        taken.formUnion(tiers[1].map(\.rowid))
      }
      let soFar = tiers[0].count + tiers[1].count
      if soFar < wanted {
        tiers[2] = try Self.scan(
          db, sql: "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?",
          arguments: [match, generation], terms: terms, wanted: wanted - soFar, skip: taken, ranking: ranking,
          tier: nil,
          local: query.localRules)
      }
      return try Self.people(db, tiers.flatMap(Self.ordered).prefix(wanted), terms: terms)
    }
    return Array(people.dropFirst(offset).prefix(limit))
  }

  /// A row `scan` kept: where it ranks, and the person (nil when not decoded yet: see `scan`).
  struct Ranked {
    var rowid: Int64
    var key: RankKey
    var person: Person?
  }

  /// Reads rows of `sql` (which selects `PersonRow.selection` and yields rows in row-id order),
  /// skipping `skip`, keeping those of `tier` (any when nil) that every `local` word matches,
  /// until `wanted` are kept and the next row is in another `RowOrder` block: people sharing a
  /// block are sorted by the ranking's full key, so a page must hold the whole of its last block
  /// to be cut correctly. A row's tier is decided from its display name before the rest of it is
  /// decoded: most rows a tier's query passes over are not kept. Past `wanted`, the rest of the
  /// last block is only ranked, not decoded (at a million people a block, the people sharing the
  /// first eight letters, "Abdulrah…", holds thousands); `people` decodes those that make the page.
  static func scan(
    _ db: Database, sql: String, arguments: StatementArguments, terms: PersonTerms, wanted: Int, skip: Set<Int64>,
    ranking: SearchRanking, tier wantedTier: Int?, local: [WordMatch]
  ) throws -> [Ranked] {
    let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    var kept: [Ranked] = []
    var lastBlock: Int64?
    // Past `wanted`: the best rows of the last block (as many as it had then), and the worst of them.
    var tail: (prior: Int, best: [Ranked], needed: Int, bound: RankKey)?
    while let row = try cursor.next() {
      let rowid = PersonRow.rowid(row)
      if kept.count >= wanted, RowOrder.block(of: rowid) != lastBlock { break }
      if skip.contains(rowid) { continue }
      let name = PersonRow.displayName(row)
      let sortText = SearchRanking.sortText(name ?? "")
      let tier = ranking.tier(displayName: name, sortText: sortText)
      if let wantedTier, tier != wantedTier { continue }
      if kept.count >= wanted, local.isEmpty {
        // The page needs only the best of this block: a row ranking below as many of the block's
        // rows as the page takes cannot be among them. Most rows end at the cheap comparison of
        // sort texts; the rest are ranked, and decoded only if they make the page (`people`).
        if tail == nil {
          let prior = kept.prefix { RowOrder.block(of: $0.rowid) != lastBlock }.count
          let best = Array(kept[prior...])
          tail = (prior, best, best.count, best.map(\.key).max() ?? best[0].key)
        }
        guard var state = tail else { continue }
        if tier == state.bound.tier, state.bound.text.lexicographicallyPrecedes(sortText.utf8) { continue }
        let key = RankKey(tier: tier, sortText: sortText, id: PersonRow.id(row))
        guard key < state.bound else { continue }
        tail = nil  // `state` alone holds the rows now: appending does not copy them
        state.best.append(Ranked(rowid: rowid, key: key, person: nil))
        if state.best.count >= 2 * state.needed {
          state.best = Array(ordered(state.best).prefix(state.needed))
          state.bound = state.best[state.best.count - 1].key
        }
        tail = state
        continue
      }
      let person = PersonRow.person(row, terms)
      if !local.isEmpty, !local.allSatisfy({ $0.matches(person.searchFields) }) { continue }
      kept.append(Ranked(rowid: rowid, key: RankKey(tier: tier, sortText: sortText, id: person.id), person: person))
      lastBlock = RowOrder.block(of: rowid)
    }
    if let tail { kept = Array(kept[..<tail.prior]) + ordered(tail.best).prefix(tail.needed) }
    return kept
  }

  /// `rows` in `SearchRanking`'s order, sorting their keys rather than moving whole people.
  static func ordered(_ rows: [Ranked]) -> [Ranked] {
    rows.indices.sorted { rows[$0].key < rows[$1].key }.map { rows[$0] }
  }

  /// The people of `rows`, decoding by row id those `scan` only ranked.
  static func people(_ db: Database, _ rows: some Sequence<Ranked>, terms: PersonTerms) throws -> [Person] {
    let find = try db.cachedStatement(sql: "SELECT \(PersonRow.selection()) FROM person WHERE rowid = ?")
    return try rows.compactMap { row in
      try row.person ?? Row.fetchOne(find, arguments: [row.rowid]).map { PersonRow.person($0, terms) }
    }
  }
}
