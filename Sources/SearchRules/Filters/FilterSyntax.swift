/// Splits typed search text into name words and filters (`dept:Sales jo` → the word `jo` and
/// `department` starting with `Sales`).
///
/// Why a `word:` that names no filter stays a word: people paste URLs and `user:pass`-like text,
/// and a search that refused them would be worse than one that looked for them. A word that does
/// name a filter but is malformed (`dept:` with no value, `is:robot`, an unclosed quote) is an
/// error with a sentence, never a guess: a silently dropped filter answers another question.
public enum FilterSyntax {
  /// The words and the filters of one text.
  public struct Parsed: Sendable, Hashable {
    /// The name words, in order, as typed (quotes kept as typed outside filters).
    public var words: [String]
    public var filters: [PersonFilter]

    public init(words: [String] = [], filters: [PersonFilter] = []) {
      self.words = words
      self.filters = filters
    }

    /// The name words joined by one space: what the name search is asked.
    public var text: String { words.joined(separator: " ") }
  }

  /// Why a text could not be read; `message` is a sentence for the status line or stderr.
  public struct Failure: Error, Sendable, Hashable {
    public var message: String
  }

  /// Longest value kept, as for words (`QueryWords`): no directory property is longer.
  static let maximumValueLength = 256

  /// Reads `text`; throws only for a word that names a filter and is malformed.
  public static func parse(_ text: String) throws(Failure) -> Parsed {
    var parsed = Parsed()
    var scanner = Substring(text)
    while let token = try nextToken(&scanner) {
      if let filter = try filter(key: token.key, value: token.value) {
        parsed.filters.append(filter)
      } else {
        parsed.words.append(token.raw)
      }
    }
    return parsed
  }

  /// Whether `text` holds anything that looks like a filter (cheap: no parse, no allocation of words).
  public static func mayHoldFilters(_ text: String) -> Bool { text.contains(":") }

  private struct Token {
    var raw: String
    var key: String?
    var value: String
  }

  /// The next whitespace-separated token; a value opened by `"` right after `key:` runs to the
  /// closing quote, spaces and all.
  private static func nextToken(_ rest: inout Substring) throws(Failure) -> Token? {
    rest = rest.drop(while: \.isWhitespace)
    guard !rest.isEmpty else { return nil }
    let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
    let word = rest[..<end]
    guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else {
      rest = rest[end...]
      return Token(raw: String(word), key: nil, value: "")
    }
    let key = String(word[..<colon])
    let afterColon = rest.index(after: colon)
    guard afterColon < rest.endIndex, rest[afterColon] == "\"", isFilterKey(key) else {
      rest = rest[end...]
      return Token(raw: String(word), key: key, value: String(word[word.index(after: colon)...]))
    }
    let valueStart = rest.index(after: afterColon)
    guard let close = rest[valueStart...].firstIndex(of: "\"") else {
      throw Failure(message: "\(key): opens a quote that is not closed; write \(key):\"…\".")
    }
    let value = String(rest[valueStart..<close])
    let raw = String(rest[..<rest.index(after: close)])
    rest = rest[rest.index(after: close)...]
    return Token(raw: raw, key: key, value: value)
  }

  private static func isFilterKey(_ key: String) -> Bool {
    let key = key.lowercased()
    return FilterProperty.allCases.contains { $0.keys.contains(key) }
      || ["manager", "under", "is", "has"].contains(key)
  }

  /// The filter `key:value` names; nil when `key` names no filter (the token is a word).
  private static func filter(key: String?, value rawValue: String) throws(Failure) -> PersonFilter? {
    guard let key, isFilterKey(key) else { return nil }
    let lowered = key.lowercased()
    let value = String(trimmed(rawValue).prefix(maximumValueLength))
    guard !value.isEmpty else {
      throw Failure(message: "\(key): needs a value, as in \(lowered):Sales or \(lowered):\"two words\".")
    }
    if let property = FilterProperty.allCases.first(where: { $0.keys.contains(lowered) }) {
      return .property(property, value)
    }
    switch (lowered, value.lowercased()) {
    case ("manager", _): return .manager(value)
    case ("under", _): return .under(value)
    case ("is", "guest"): return .guest
    case ("is", "member"): return .member
    case ("is", "disabled"): return .disabled
    case ("is", _): throw Failure(message: "is: takes guest, member or disabled, not “\(value)”.")
    case ("has", "mobile"): return .hasMobile
    default: throw Failure(message: "has: takes mobile, not “\(value)”.")
    }
  }

  private static func trimmed(_ text: String) -> Substring {
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
    return text[start..<max(start, end)]
  }

  /// `value`, in quotes when it holds a space (so it reads back as one filter).
  static func quotedIfNeeded(_ value: String) -> String {
    value.contains(where: \.isWhitespace) ? "\"\(value)\"" : value
  }
}
