import GRDB
import SearchRules

/// The values a filter can take, from the people in the index (issue 32: completion of filter
/// values in the search field): every department, title, company, city, country and office of the
/// live generation, sorted, at most `filterValueLimit` of each.
extension DirectoryIndex {
  /// Enough to complete from; a directory with more offices than this completes the first ones.
  static let filterValueLimit = 5_000

  /// Distinct values of each filter property, sorted case-blind. Read in the background once the
  /// index is complete (after it attaches and after each sync; `.index(.readFilterValues)`), and by
  /// shell completion, so it should not read every person: a column with a filter index
  /// (`v9-filter-indexes`) is read by skipping through the index a value at a time (one seek each:
  /// 85 job titles at 200,000 people in under 1 ms, where reading every person's row through the
  /// generation index took 130 ms a column); offices, indexed by key only, are read by one pass
  /// over the table that stops at `filterValueLimit`.
  public func filterValues() throws -> [FilterProperty: [String]] {
    try read { db, terms in
      let generation = try Self.liveGeneration(db)
      var values: [FilterProperty: [String]] = [:]
      for property in FilterProperty.allCases {
        let column = IndexFilterClause.column(property)
        let stored =
          Self.filterIndexes.contains { $0.name == "person_\(column)" }
          ? try Self.distinctThroughIndex(db, column: column)
          : try DatabaseValue.fetchAll(
            db,
            sql: """
              SELECT DISTINCT \(column) FROM person NOT INDEXED
              WHERE generation = ? AND \(column) IS NOT NULL LIMIT ?
              """,
            arguments: [generation, Self.filterValueLimit])
        let texts = Set(stored.compactMap { terms.text($0) }.filter { !$0.isEmpty })
        values[property] = texts.sorted { $0.lowercased() < $1.lowercased() }
      }
      return values
    }
  }

  /// The distinct values of an indexed column, smallest first, up to `filterValueLimit`: each the
  /// least value above the one before, which SQLite finds with one seek in the partial index (a
  /// comparison implies `IS NOT NULL`). Every generation counts: outside a full sync's finishing
  /// transaction `person` holds only the live one (a full sync stages the next elsewhere).
  private static func distinctThroughIndex(_ db: Database, column: String) throws -> [DatabaseValue] {
    let after = try db.makeStatement(sql: "SELECT min(\(column)) FROM person WHERE \(column) > ?")
    var value = try DatabaseValue.fetchOne(db, sql: "SELECT min(\(column)) FROM person WHERE \(column) IS NOT NULL")
    var found: [DatabaseValue] = []
    while let current = value, !current.isNull, found.count < filterValueLimit {
      found.append(current)
      value = try DatabaseValue.fetchOne(after, arguments: [current])
    }
    return found
  }
}
