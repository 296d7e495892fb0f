import Foundation
import GRDB
import RosterCore
import SearchRules

/// People searches, ranked by `SearchRanking` across the whole index, not only within a page.
///
/// Row ids follow the ranking's order exactly (`RowOrder`): the full-text index returns matches
/// in row-id order, so each of the ranking's tiers is read in order and only as far as the page
/// needs. The first tier ("display name starts with the first word") is one row-id range.
extension DirectoryIndex {
  /// People matching `text` as Graph's `$search` would (see `IndexQuery`), ranked.
  /// Text with filters (`dept:Sales jo`) is answered with them (`DirectoryIndex+Filters`); one
  /// the index cannot answer throws `IndexRefusal`.
  public func search(_ text: String, limit: Int, offset: Int = 0) throws -> [Person] {
    if let parsed = Self.filtered(text) {
      return try search(parsed.text, filters: parsed.filters, limit: limit, offset: offset)
    }
    guard offset == 0 else { return try ranked(text, limit: limit, offset: offset) }
    // An alias, other mail or employee id finds its owner first (`DirectoryIndex+Identifiers`), and
    // a phone number in any form its owner (`DirectoryIndex+Phones`); a name never reads as either.
    return try withIdentifiers(text, limit: limit) {
      if let phone = PhoneKey(typed: text) { return try phoneOwners(phone, limit: limit) }
      return try ranked(TypedIdentifier.wordsOf(text), limit: limit, offset: offset)
    }
  }

  /// The people matching `text` and `condition` (a condition on the row `p`, made inside the
  /// read: `IndexFilterClause`), ranked. With a condition, text without words lists everyone who meets
  /// it, as a `$filter` without `$search` does.
  func ranked(
    _ text: String, limit: Int, offset: Int, condition: ((Database) throws -> IndexFilterClause)? = nil
  ) throws -> [Person] {
    let query = IndexQuery(text)
    guard let match = query.match ?? (condition == nil ? nil : "*"), limit > 0 else { return [] }
    let wanted = limit > Int.max - offset ? Int.max : offset + limit
    let ranking = SearchRanking(text)
    let people = try read { db, terms -> [Ranked] in
      let meta = try Self.meta(db)
      let generation = Self.liveGeneration(meta)
      let clause = try condition?(db)
      if clause?.isImpossible == true { return [] }
      let extra = clause.map { " AND (\($0.sql))" } ?? ""
      let more = clause?.arguments ?? []
      // The person's own people lead each tier (`DirectoryIndex+YourPeopleSearch`); the tiers'
      // scans skip them.
      let (near, closeness) = try nearMatches(
        db, terms: terms, meta: meta, generation: generation, text: text, ranking: ranking, clause: clause,
        wanted: wanted)
      let nearRows = Set(near.map(\.rowid))
      if match == "*" {
        // `+generation`: read in row-id order and stop at the page's end, rather than every row of
        // the generation through the id index, sorted (120 ms at 200,000 for a filter of few people).
        // A filter few people meet reads only their rows, in the same order (`IndexFilterClause.rows`).
        func scanEveryone(_ condition: String, _ arguments: StatementArguments, _ wanted: Int) throws -> [Ranked] {
          try Self.scan(
            db,
            sql: """
              SELECT \(PersonRow.selection(from: "p")) FROM person p
              WHERE \(condition)+p.generation = ?\(extra) ORDER BY p.rowid
              """,
            arguments: arguments + [generation] + more, terms: terms, wanted: wanted, skip: nearRows, ranking: ranking,
            tier: nil, local: query.localRules, cached: extra.isEmpty)
        }
        let everyone =
          try clause?.rows(db, wanted: wanted, meta: meta, scan: scanEveryone) ?? scanEveryone("", [], wanted)
        return Self.nearFirst(near, Self.byTier(everyone), wanted: wanted)
      }
      let joined = "FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid"
      // A display name typed whole leads (`DirectoryIndex+TypedWhole`), before the near people.
      let typed = try typedWholeRows(
        db, terms: terms, meta: meta, generation: generation, ranking: ranking, closeness: closeness,
        match: match, extra: extra, arguments: more, local: query.localRules)
      let typedRows = Set(typed.map(\.rowid))
      let nearAfter = typed.isEmpty ? near : near.filter { !typedRows.contains($0.rowid) }
      var taken = nearRows.union(typedRows)
      var tiers: [[Ranked]] = [[], [], []]
      // What each tier's scan may still add: the page less what comes before it (its near
      // people, and every earlier tier), so near people already on the page are not read twice.
      let nearIn = (0...2).map { tier in nearAfter.count { $0.tier == tier } }
      var room = wanted - typed.count - nearIn[0]
      if room > 0, let first = ranking.firstSortText, let span = RowOrder.span(meta),
        let range = try RowOrder.rowids(db, startingWith: first, in: span)
      {
        tiers[0] = try Self.scan(
          db,
          sql: """
            SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?
            AND person_fts.rowid BETWEEN ? AND ?\(extra)
            """,
          arguments: [match, generation, range.lowerBound, range.upperBound] + more, terms: terms, wanted: room,
          skip: taken,
          ranking: ranking, tier: 0, local: query.localRules, cached: extra.isEmpty)
        taken.formUnion(tiers[0].map(\.rowid))
      }
      room -= tiers[0].count + nearIn[1]
      if room > 0, let nameMatch = query.nameMatch {
        tiers[1] = try Self.scan(
          db,
          sql:
            "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?\(extra)",
          arguments: [nameMatch, generation] + more, terms: terms, wanted: room, skip: taken,
          ranking: ranking, tier: 1,
          local: query.localRules, cached: extra.isEmpty)
        taken.formUnion(tiers[1].map(\.rowid))
      }
      room -= tiers[1].count + nearIn[2]
      if room > 0 {
        tiers[2] = try Self.scan(
          db,
          sql:
            "SELECT \(PersonRow.selection(from: "p")) \(joined) WHERE person_fts MATCH ? AND p.generation = ?\(extra)",
          arguments: [match, generation] + more, terms: terms, wanted: room, skip: taken, ranking: ranking,
          tier: nil,
          local: query.localRules, cached: extra.isEmpty)
      }
      // Namesakes typed whole may fill the page by themselves (a page of one, two Anna Bergs).
      return Array(typed.prefix(wanted))
        + Self.nearFirst(
          nearAfter, Self.byTier(Array(tiers.joined().prefix(wanted))), wanted: max(0, wanted - typed.count))
    }
    return people.dropFirst(offset).prefix(limit).map(\.person)
  }

