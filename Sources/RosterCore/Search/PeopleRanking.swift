import SearchRules

/// `SearchRanking` over people: the one order of results in the list, the index and the CLI.
public enum PeopleRanking {
  /// `people` in the ranking's order for `query` (as typed).
  public static func ranked(_ people: [Person], for query: String) -> [Person] {
    guard people.count > 1 else { return people }
    return SearchRanking(query).ranked(people, fields: \.searchFields, id: \.id)
  }
}
