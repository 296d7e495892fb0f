import SearchRules

extension FieldState {
  /// The field's text as a people query: name words and filters (`PeopleQuery.parsing`).
  public func peopleQuery(pageSize: Int, closeMatchesBelow: Int = 0) -> Result<PeopleQuery, FilterSyntax.Failure> {
    PeopleQuery.parsing(query.string, pageSize: pageSize, closeMatchesBelow: closeMatchesBelow)
  }

  /// The field's `dept:`, `is:` … filters; empty when it holds none or a malformed one.
  public var filters: [PersonFilter] {
    guard FilterSyntax.mayHoldFilters(query.string), case .success(let parsed) = peopleQuery(pageSize: 1) else {
      return []
    }
    return parsed.filters
  }

  /// Whether the field holds `dept:`, `is:` … filters.
  public var holdsFilters: Bool { !filters.isEmpty }

  /// Whether the field is a people query by its filters, well formed or not (`dept:Sales`,
  /// `office:London`, `dept:` alone): groups and rooms, which have no department, office or
  /// manager, list nothing for it. Searched as words, a filter's name found "London Office" for
  /// `office:London`.
  public var narrowsPeopleOnly: Bool {
    guard FilterSyntax.mayHoldFilters(query.string) else { return false }
    switch peopleQuery(pageSize: 1) {
    case .failure: return true
    case .success(let parsed): return !parsed.filters.isEmpty
    }
  }
}

extension AppState {
  /// Whether the field's filters are asked of Graph: there is no usable index, or it cannot answer
  /// one of them (`IndexFilterSupport`). The status line says so.
  public var filtersAskGraph: Bool { field.holdsFilters && !indexAnswersSearch }
}

extension AppState {
  /// Whether the index answers the field's query: usable, and able to answer its filters (issue
  /// 32: the same answers as Graph's `$filter`, in the key's own frame; `IndexFilterSupport`
  /// says which it cannot, and those go to Graph). Read from state by the search and the status
  /// line alike.
  var indexAnswersSearch: Bool {
    guard index.isUsable(at: now) else { return false }
    let filters = field.filters
    guard !filters.isEmpty else { return true }
    return (index.summary?.filters ?? .everything).refusal(filters) == nil
  }
}
