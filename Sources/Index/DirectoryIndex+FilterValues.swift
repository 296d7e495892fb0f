import GRDB
import SearchRules

/// The values a filter can take, from the people in the index (issue 32: completion of filter
/// values in the search field): every department, title, company, city, country and office of the
/// live generation, sorted, at most `filterValueLimit` of each.
extension DirectoryIndex {
  /// Enough to complete from; a directory with more offices than this completes the first ones.
  static let filterValueLimit = 5_000

  /// Distinct values of each filter property, sorted case-blind. A scan of the live rows (about
  /// 40 ms at 200,000 people), read once a session in the background.
  public func filterValues() throws -> [FilterProperty: [String]] {
    try read { db, terms in
      let generation = try Self.liveGeneration(db)
      var values: [FilterProperty: [String]] = [:]
      for property in FilterProperty.allCases {
        let column = IndexFilterClause.column(property)
        let stored = try DatabaseValue.fetchAll(
          db,
          sql: """
            SELECT DISTINCT \(column) FROM person WHERE generation = ? AND \(column) IS NOT NULL LIMIT ?
            """,
          arguments: [generation, Self.filterValueLimit])
        let texts = Set(stored.compactMap { terms.text($0) }.filter { !$0.isEmpty })
        values[property] = texts.sorted { $0.lowercased() < $1.lowercased() }
      }
      return values
    }
  }
}
