import GRDB
import RosterCore
import SearchRules

/// How people's row ids are chosen (schema v3, issue 22): the live generation's rows are in
/// `SearchRanking`'s order exactly (sort text, then id, as bytes: `key`), `gap` apart.
///
/// - The full-text index answers in row-id order, so each tier of the ranking is read
///   alphabetically and only as far as the page needs, and "display names starting with jesu" is
///   one row-id range, found by binary search (`firstRow`).
/// - Small row ids keep the full-text postings, which store the difference between consecutive
///   row ids, and both indexes small (the block codes before were 40-bit numbers).
/// - A full sync learns the order only once it has every person: it writes rows as they arrive
///   into `person_staging` and copies them in order when it finishes (`DirectoryIndex+Staging`);
///   a delta puts a person between their neighbours, moving a few rows when no id is left between
///   them (`DirectoryIndex.place`).
///
/// The live generation's rows lie within `low...high` (meta `rows_low`, `rows_high`); a
/// replaced generation, until it is purged, lies wholly outside it.
enum RowOrder {
  /// The distance between row ids after a full sync: room for five people between any two
  /// before rows have to move. (The prototype measured ×32 at 30 bytes a person less than the
  /// block codes; a smaller gap saves only a bit a posting.)
  static let gap: Int64 = 32

  /// The order's key of a person: the display name's sort text, a 0 (a sort text holds no byte
  /// below 0x20, so "ann" sorts before "anna"), the id; compared as bytes (SQLite's `BLOB`
  /// order), as `RankKey` compares.
  static func key(displayName: String?, id: String) -> [UInt8] {
    var key = Array(SearchRanking.sortText(displayName ?? "").utf8)
    key.append(0)
    key.append(contentsOf: id.utf8)
    return key
  }

  static func key(_ person: Person) -> [UInt8] { key(displayName: person.displayName?.string, id: person.id) }

  /// The live generation's row ids, nil when it has no rows.
  static func span(_ meta: [String: String]) -> ClosedRange<Int64>? {
    guard let low = meta["rows_low"].flatMap({ Int64($0) }), let high = meta["rows_high"].flatMap({ Int64($0) }),
      low <= high
    else { return nil }
    return low...high
  }

  static func spanValues(_ span: ClosedRange<Int64>?) -> [String: String?] {
    ["rows_low": span.map { String($0.lowerBound) }, "rows_high": span.map { String($0.upperBound) }]
  }

  /// A row as the order sees it.
  struct Probe {
    var rowid: Int64
    var sortText: [UInt8]
    var id: String

    var key: [UInt8] { sortText + [0] + Array(id.utf8) }
  }

  /// The first row in `span` at or after `rowid`.
  static func probe(_ db: Database, from rowid: Int64, in span: ClosedRange<Int64>) throws -> Probe? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: "SELECT rowid, displayName, id FROM person WHERE rowid BETWEEN ? AND ? ORDER BY rowid LIMIT 1"),
      arguments: [rowid, span.upperBound])
    guard let row else { return nil }
    let name: String? = row[1]
    return Probe(
      rowid: row[0], sortText: Array(SearchRanking.sortText(name.map { CleanText($0).string } ?? "").utf8),
      id: PersonRow.identifier(row[2]) ?? "")
  }

  /// The first row of `span` for which `isAtOrPast` holds (it must hold for every row after one
  /// it holds for), nil when none does: a binary search over row ids, about 2 log₂(rows) probes.
  static func firstRow(_ db: Database, in span: ClosedRange<Int64>, where isAtOrPast: (Probe) -> Bool) throws
    -> Probe?
  {
    var low = span.lowerBound
    var high = span.upperBound + 1
    while low < high {
      let middle = low + (high - low) / 2
      guard let probe = try probe(db, from: middle, in: span), !isAtOrPast(probe) else {
        high = middle
        continue
      }
      low = probe.rowid + 1
    }
    return try probe(db, from: low, in: span)
  }

  /// Row ids of the live generation whose sort text starts with `prefix` (a sort text), nil when
  /// none does.
  static func rowids(_ db: Database, startingWith prefix: String, in span: ClosedRange<Int64>) throws
    -> ClosedRange<Int64>?
  {
    let prefix = Array(prefix.utf8)
    guard
      let first = try firstRow(db, in: span, where: { !$0.sortText.lexicographicallyPrecedes(prefix) }),
      first.sortText.starts(with: prefix)
    else { return nil }
    let past = try firstRow(db, in: first.rowid...span.upperBound) {
      !$0.sortText.starts(with: prefix) && !$0.sortText.lexicographicallyPrecedes(prefix)
    }
    return first.rowid...((past?.rowid ?? span.upperBound + 1) - 1)
  }
}
