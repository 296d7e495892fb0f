/// Graph's `$search` rule for one word, applied locally: to words the server was not sent (past
/// `QueryStyle.serverWordLimit`) by the live path and the index alike, so both narrow the same
/// way, and as the exact half of the reducer's narrowing (`Narrowing`).
///
/// A word matches when it starts a tokenized property's token for each of its parts (any order),
/// or starts a prefix-compared property, both after `TextFolding.searchFolded`. A word that folds
/// to nothing matches everything, as `startsWith(x, '')` is true. The word is folded and split
/// once, here, not again for every record it is checked against.
public struct WordMatch: Sendable, Equatable {
  /// The word folded (`TextFolding.searchFolded`).
  let folded: String
  /// The word's folded parts (`NameTokenizer.queryTokens`); empty when it has none, then it is
  /// not looked for in tokenized properties (`SearchSchema.properties(for:)`).
  let parts: [String]

  public init(_ word: String) {
    folded = TextFolding.searchFolded(word)
    parts = QueryWords.hasToken(word) ? NameTokenizer.queryTokens(word).filter { !$0.isEmpty } : []
  }

  public func matches(_ fields: SearchFields) -> Bool { matches(fields, foldedValues: nil) }

  /// `foldedValues`, when given, are `fields`' values already folded, in order.
  func matches(_ fields: SearchFields, foldedValues: [String]?) -> Bool {
    if folded.isEmpty { return true }
    for (position, field) in fields.fields.enumerated() {
      switch field.property.matching {
      case .prefix:
        let value = foldedValues?[position] ?? TextFolding.searchFolded(field.value)
        if value.utf8.starts(with: folded.utf8) { return true }
      case .tokens:
        if parts.isEmpty { continue }
        let tokens = NameTokenizer.indexTokens(field.value)
        if parts.allSatisfy({ part in tokens.contains { $0.utf8.starts(with: part.utf8) } }) { return true }
      }
    }
    return false
  }

  /// Whether every one of `words` matches (true for no words); for one record, as tests ask.
  /// Checking many records, prepare the words once: `words.map(WordMatch.init)`.
  public static func matches(allOf words: [String], in fields: SearchFields) -> Bool {
    words.allSatisfy { WordMatch($0).matches(fields) }
  }

  /// `$filter`'s `startswith(property, phrase)`: case-insensitive, accents significant.
  public static func value(_ value: String?, startsWith phrase: String) -> Bool {
    guard let value else { return false }
    return TextFolding.caseFolded(value).utf8.starts(with: TextFolding.caseFolded(phrase).utf8)
  }
}

/// A record's search fields folded and split into tokens once, for a record checked against many
/// queries (the index's near people, held in memory and checked at every key): `WordMatch` then
/// compares bytes only.
public struct PreparedSearchFields: Sendable {
  /// Each field's folded value (`TextFolding.searchFolded`), for prefix-compared properties.
  let folded: [String]
  /// Each field's tokens (`NameTokenizer.indexTokens`), for tokenized properties; empty otherwise.
  let tokens: [[String]]
  let matching: [SearchedProperty.Matching]

  public init(_ fields: SearchFields) {
    matching = fields.fields.map(\.property.matching)
    folded = fields.fields.map { $0.property.matching == .prefix ? TextFolding.searchFolded($0.value) : "" }
    tokens = fields.fields.map { $0.property.matching == .tokens ? NameTokenizer.indexTokens($0.value) : [] }
  }
}

extension WordMatch {
  /// `matches(_:)` over fields prepared once: the same rule.
  public func matches(_ prepared: PreparedSearchFields) -> Bool {
    if folded.isEmpty { return true }
    for position in prepared.matching.indices {
      switch prepared.matching[position] {
      case .prefix:
        if prepared.folded[position].utf8.starts(with: folded.utf8) { return true }
      case .tokens:
        if parts.isEmpty { continue }
        let tokens = prepared.tokens[position]
        if parts.allSatisfy({ part in tokens.contains { $0.utf8.starts(with: part.utf8) } }) { return true }
      }
    }
    return false
  }
}
