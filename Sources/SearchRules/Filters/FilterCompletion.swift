/// Completion of the filter being typed at the end of the search field (issue 32): Tab turns
/// `dep` into `dept:`, `dept:res` into `dept:Research` (the values the index knows), `is:g` into
/// `is:guest`. Like a shell's: the longest text every candidate shares; a single candidate is
/// completed whole with a space after it, so the next word can follow.
public enum FilterCompletion {
  /// Every filter's name, short forms first (what a partial name completes to).
  public static let keys = ["dept", "title", "office", "company", "city", "country", "manager", "under", "is", "has"]

  /// `text` with its last word completed, or nil when there is nothing to complete (the last
  /// word is no filter's beginning, no value known starts so, or it is complete already).
  /// `values` are the known values of a property (from the index; none without one).
  public static func complete(_ text: String, values: (FilterProperty) -> [String]) -> String? {
    guard let last = text.last, !last.isWhitespace else { return nil }
    let start = lastWordStart(text)
    let word = text[start...]
    let head = String(text[..<start])
    guard let colon = word.firstIndex(of: ":") else {
      // A name is completed from three letters on (or when whole): "ma" + Tab may be Maria's
      // first letters and a move to the pane, never "manager:".
      let typed = word.lowercased()
      guard typed.count >= 3 || keys.contains(typed) else { return nil }
      let names = keys.filter { $0.hasPrefix(typed) }
      guard let completed = shared(names.map { $0 + ":" }, beyond: word.count) else { return nil }
      return head + completed
    }
    let key = word[..<colon].lowercased()
    var typed = String(word[word.index(after: colon)...])
    if typed.hasPrefix("\"") { typed.removeFirst() }
    let candidates = candidates(key: key, values: values).filter {
      TextFolding.caseFolded($0).hasPrefix(TextFolding.caseFolded(typed))
    }
    let prefix = String(word[...colon])
    if candidates.count == 1, let only = candidates.first {
      return head + prefix + FilterSyntax.quotedIfNeeded(only) + " "
    }
    // Several: what they share, up to its last whole word when a space would follow (a value
    // with a space must be quoted, and a quote left open would not read as a filter).
    guard var common = shared(candidates, beyond: typed.count) else { return nil }
    if common.contains(where: \.isWhitespace) {
      common = String(common[..<common.lastIndex(where: \.isWhitespace)!])
      guard common.count > typed.count else { return nil }
    }
    return head + prefix + common
  }

  /// Whether the last word of `text` is a filter being typed (a filter's name, or `key:` and the
  /// start of a value): cheap, without the values, for the key table to claim Tab only then.
  public static func mayComplete(_ text: String) -> Bool {
    guard let last = text.last, !last.isWhitespace else { return false }
    let word = text[lastWordStart(text)...]
    guard let colon = word.firstIndex(of: ":") else {
      let typed = word.lowercased()
      return (typed.count >= 3 || keys.contains(typed)) && keys.contains { $0.hasPrefix(typed) }
    }
    let key = word[..<colon].lowercased()
    return keys.contains(key) || FilterProperty.allCases.contains { $0.keys.contains(key) }
  }

  /// Whole words a shell may offer for `word` (`roster search dep<Tab>`, `dept:fi<Tab>`): filter
  /// names with their colon, or a filter with each known value that starts with what was typed
  /// (at most `limit`). The shell shows them and completes what they share.
  public static func candidates(for word: String, values: (FilterProperty) -> [String], limit: Int = 50)
    -> [String]
  {
    guard let colon = word.firstIndex(of: ":") else {
      return keys.filter { $0.hasPrefix(word.lowercased()) }.map { $0 + ":" }
    }
    let key = word[..<colon].lowercased()
    var typed = String(word[word.index(after: colon)...])
    if typed.hasPrefix("\"") { typed.removeFirst() }
    let folded = TextFolding.caseFolded(typed)
    return candidates(key: key, values: values).lazy.filter { TextFolding.caseFolded($0).hasPrefix(folded) }
      .prefix(limit).map { word[...colon] + $0 }
  }

  /// Where the last word begins: after the last space outside quotes (`dept:"research o` is one).
  static func lastWordStart(_ text: String) -> String.Index {
    var start = text.startIndex
    var quoted = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      index = text.index(after: index)
      if character == "\"" {
        quoted.toggle()
      } else if character.isWhitespace, !quoted {
        start = index
      }
    }
    return start
  }

  /// The values `key` takes: fixed words, or the known values of its property.
  static func candidates(key: String, values: (FilterProperty) -> [String]) -> [String] {
    switch key {
    case "is": return ["guest", "member", "disabled"]
    case "has": return ["mobile"]
    default:
      guard let property = FilterProperty.allCases.first(where: { $0.keys.contains(key) }) else { return [] }
      return values(property)
    }
  }

  /// The longest beginning all `texts` share (case-blind; spelt as the first has it), when it is
  /// longer than the `count` characters typed.
  static func shared(_ texts: [String], beyond count: Int) -> String? {
    guard var common = texts.first.map(Array.init) else { return nil }
    for text in texts.dropFirst() {
      let other = Array(text)
      var length = 0
      while length < min(common.count, other.count), common[length].lowercased() == other[length].lowercased() {
        length += 1
      }
      common = Array(common[..<length])
    }
    return common.count > count ? String(common) : nil
  }
}
