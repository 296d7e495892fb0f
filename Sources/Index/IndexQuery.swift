import SearchRules

/// A people search turned into an FTS5 `MATCH` expression with the semantics of the `$search`
/// Roster sends Graph (`SearchRules`): each word is tokens of the tokenized properties (every
/// query part a prefix of some token) OR a prefix of one of the prefix-compared properties; words
/// are AND-ed; words past the server's limit are checked locally (`WordMatch`), as the live path
/// does.
struct IndexQuery: Equatable {
  /// nil when the text has no words (an empty search lists no one, as the live path does).
  var match: String?
  /// The same match with each word looked for in the display name's tokens only: the people
  /// `SearchRanking` puts in its first two tiers. nil when some word cannot be (symbols only).
  var nameMatch: String?
  /// Each server word's group of alternatives, in order (close matches add to them).
  var groups: [String]
  /// Words checked on each candidate in Swift.
  var localWords: [String]
  /// `localWords` prepared for checking, once per query.
  var localRules: [WordMatch]
  /// True when some word folds to nothing: it constrains nobody, as `startsWith(x, '')` is true.
  var isEmpty: Bool { match == nil }

  init(_ text: String) {
    let words = QueryWords(text, style: .search)
    localWords = words.local
    localRules = words.local.map(WordMatch.init)
    var groups: [String] = []
    var nameGroups: [String]? = []
    for word in words.server {
      var alternatives: [String] = []
      let folded = TextFolding.searchFolded(word)
      // An empty prefix matches every person with any of the fields: no constraint at all.
      if folded.isEmpty { continue }
      if SearchSchema.people.properties(for: word).contains(where: { $0.matching == .tokens }) {
        let tokens = NameTokenizer.queryTokens(word).filter { !$0.isEmpty }
        if !tokens.isEmpty {
          let prefixes = tokens.map { "\"\(IndexTokens.raw($0))\"*" }
          alternatives.append("name : (" + prefixes.joined(separator: " AND ") + ")")
          nameGroups?.append("(" + alternatives[0] + ")")
        } else {
          nameGroups = nil
        }
      } else {
        nameGroups = nil
      }
      alternatives.append("fields : \"\(IndexTokens.raw(folded))\"*")
      groups.append("(" + alternatives.joined(separator: " OR ") + ")")
    }
    match = groups.isEmpty ? (words.server.isEmpty ? nil : "*") : groups.joined(separator: " AND ")
    self.groups = groups
    nameMatch = nameGroups.flatMap { $0.isEmpty ? nil : $0.joined(separator: " AND ") }
  }
}
