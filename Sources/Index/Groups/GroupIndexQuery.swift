import SearchRules

/// A group search as an FTS5 `MATCH` with the semantics of the `$search` Roster sends Graph for
/// groups (`ODataText.searchExpression` over `SearchSchema.groups`): each word is its parts as
/// token prefixes in the display name OR in the description; words are AND-ed; a word no group
/// property can match (symbols only) constrains nothing and is not sent, and a query of only
/// such words finds no group; words past the server's limit are checked locally (`WordMatch`).
struct GroupIndexQuery: Equatable {
  var match: String?
  /// The same words looked for in the display name alone: the groups listed before those found
  /// only by their description (`GroupOrder`).
  var nameMatch: String?
  /// `LIKE` pattern for a display name that starts with the first word (ASCII case ignored; the
  /// list sorts the page again with accents folded, `GroupOrder`).
  var startsWith: String
  var localRules: [WordMatch]

  init(_ text: String) {
    let words = QueryWords(text, style: .search)
    localRules = words.local.map(WordMatch.init)
    var groups: [String] = []
    var names: [String] = []
    for word in words.server where !SearchSchema.groups.properties(for: word).isEmpty {
      let tokens = NameTokenizer.queryTokens(word).filter { !$0.isEmpty }
      guard !tokens.isEmpty else { continue }
      let prefixes = "(" + tokens.map { "\"\(IndexTokens.raw($0))\"*" }.joined(separator: " AND ") + ")"
      groups.append("(name : \(prefixes) OR about : \(prefixes))")
      names.append("(name : \(prefixes))")
    }
    match = groups.isEmpty ? nil : groups.joined(separator: " AND ")
    nameMatch = names.isEmpty ? nil : names.joined(separator: " AND ")
    let first = Narrowing.words(text).first ?? ""
    startsWith = Self.likeEscaped(first) + "%"
  }

  /// `text` as a literal in a `LIKE … ESCAPE '\'` pattern.
  static func likeEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
  }
}
