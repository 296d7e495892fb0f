import SearchRules

extension PeopleQuery {
  /// The query for text as typed in the field or on the command line: name words in `text`,
  /// `dept:`, `is:` … in `filters`. Fails with a sentence for a malformed filter (`dept:` alone).
  public static func parsing(_ typed: String, pageSize: Int, closeMatchesBelow: Int = 0)
    -> Result<PeopleQuery, FilterSyntax.Failure>
  {
    // Most text holds no colon: it is the name search as before, byte for byte.
    guard FilterSyntax.mayHoldFilters(typed) else {
      return .success(PeopleQuery(text: typed, pageSize: pageSize, closeMatchesBelow: closeMatchesBelow))
    }
    do throws(FilterSyntax.Failure) {
      let parsed = try FilterSyntax.parse(typed)
      return .success(
        PeopleQuery(
          text: parsed.text, pageSize: pageSize, closeMatchesBelow: closeMatchesBelow, filters: parsed.filters))
    } catch {
      return .failure(error)
    }
  }
}
