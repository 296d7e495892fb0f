import SearchRules

extension AppState {
  /// The search text with the filter at its end completed (`FilterCompletion`: `dep` → `dept:`,
  /// `dept:res` → `dept:Research`, values read from the complete index), or nil when there is
  /// nothing to complete: what Tab does in the search field before it switches panes.
  public func completedFilter() -> String? {
    guard mayCompleteFilter else { return nil }
    let values = index.filterValues
    return FilterCompletion.complete(field.query.string) { values[$0] ?? [] }
  }

  /// Whether the search text ends in a filter being typed (no values read: cheap enough for every
  /// key table the list builds).
  public var mayCompleteFilter: Bool { FilterCompletion.mayComplete(field.query.string) }
}
