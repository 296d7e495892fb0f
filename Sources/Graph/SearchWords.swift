import RosterCore

/// How Roster turns typed text into `$search` words, for the local index, which must answer the
/// same query with the same people (`UserQuery` is the one definition).
public enum SearchWords {
  /// Words sent to Graph (at most `UserQuery.maxSearchWords`) and words checked locally after.
  public static func split(_ text: String) -> (server: [String], local: [String]) {
    let words = UserQuery.words(in: text)
    return (Array(words.prefix(UserQuery.maxSearchWords)), Array(words.dropFirst(UserQuery.maxSearchWords)))
  }

  /// Whether the word is also looked for among display-name tokens (it has a letter or digit).
  public static func searchesDisplayName(_ word: String) -> Bool {
    UserQuery.searchProperties(for: word).contains("displayName")
  }

  /// The local check for words Graph was not sent.
  public static func matchesLocally(_ person: Person, words: [String]) -> Bool { person.matches(allOf: words) }
}
