import RosterCore
import SearchRules

/// Words of a person's mail and user name that their display name does not hold (issue 28):
/// 杨伟 is wei.yang@…, राहुल गुप्ता is rahul.gupta@…, and a colleague types `yang` or `gupta`.
/// Graph's `$search` cannot find them that way (mail and user name are compared from their
/// start), so these words are not part of the exact answer: the index lists the people they find
/// below it, with the close matches, under a divider that says they were found by mail name.
///
/// Each word is a `fields` token behind a marker no other token can start with (`raw` writes
/// U+009F only before two hex digits), so an exact query's `fields : "yang"*` never reaches one.
/// Only words past the first of each local part are kept (the whole address is already a token
/// that the first word is a prefix of), and only words the display name lacks: a directory of
/// Latin names whose mail is first.last gets none, so the file hardly grows.
extension IndexTokens {
  /// Written before each mail-name word.
  static let mailNameMarker = "\u{9F}m"

  /// The marked mail-name tokens of `person`, space-separated ("" for none).
  static func mailNames(_ person: Person) -> String {
    mailNameWords(person).map { mailNameMarker + raw($0) }.joined(separator: " ")
  }

  /// `fields` tokens and the mail-name tokens after them.
  static func fields(_ plain: String, mailNames: String) -> String {
    mailNames.isEmpty ? plain : plain.isEmpty ? mailNames : plain + " " + mailNames
  }

  /// Folded words of the mail's and the user name's local part, split at `.`, `_` and `-`
  /// (a guest's home domain and `#EXT#` cut first), past each part's first word, that are not words of the
  /// display name; two characters at least, in order, without repeats.
  static func mailNameWords(_ person: Person) -> [String] {
    let addresses = [person.mail?.string, person.userPrincipalName?.string].compactMap { $0 }
    guard !addresses.isEmpty else { return [] }
    let named = nameSpellings(TextFolding.searchFolded(person.displayName?.string ?? ""))
    var found: [String] = []
    for address in addresses {
      var local = Substring(address.split(separator: "@", maxSplits: 1).first ?? "")
      // A guest's user name is their own address with `_` for `@`, then `#EXT#`: only the name
      // before their domain is theirs ("ana_fabrikam.com#EXT#" → "ana").
      if let guest = local.range(of: "#EXT#", options: .caseInsensitive) {
        local = local[..<guest.lowerBound]
        if let at = local.lastIndex(of: "_") { local = local[..<at] }
      }
      let parts = words(of: TextFolding.searchFolded(String(local)), at: { "._-".contains($0) })
      for word in parts.dropFirst() where word.count >= 2 && !found.contains(word) {
        // "smith2" is a second John Smith's, "delacruz" Ana de la Cruz's: the name finds them.
        let stem = String(word.reversed().drop(while: \.isNumber).reversed())
        if named.contains(stem) || stem.isEmpty { continue }
        found.append(word)
      }
    }
    return found
  }

  /// The display name's words, and every run of neighbouring words written together.
  private static func nameSpellings(_ folded: String) -> Set<String> {
    let parts = words(of: folded, at: Self.isNameBreak)
    var spellings = Set(parts)
    for start in parts.indices {
      var run = parts[start]
      for next in parts.indices.dropFirst(start + 1) {
        run += parts[next]
        spellings.insert(run)
      }
    }
    return spellings
  }

  /// The mail-name alternative of one typed word: its folded text as a prefix of a marked token.
  static func mailNameAlternative(_ word: String) -> String? {
    let folded = TextFolding.searchFolded(word)
    guard !folded.isEmpty else { return nil }
    return "fields : \"\(mailNameMarker)\(raw(folded))\"*"
  }

  private static func isNameBreak(_ character: Character) -> Bool {
    !(character.isLetter || character.isNumber)
  }

  private static func words(of text: String, at isBreak: (Character) -> Bool) -> [String] {
    text.split(whereSeparator: isBreak).map(String.init)
  }
}
