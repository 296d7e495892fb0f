import SearchRules

extension SearchState {
  /// The field's text as a people query: name words and filters (`PeopleQuery.parsing`).
  public func peopleQuery(pageSize: Int, closeMatchesBelow: Int = 0) -> Result<PeopleQuery, FilterSyntax.Failure> {
    PeopleQuery.parsing(query.string, pageSize: pageSize, closeMatchesBelow: closeMatchesBelow)
  }

  /// Whether the field holds `dept:`, `is:` … filters. The index has no columns for them yet, so
  /// such a query goes to Graph even when the index could answer its words: filtering the index's
  /// first page of name matches in Swift would drop people past that page, and a query of filters
  /// only has no words for the index to match at all.
  public var holdsFilters: Bool {
    guard FilterSyntax.mayHoldFilters(query.string), case .success(let parsed) = peopleQuery(pageSize: 1) else {
      return false
    }
    return !parsed.filters.isEmpty
  }
}

extension IndexReducer {
  /// Whether the index answers the field's query: usable, and no filters in it (`holdsFilters`).
  static func answersSearch(_ state: AppState) -> Bool {
    state.index.isUsable(at: state.now) && !state.search.holdsFilters
  }
}
