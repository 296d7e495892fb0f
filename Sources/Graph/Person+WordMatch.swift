import Foundation
import RosterCore

extension Person {
  /// Whether `word` starts one of the searched properties or one word of the display name,
  /// ignoring case — the local stand-in for what Graph does with a word it was not sent.
  func matches(word: String) -> Bool {
    let candidates =
      [givenName, surname, mail, userPrincipalName].compactMap { $0?.string }
      + (displayName.map { [$0.string] + $0.string.split(whereSeparator: { $0.isWhitespace }).map(String.init) } ?? [])
    return candidates.contains { $0.range(of: word, options: [.caseInsensitive, .anchored]) != nil }
  }

  /// Whether every one of `words` matches (true for no words), or the display name starts with
  /// `phrase` when one is given.
  func matches(allOf words: [String], orPhrase phrase: String? = nil) -> Bool {
    if words.allSatisfy(matches(word:)) { return true }
    guard let phrase, let displayName else { return false }
    return displayName.string.range(of: phrase, options: [.caseInsensitive, .anchored]) != nil
  }
}
