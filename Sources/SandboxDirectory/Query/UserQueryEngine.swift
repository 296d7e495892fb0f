/// Runs `GET /users` query options against a directory with Graph's rules:
///
/// - `$search` needs `ConsistencyLevel: eventual`, `$filter` operators beyond the default set and
///   `$orderby` combined with `$filter`/`$search` need an advanced query (that header plus
///   `$count=true`).
/// - `$search` and `$filter` together must both match.
/// - Without `$orderby` the order is the directory's own (generation or file order), which is
///   stable, so paging by position is safe.
///
/// Checks happen in Graph's order: `$count` value, `$search` header, `$search` syntax, `$filter`
/// syntax and rules, then `$orderby`.
struct UserQueryEngine {
  let storage: DirectoryStorage

  func run(_ query: UserListQuery) throws(GraphQueryError) -> [Int] {
    let countRequested = try UserQueryEngine.countFlag(query.count)
    let advanced = query.consistencyLevelEventual && countRequested
    var search: SearchPredicate?
    if let text = query.search {
      guard query.consistencyLevelEventual else { throw .searchNeedsConsistencyLevel }
      search = try SearchParser<SearchPredicate>.parse(text)
    }
    var filter: FilterPredicate?
    if let text = query.filter {
      filter = try FilterPredicate(try FilterParser.parse(text), advanced: advanced)
    }
    var order: [OrderBy] = []
    if let text = query.orderby, !text.allSatisfy(\.isWhitespace) {
      order = try OrderBy.parse(text)
      if (query.filter != nil || query.search != nil) && !advanced { throw .sortingNotSupported }
    }
    // With $orderby, walk the precomputed sort order instead of sorting the matches.
    var candidates: [Int] = Array(storage.users.indices)
    if let primary = order.first {
      // The order is total (ties broken by id), so the first key decides everything.
      let sorted = storage.sortedIndexes(primary.field)
      candidates = primary.descending ? sorted.reversed() : sorted
    }
    var matches: [Int] = []
    if search == nil && filter == nil { return candidates }
    if storage.users.generated != nil {
      // Computed people: make each once for all clauses, folding names through a memo that is
      // dropped now and then (a million distinct names would be tens of megabytes).
      var memo = FoldingMemo()
      for (position, index) in candidates.enumerated() {
        if position % 50_000 == 0 { memo = FoldingMemo() }
        let facts = ComputedUserFacts(storage.users[index], memo: &memo)
        if let search, !search.matches(facts) { continue }
        if let filter, !filter.matches(facts) { continue }
        matches.append(index)
      }
      return matches
    }
    for index in candidates {
      let facts = StoredUserFacts(storage: storage, index: index)
      if let search, !search.matches(facts) { continue }
      if let filter, !filter.matches(facts) { continue }
      matches.append(index)
    }
    return matches
  }

  /// `$count` is `true` or `false` (any case); anything else is refused.
  static func countFlag(_ value: String?) throws(GraphQueryError) -> Bool {
    guard let value else { return false }
    switch value.lowercased() {
    case "true": return true
    case "false": return false
    default: throw .invalidCount(value)
    }
  }
}
