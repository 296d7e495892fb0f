import Graph
import RosterCore
import SandboxDirectory

/// A people search turned into an FTS5 `MATCH` expression with the semantics of the `$search`
/// Roster sends Graph (`UserQuery`): each word is `displayName` tokens (every query token a
/// prefix of some name token) OR a prefix of given name, surname, mail or UPN; words are AND-ed;
/// words past the eighth are checked locally, as the live path does.
struct IndexQuery: Equatable {
  /// nil when the text has no words (an empty search lists no one, as the live path does).
  var match: String?
  /// Words checked on each candidate in Swift.
  var localWords: [String]
  /// True when some word folds to nothing: it constrains nobody, as `startsWith(x, '')` is true.
  var isEmpty: Bool { match == nil }

  init(_ text: String) {
    let words = SearchWords.split(text)
    localWords = words.local
    var groups: [String] = []
    for word in words.server {
      var alternatives: [String] = []
      let folded = SearchText.folded(word)
      // An empty prefix matches every person with any of the fields: no constraint at all.
      if folded.isEmpty { continue }
      if SearchWords.searchesDisplayName(word) {
        let tokens = SearchText.queryTokens(word).filter { !$0.isEmpty }
        if !tokens.isEmpty {
          let prefixes = tokens.map { "\"\(IndexTokens.hex($0))\"*" }
          alternatives.append("name : (" + prefixes.joined(separator: " AND ") + ")")
        }
      }
      alternatives.append("fields : \"\(IndexTokens.hex(folded))\"*")
      groups.append("(" + alternatives.joined(separator: " OR ") + ")")
    }
    match = groups.isEmpty ? (words.server.isEmpty ? nil : "*") : groups.joined(separator: " AND ")
  }
}
