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
    asciiIndexTokens(name) ?? generalIndexTokens(name)
  }

  /// `indexTokens` of ASCII text by its bytes: the same rules (letters and digits, a change
  /// between them or from lower to upper case starts a part), without a Unicode property look-up
  /// a character. Close matches tokenize every candidate's name with it. nil for other text.
  static func asciiIndexTokens(_ name: String) -> [String]? {
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var tokens = Set<String>()
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func lowered(_ bytes: ArraySlice<UInt8>) -> String {
      String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    let bytes = Array(name.utf8)
    for word in bytes.split(whereSeparator: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }) {
      var parts = 0
      var start: Int?
      var previous: UInt8?
      for index in word.indices {
        let byte = word[index]
        guard isLetter(byte) || isDigit(byte) else {
          if let first = start {
            tokens.insert(lowered(word[first..<index]))
            parts += 1
          }
          start = nil
          previous = nil
          continue
        }
        if let last = previous, let first = start,
          isLetter(last) != isLetter(byte) || (last >= 0x61 && last <= 0x7A && byte >= 0x41 && byte <= 0x5A)
        {
          tokens.insert(lowered(word[first..<index]))
          parts += 1
          start = index
        }
        if start == nil { start = index }
        previous = byte
      }
      if let first = start {
        tokens.insert(lowered(word[first..<word.endIndex]))
        parts += 1
      }
      if parts > 1 {
        let whole = word.filter { isLetter($0) || isDigit($0) }
        if !whole.isEmpty { tokens.insert(lowered(whole[...])) }
      }
    }
    return tokens.sorted()
  }

  /// `indexTokens` of any text.
  static func generalIndexTokens(_ name: String) -> [String] {
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
