import Foundation
import GRDB
import RosterCore
import SearchRules

/// The person's own people in memory for searches: their order (`Closeness`) and what the
/// ranking and the words are checked against, read once per change (meta `yours_version`, and
/// the live generation and last sync, since a sync rewrites rows).
struct YoursCache: Sendable {
  var stamp: String?
  var closeness = Closeness.none
  /// Those of the person's people the live generation holds.
  var people: [Candidate] = []

  struct Candidate: Sendable {
    var id: String
    /// Folded and split once (`PreparedSearchFields`): matched at every key.
    var fields: PreparedSearchFields
    var displayName: String?
    /// The display name's `SearchRanking.sortText`, made once.
    var sortText: String
  }
}

/// How the index lists the person's own people first within each tier (issue 32).
///
/// The tiers are read in row-id order (`DirectoryIndex+Search`), which is alphabetical; a few
/// hundred near people cannot be found in that order without reading every match. So they are
/// checked apart: the words are matched in Swift against the few hundred held in memory
/// (`WordMatch`, the `$search` rules the full-text query also follows), those matching are read
/// by id with the filter's condition, and each tier lists them first, nearest first, then its
/// other rows, which skip them. A key's query pays for the few who match, not for the list.
extension DirectoryIndex {
  /// The near people matching `text` (and `clause`), as rows of their tiers, in the ranking's
  /// order (with the order itself, for the rows typed whole: `typedWholeRows`), at most `wanted` (all that match when a filter's condition may still drop some);
  /// empty when the person has none.
  ///
  /// Only the first `wanted` are read: their tiers and order come from the cache, so "a" with
  /// 150 near people matching reads the page's worth. One left unread cannot reach the page: it
  /// comes after every near person read (its tier or its closeness is later), and they fill it.
  func nearMatches(
    _ db: Database, terms: PersonTerms, meta: [String: String], generation: Int, text: String,
    ranking: SearchRanking, clause: IndexFilterClause?, wanted: Int
  ) throws -> (rows: [Ranked], closeness: Closeness) {
    let cache = try yoursCache(db, terms: terms, meta: meta, generation: generation)
    guard !cache.people.isEmpty else { return ([], cache.closeness) }
    let words = QueryWords(text, style: .search).all.map(WordMatch.init)
    // No words: a filter alone lists everyone who meets it, the near people among them.
    let matching = cache.people.filter { person in words.allSatisfy { $0.matches(person.fields) } }
    guard !matching.isEmpty else { return ([], cache.closeness) }
    let ordered = matching.map { person in
      (
        person,
        RankKey(
          tier: ranking.tier(displayName: person.displayName, sortText: person.sortText), sortText: person.sortText,
          id: person.id, closeness: cache.closeness.rank(of: person.id) ?? .max)
      )
    }.sorted { $0.1 < $1.1 }.map(\.0)
    let candidates = clause == nil ? Array(ordered.prefix(wanted)) : ordered
    let marks = Array(repeating: "?", count: candidates.count).joined(separator: ", ")
    let extra = clause.map { " AND (\($0.sql))" } ?? ""
    // `generation = ?` without `+`: each id is one look-up in the (generation, id) unique index
    // (with `+`, SQLite read the whole table: 60 ms at 200,000 people).
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT \(PersonRow.selection(from: "p")) FROM person p
        WHERE p.generation = ? AND p.id IN (\(marks))\(extra)
        """,
      arguments: StatementArguments([generation.databaseValue] + candidates.map { PersonRow.key($0.id) })
        + (clause?.arguments ?? []))
    let near = rows.map { row -> (key: RankKey, ranked: Ranked) in
      let person = PersonRow.person(row, terms)
      let name = PersonRow.displayName(row)
      let sortText = SearchRanking.sortText(name ?? "")
      let tier = ranking.tier(displayName: name, sortText: sortText)
      let key = RankKey(
        tier: tier, sortText: sortText, id: person.id, closeness: cache.closeness.rank(of: person.id) ?? .max)
      return (key, Ranked(rowid: PersonRow.rowid(row), tier: tier, person: person))
    }
    return (near.sorted { $0.key < $1.key }.map(\.ranked), cache.closeness)
  }

  /// `near` (in the ranking's order) each first in its tier of `rest` (`byTier`'s order, without
  /// them), at most `wanted`.
  static func nearFirst(_ near: [Ranked], _ rest: [Ranked], wanted: Int) -> [Ranked] {
    guard wanted > 0 else { return [] }
    guard !near.isEmpty else { return Array(rest.prefix(wanted)) }
    var merged: [Ranked] = []
    merged.reserveCapacity(min(wanted, near.count + rest.count))
    var nearIndex = 0
    var restIndex = 0
    while merged.count < wanted, nearIndex < near.count || restIndex < rest.count {
      let takeNear =
        restIndex == rest.count || (nearIndex < near.count && near[nearIndex].tier <= rest[restIndex].tier)
      if takeNear {
        merged.append(near[nearIndex])
        nearIndex += 1
      } else {
        merged.append(rest[restIndex])
        restIndex += 1
      }
    }
    return merged
  }

  /// The cache, read again when the lists or the rows have changed.
  private func yoursCache(_ db: Database, terms: PersonTerms, meta: [String: String], generation: Int) throws
    -> YoursCache
  {
    let stamp = "\(generation)/\(meta["last_sync"] ?? "")/\(meta["delta_next"] ?? "")/\(meta["yours_version"] ?? "")"
    let cached = yours.current
    if cached.stamp == stamp { return cached }
    let worksWith = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM works_with ORDER BY position")
      .compactMap(PersonRow.identifier)
    let opened = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM opened ORDER BY openedAt DESC")
      .compactMap(PersonRow.identifier)
    let closeness = Closeness(opened: opened, worksWith: worksWith)
    var people: [YoursCache.Candidate] = []
    if !closeness.isEmpty {
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT \(PersonRow.selection(from: "p")) FROM person p
          WHERE p.generation = ? AND p.id IN (SELECT id FROM works_with UNION SELECT id FROM opened)
          """,
        arguments: [generation])
      people = rows.map { row in
        let person = PersonRow.person(row, terms)
        let name = person.displayName?.string
        return YoursCache.Candidate(
          id: person.id, fields: PreparedSearchFields(person.searchFields), displayName: name,
          sortText: SearchRanking.sortText(name ?? ""))
      }
    }
    let fresh = YoursCache(stamp: stamp, closeness: closeness, people: people)
    yours.withLock { $0 = fresh }
    return fresh
  }
}
