import SearchRules

/// A parsed `$search`: displayName clauses match tokens, other properties match by prefix, both
/// case- and accent-insensitively (see `TextFolding`).
indirect enum SearchPredicate: SearchClauseBuilding, Sendable {
  case and(SearchPredicate, SearchPredicate)
  case or(SearchPredicate, SearchPredicate)
  /// Every query token must be a prefix of some display-name token, in any order.
  case displayNameTokens([String])
  /// The folded property value starts with the folded text.
  case prefix(UserField, String)

  /// The clause inside quotes: `property:text`, or just `text` for displayName.
  static func clause(_ content: String) throws(GraphQueryError) -> SearchPredicate {
    var field = UserField.displayName
    var text = content
    // By scalar, not Character: a combining mark typed first ("givenName:\u{301}") would
    // otherwise fuse with the colon into one grapheme and hide the property name.
    let scalars = content.unicodeScalars
    if let colon = scalars.firstIndex(of: ":") {
      let name = String(scalars[..<colon])
      if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) {
        guard let named = UserField.named(name) else { throw .unknownProperty(name) }
        guard named.isSearchable else { throw .unsupportedClause(property: named.name) }
        field = named
        text = String(scalars[scalars.index(after: colon)...])
      }
    }
    if field == .displayName { return .displayNameTokens(NameTokenizer.queryTokens(text)) }
    return .prefix(field, TextFolding.searchFolded(text))
  }

  func matches(_ facts: some UserFacts) -> Bool {
    switch self {
    case .and(let left, let right): return left.matches(facts) && right.matches(facts)
    case .or(let left, let right): return left.matches(facts) || right.matches(facts)
    case .displayNameTokens(let queryTokens):
      let nameTokens = facts.nameTokens
      if nameTokens.isEmpty { return queryTokens.isEmpty && facts.user.displayName != nil }
      return queryTokens.allSatisfy { query in nameTokens.contains { $0.utf8.starts(with: query.utf8) } }
    case .prefix(let field, let prefix):
      guard let value = facts.searchFolded(field) else { return false }
      return value.utf8.starts(with: prefix.utf8)
    }
  }
}
