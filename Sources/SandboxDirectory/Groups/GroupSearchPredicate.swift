import SearchRules

/// A parsed group `$search`: Graph searches groups by displayName and description, both
/// tokenized like a person's name (same tokenizer, same folding, same quoting as users).
indirect enum GroupSearchPredicate: SearchClauseBuilding {
  case and(GroupSearchPredicate, GroupSearchPredicate)
  case or(GroupSearchPredicate, GroupSearchPredicate)
  case displayNameTokens([String])
  case descriptionTokens([String])
  /// `mail:` and `mailNickname:` match by prefix, as for users.
  case prefix(GroupField, String)

  static func clause(_ content: String) throws(GraphQueryError) -> GroupSearchPredicate {
    var field = GroupField.displayName
    let (name, text) = SearchClause.split(content)
    if let name {
      guard let named = GroupField.named(name) else { throw .unknownGroupProperty(name) }
      guard [.displayName, .description, .mail, .mailNickname].contains(named) else {
        throw .unsupportedGroupClause(property: named.name)
      }
      field = named
    }
    switch field {
    case .displayName: return .displayNameTokens(NameTokenizer.queryTokens(text))
    case .description: return .descriptionTokens(NameTokenizer.queryTokens(text))
    default: return .prefix(field, TextFolding.searchFolded(text))
    }
  }

  func matches(_ storage: GroupStorage, _ index: Int) -> Bool {
    switch self {
    case .and(let left, let right): return left.matches(storage, index) && right.matches(storage, index)
    case .or(let left, let right): return left.matches(storage, index) || right.matches(storage, index)
    case .displayNameTokens(let query):
      return SearchClause.tokensMatch(
        query, storage.records.nameTokens[index], present: storage.groups[index].displayName != nil)
    case .descriptionTokens(let query):
      return SearchClause.tokensMatch(
        query, storage.records.descriptionTokens[index], present: storage.groups[index].description != nil)
    case .prefix(let field, let prefix):
      guard let value = field.string(of: storage.groups[index]) else { return false }
      return TextFolding.searchFolded(value).utf8.starts(with: prefix.utf8)
    }
  }
}
