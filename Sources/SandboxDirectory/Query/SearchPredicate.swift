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
    let (name, text) = SearchClause.split(content)
    if let name {
      guard let named = UserField.named(name) else { throw .unknownProperty(name) }
      guard named.isSearchable else { throw .unsupportedClause(property: named.name) }
      field = named
    }
    if field == .displayName { return .displayNameTokens(NameTokenizer.queryTokens(text)) }
    return .prefix(field, TextFolding.searchFolded(text))
  }

  func matches(_ facts: some UserFacts) -> Bool {
    switch self {
    case .and(let left, let right): return left.matches(facts) && right.matches(facts)
    case .or(let left, let right): return left.matches(facts) || right.matches(facts)
    case .displayNameTokens(let queryTokens):
      return SearchClause.tokensMatch(queryTokens, facts.nameTokens, present: facts.user.displayName != nil)
    case .prefix(let field, let prefix):
      guard let value = facts.searchFolded(field) else { return false }
      return value.utf8.starts(with: prefix.utf8)
    }
  }
}
