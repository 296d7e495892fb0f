import GRDB
import RosterCore
import SearchRules

/// People whose whole display name was typed lead the list (`SearchRanking`: before the person's
/// own people), so Enter opens the person typed even when a colleague's longer name starts the
/// same way ("anna berg" lists Anna Berg before a colleague, Anna Bergström).
///
/// They are one run of row ids (`RowOrder`: sort text, then id), found by two binary searches,
/// and read with the tier's own full-text query and filter, so they are exactly the tier's rows
/// with that sort text.
extension DirectoryIndex {
  /// The rows whose display name is the typed words (and which match `match` and the clause),
  /// the person's own people first among namesakes; empty when there are none.
  func typedWholeRows(
    _ db: Database, terms: PersonTerms, meta: [String: String], generation: Int, ranking: SearchRanking,
    closeness: Closeness, match: String, extra: String, arguments more: StatementArguments, local: [WordMatch]
  ) throws -> [Ranked] {
    guard let whole = ranking.wholeSortText, let span = RowOrder.span(meta) else { return [] }
    let wanted = Array(whole.utf8)
    guard let first = try RowOrder.firstRow(db, in: span, where: { !$0.sortText.lexicographicallyPrecedes(wanted) }),
      first.sortText == wanted
    else { return [] }
    let past = try RowOrder.firstRow(db, in: first.rowid...span.upperBound) {
      wanted.lexicographicallyPrecedes($0.sortText)
    }
    let last = (past?.rowid ?? span.upperBound + 1) - 1
    let rows = try Self.scan(
      db,
      sql: """
        SELECT \(PersonRow.selection(from: "p")) FROM person_fts CROSS JOIN person p ON p.rowid = person_fts.rowid
        WHERE person_fts MATCH ? AND p.generation = ? AND person_fts.rowid BETWEEN ? AND ?\(extra)
        """,
      arguments: [match, generation, first.rowid, last] + more, terms: terms, wanted: .max, skip: [],
      ranking: ranking, tier: 0, local: local, cached: extra.isEmpty)
    return
      rows
      .filter { ranking.isTypedWhole(sortText: SearchRanking.sortText($0.person.displayName?.string ?? "")) }
      .enumerated()
      .sorted {
        (closeness.rank(of: $0.element.person.id) ?? .max, $0.offset)
          < (closeness.rank(of: $1.element.person.id) ?? .max, $1.offset)
      }
      .map(\.element)
  }
}
