/// Splits display names into `$search` tokens the way Graph describes its tokenized search:
/// on spaces and symbols, on a change from lower to upper case and between letters and digits.
/// Han ideographs and hiragana are one token each (as a standard text analyzer does), so a
/// Chinese given name written after the surname is still found.
///
/// For the indexed side, each space-separated word is also kept whole without its symbols
/// ("O'Brien" → "obrien", "McDonald" → "mcdonald"), so typing a name without its punctuation or
/// inner capital still matches. Queries are split only into parts.
public enum NameTokenizer {
  /// Folded tokens of a stored display name: parts plus whole words.
  public static func indexTokens(_ name: String) -> [String] {
    var tokens = Set<String>()
    for word in name.split(whereSeparator: { $0.isWhitespace }) {
      let parts = splitParts(String(word))
      for part in parts { tokens.insert(TextFolding.searchFolded(part)) }
      if parts.count > 1 {
        let whole = String(word.filter { $0.isLetter || $0.isNumber })
        if !whole.isEmpty { tokens.insert(TextFolding.searchFolded(whole)) }
      }
    }
    return tokens.sorted()
  }

  /// Folded tokens of a query: parts only.
  public static func queryTokens(_ text: String) -> [String] {
    splitParts(text).map(TextFolding.searchFolded)
  }

  private enum Kind { case letter, digit, separator }

  public static func splitParts(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var previous: Character?
    func flush() {
      if !current.isEmpty { parts.append(current) }
      current = ""
    }
    for character in text {
      let kind: Kind = character.isLetter ? .letter : (character.isNumber ? .digit : .separator)
      if kind == .separator {
        flush()
        previous = nil
        continue
      }
      if isSingleCharacterToken(character) {
        flush()
        parts.append(String(character))
        previous = nil
        continue
      }
      if let last = previous {
        let lastKind: Kind = last.isLetter ? .letter : .digit
        let caseChange = last.isLowercase && character.isUppercase
        if lastKind != kind || caseChange { flush() }
      }
      current.append(character)
      previous = character
    }
    flush()
    return parts
  }

  private static func isSingleCharacterToken(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3040...0x309F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
    default: return false
    }
  }
}
