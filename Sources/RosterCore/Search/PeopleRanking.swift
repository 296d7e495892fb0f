import SearchRules

/// `SearchRanking` over people: the one order of results in the list, the index and the CLI.
public enum PeopleRanking {
  /// `people` in the ranking's order for `query` (as typed). People an identifier found
  /// (`Person.matchedIdentifier`: an alias, other mail or employee id typed instead of a name) come
  /// first, as the index lists them, then the rest in the ranking.
  public static func ranked(_ people: [Person], for query: String) -> [Person] {
    guard people.count > 1 else { return people }
    let found = people.filter { $0.matchedIdentifier != nil }
    let rest = found.isEmpty ? people : people.filter { $0.matchedIdentifier == nil }
    return found + SearchRanking(query).ranked(rest, fields: \.searchFields, id: \.id)
  }
}
