import RosterCore
import SearchRules

/// `IndexTokens` for many people at once (a full sync's page as it is staged): the same text, but
/// each distinct name word and given name or surname is folded and split once. Directories repeat
/// these words endlessly (a few thousand given names and surnames among 200,000 people), and
/// folding them (Unicode lower-casing and normalisation) was most of writing the tokens.
///
/// Bounded: past `limit` remembered words the memo starts again, so a directory of rare words
/// costs no more memory than a common one (~1 MB; a limit of 50,000 held ~15 MB at a million
/// people, a quarter of the sync's memory target, for few more hits).
struct IndexTokenMemo {
  static let limit = 8192

  /// Whether `fields` adds the mail-name words: not while the v3 upgrade writes tokens, which the
  /// v4 upgrade after it adds them to, giving back the v3 tokens to delete them (`mailNames`).
  let mailNames: Bool

  init(mailNames: Bool = true) {
    self.mailNames = mailNames
  }

  /// A name word (split at white space, as `NameTokenizer.indexTokens` splits a name) and its
  /// tokens (`IndexTokens.raw`).
  private var words: [String: [String]] = [:]
  /// A given name or surname and its folded token.
  private var folded: [String: String] = [:]

  /// `IndexTokens.name(person)`: the union of each word's tokens, sorted as it sorts them.
  mutating func name(_ person: Person) -> String {
    var tokens = Set<String>()
    for value in person.searchFields.values(matching: .tokens) {
      for word in value.split(whereSeparator: { $0.isWhitespace }) {
        let key = String(word)
        if let known = words[key] {
          tokens.formUnion(known)
        } else {
          let made = NameTokenizer.indexTokens(key).map(IndexTokens.raw)
          if words.count >= Self.limit { words.removeAll(keepingCapacity: true) }
          words[key] = made
          tokens.formUnion(made)
        }
      }
    }
    return tokens.sorted().joined(separator: " ")
  }

  /// `IndexTokens.fields(person)`.
  mutating func fields(_ person: Person) -> String {
    var folded: [String] = []
    for value in person.searchFields.values(matching: .prefix) {
      let made = fold(value)
      if !made.isEmpty { folded.append(made) }
    }
    let plain = folded.joined(separator: " ")
    return mailNames ? IndexTokens.fields(plain, mailNames: IndexTokens.mailNames(person)) : plain
  }

  /// A value's folded token; remembered unless it is plain ASCII (mail and UPN: unique, and
  /// cheap to fold).
  private mutating func fold(_ value: String) -> String {
    if let known = folded[value] { return known }
    let made = IndexTokens.raw(TextFolding.searchFolded(value))
    guard value.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) else { return made }
    if folded.count >= Self.limit { folded.removeAll(keepingCapacity: true) }
    folded[value] = made
    return made
  }
}