  /// A row `scan` kept.
  struct Ranked {
    var rowid: Int64
    var tier: Int
    var person: Person
  }

  /// `rows` by tier, in row-id order within each (a stable sort): only a scan of every tier at
  /// once (no first word, or a word without name tokens) mixes them.
  static func byTier(_ rows: [Ranked]) -> [Ranked] {
    rows.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }.map(\.element)
  }

  /// Reads rows of `sql` (which selects `PersonRow.selection` and yields rows in row-id order,
  /// which is the ranking's order within a tier), skipping `skip`, keeping those of `tier` (any
  /// when nil) that every `local` word matches, until `wanted` are kept. A row's tier is decided
  /// from its display name before the rest of it is decoded: most rows a tier's query passes over
  /// are not kept.
  static func scan(
    _ db: Database, sql: String, arguments: StatementArguments, terms: PersonTerms, wanted: Int, skip: Set<Int64>,
    ranking: SearchRanking, tier wantedTier: Int?, local: [WordMatch], cached: Bool = true
  ) throws -> [Ranked] {
    // A filter's condition holds its numbers (`IndexFilterClause`): such a statement is not kept.
    let statement = try cached ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
    let cursor = try Row.fetchCursor(statement, arguments: arguments)
    var kept: [Ranked] = []
    while kept.count < wanted, let row = try cursor.next() {
      let rowid = PersonRow.rowid(row)
      if skip.contains(rowid) { continue }
      let name = PersonRow.displayName(row)
      let tier = ranking.tier(displayName: name, sortText: SearchRanking.sortText(name ?? ""))
      if let wantedTier, tier != wantedTier { continue }
      let person = PersonRow.person(row, terms)
      if !local.isEmpty, !local.allSatisfy({ $0.matches(person.searchFields) }) { continue }
      kept.append(Ranked(rowid: rowid, tier: tier, person: person))
    }
    return kept
  }
}
