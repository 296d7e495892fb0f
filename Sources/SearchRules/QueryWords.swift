/// How typed text becomes search words: split on whitespace, words of symbols only dropped when
/// another word remains, duplicates (ignoring case) dropped, each cut to `maxWordLength`.
/// Words sent to the server and words checked locally are split by `QueryStyle`.
public struct QueryWords: Sendable, Equatable {
  /// No directory string property is longer than 256 characters (displayName's limit), so a
  /// longer word cannot be a prefix of anything and is cut, keeping URLs bounded.
  public static let maxWordLength = 256

  /// Words the server is asked about.
  public var server: [String]
  /// Words the server was not asked about; its answers are narrowed by them locally.
  public var local: [String]

  /// Every word, server's first.
  public var all: [String] { server + local }

  public init(_ text: String, style: QueryStyle) {
    let words = Self.words(in: text)
    server = Array(words.prefix(style.serverWordLimit))
    local = Array(words.dropFirst(style.serverWordLimit))
  }

  /// Every word of `text`, in order, as typed (unfolded: the server folds them itself).
  public static func words(in text: String) -> [String] {
    var seen = Set<String>()
    var words: [String] = []
    for piece in significantWords(text.split(whereSeparator: { $0.isWhitespace })) {
      let word = String(piece.prefix(maxWordLength))
      if seen.insert(TextFolding.caseFolded(word)).inserted { words.append(word) }
    }
    return words
  }

  /// `words` without those that have no letter or digit (`&`, `-`, `/`, `+`): Graph's tokeniser
  /// drops them, so as clauses they match nobody and "Smith & Jones" would find no one. When no
  /// word has a letter or digit, all are kept (the person is looking for exactly those symbols).
  public static func significantWords<Word: StringProtocol>(_ words: [Word]) -> [Word] {
    let kept = words.filter(hasToken)
    return kept.isEmpty ? words : kept
  }

  /// Whether Graph's tokenizer leaves anything of `word` (it has a letter or digit).
  public static func hasToken(_ word: some StringProtocol) -> Bool {
    word.contains { $0.isLetter || $0.isNumber }
  }

  /// The words as typed, single-spaced and cut to `maxWordLength`: the phrase a `$filter` for
  /// several words also accepts at the start of the display name (`WordMatch.startsWith`).
  public static func phrase(_ text: String) -> String {
    String(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").prefix(maxWordLength))
  }
}
