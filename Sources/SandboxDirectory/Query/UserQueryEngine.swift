import Foundation

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
    var filter: FilterPredicate<UserFilterField>?
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
    if storage.users.generated != nil { return scanComputed(candidates, search: search, filter: filter) }
    for index in candidates {
      let facts = StoredUserFacts(storage: storage, index: index)
      if let search, !search.matches(facts) { continue }
      if let filter, !filter.matches(facts) { continue }
      matches.append(index)
    }
    return matches
  }

  /// Computed people: each made once for all clauses, folding names through a memo that is
  /// dropped now and then (a million distinct names would be tens of megabytes). A million people
  /// take seconds, so the scan is split across the cores, each slice with its own memo, and the
  /// slices' matches joined in order.
  private func scanComputed(_ candidates: [Int], search: SearchPredicate?, filter: FilterPredicate<UserFilterField>?)
    -> [Int]
  {
    let slices = candidates.count >= 2048 ? max(1, min(8, ProcessInfo.processInfo.activeProcessorCount)) : 1
    let sliceSize = (candidates.count + slices - 1) / slices
    let results = SliceResults(count: slices)
    defer { results.free() }
    let people = storage.users
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      var memo = FoldingMemo()
      var found: [Int] = []
      for position in slice * sliceSize..<min(candidates.count, (slice + 1) * sliceSize) {
        if position % 50_000 == 0 { memo = FoldingMemo() }
        let index = candidates[position]
        let facts = ComputedUserFacts(people[index], memo: &memo)
        if let search, !search.matches(facts) { continue }
        if let filter, !filter.matches(facts) { continue }
        found.append(index)
      }
      results.slots[slice] = found
    }
    return results.slots.flatMap { $0 }
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

/// One slot per slice of a parallel scan; each slice writes only its own slot.
private struct SliceResults: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<[Int]>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: [])
  }

  func free() {
    _ = slots.deinitialize()
    slots.deallocate()
  }
}
