import Foundation

/// The one rule for "does this person match this query", used to narrow results locally while a
/// request is pending.
///
/// A query is split into words; a person matches when every word occurs (case- and
/// diacritic-insensitively) in one of display name, given name, surname, mail or UPN, in any
/// order: "smith alex" finds "Alex Smith". Substring matching is at least as loose as Graph's
/// prefix-of-token `$search`, so narrowing never hides someone the server would return among the
/// loaded results.
public enum PeopleMatcher {
  /// Trimmed, runs of whitespace collapsed to one space, case- and diacritic-folded.
  public static func normalize(_ query: String) -> String {
    words(query).joined(separator: " ")
  }

  /// The folded words of `text`, without the words Graph ignores (`significantWords`).
  public static func words(_ text: String) -> [String] {
    significantWords(fold(text).split(whereSeparator: { $0.isWhitespace }).map(String.init))
  }

  /// `words` without those that have no letter or digit (`&`, `-`, `/`, `+`): Graph's tokeniser
  /// drops them, so as clauses they match nobody and "Smith & Jones" would find no one. When no
  /// word has a letter or digit, all are kept (the person is looking for exactly those symbols).
  public static func significantWords<Word: StringProtocol>(_ words: [Word]) -> [Word] {
    let kept = words.filter { $0.contains { $0.isLetter || $0.isNumber } }
    return kept.isEmpty ? words : kept
  }

  /// Whether `person` matches every word of `query` (an empty query matches everyone).
  public static func matches(_ person: Person, query: String) -> Bool {
    let queryWords = words(query)
    guard !queryWords.isEmpty else { return true }
    let haystack = [person.displayName, person.givenName, person.surname, person.mail, person.userPrincipalName]
      .compactMap { $0.map { fold($0.string) } }
    return queryWords.allSatisfy { word in haystack.contains { $0.contains(word) } }
  }

  /// Whether everyone matching `newer` also matches `older`, so `older`'s results can be narrowed
  /// to `newer` locally: every word of `older` is contained in some word of `newer`
  /// ("al" → "ale", "alex" → "alex sm", "alex" → "smith alex").
  public static func query(_ newer: String, refines older: String) -> Bool {
    let oldWords = words(older)
    let newWords = words(newer)
    guard !oldWords.isEmpty else { return false }
    return oldWords.allSatisfy { old in newWords.contains { $0.contains(old) } }
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
