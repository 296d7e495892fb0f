/// The rule for narrowing loaded results while a request is pending: loose enough never to hide
/// someone the server (or the index) would return for the query, so a list shown as "narrowed"
/// is never missing a person the answer then adds among those already loaded.
///
/// A word matches a record when its folded form occurs anywhere in a folded value (substring,
/// looser than Graph's prefixes) or when it matches by Graph's own rule (`WordMatch`), which the
/// substring misses for a name typed without its symbols ("obrien" for "O'Brien") or a word of
/// several parts ("smith-jo" for "Jo Smith"). Words are in any order. The query is prepared once
/// (`init`) and then checked against each loaded record.
public struct Narrowing: Sendable {
  private struct Word: Sendable {
    var folded: [UInt8]
    var rule: WordMatch
  }

  private let words: [Word]

  /// `text` is the query as typed: Graph splits a word into parts on case changes too.
  public init(_ text: String) {
    words = QueryWords.significantWords(text.split(whereSeparator: { $0.isWhitespace })).map { piece in
      let rule = WordMatch(String(piece))
      return Word(folded: Array(rule.folded.utf8), rule: rule)
    }
  }

  /// Whether the record matches every word (an empty query matches everything).
  public func matches(_ fields: SearchFields) -> Bool {
    if words.isEmpty { return true }
    let values = fields.fields.map { TextFolding.searchFolded($0.value) }
    return words.allSatisfy { word in
      word.folded.isEmpty || values.contains { Self.bytes(of: $0, contain: word.folded) }
        || word.rule.matches(fields, foldedValues: values)
    }
  }

  /// Byte-wise substring of the UTF-8: no per-character work, and (inside a grapheme too) only
  /// ever looser than a character-wise one.
  private static func bytes(of text: String, contain needle: [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { haystack in
      guard needle.count <= haystack.count else { return false }
      if needle.isEmpty { return true }
      let first = needle[0]
      var start = 0
      while start <= haystack.count - needle.count {
        if haystack[start] == first {
          var offset = 1
          while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
          if offset == needle.count { return true }
        }
        start += 1
      }
      return false
    }
  }

  /// The folded significant words of `text` (`QueryWords.significantWords`).
  public static func words(_ text: String) -> [String] {
    QueryWords.significantWords(TextFolding.searchFolded(text).split(whereSeparator: { $0.isWhitespace }))
      .map(String.init)
  }

  /// Trimmed, runs of whitespace collapsed to one space, case- and diacritic-folded: the form
  /// queries are cached and compared in.
  public static func normalize(_ text: String) -> String { words(text).joined(separator: " ") }

  /// Whether everything matching `newer` also matches `older`, so `older`'s results can be
  /// narrowed to `newer` locally: every word of `older` is contained in some word of `newer`
  /// ("al" → "ale", "alex" → "alex sm", "alex" → "smith alex").
  public static func query(_ newer: String, refines older: String) -> Bool {
    let oldWords = words(older)
    let newWords = words(newer)
    guard !oldWords.isEmpty else { return false }
    return oldWords.allSatisfy { old in newWords.contains { $0.contains(old) } }
  }
}
