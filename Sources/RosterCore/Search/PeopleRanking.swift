import SearchRules

/// `SearchRanking` over people: the one order of results in the list, the index and the CLI.
public enum PeopleRanking {
  /// `people` in the ranking's order for `query` (as typed). People an identifier found
  /// (`Person.matchedIdentifier`: an alias, other mail or employee id typed instead of a name) come
  /// first, as the index lists them, then the rest in the ranking.
  /// Within each tier the person's own people (`closeness`) come first.
  public static func ranked(_ people: [Person], for query: String, closeness: Closeness = .none) -> [Person] {
    guard people.count > 1 else { return people }
    let found = people.filter { $0.matchedIdentifier != nil }
    let rest = found.isEmpty ? people : people.filter { $0.matchedIdentifier == nil }
    return found + SearchRanking(query, closeness: closeness).ranked(rest, fields: \.searchFields, id: \.id)
  }
}
