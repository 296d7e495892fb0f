/// A query read forgivingly (close matches): each typed word may also be a name word a few edits
/// away (`EditDistance.slack`), or two name words typed without the space between. Built against
/// the index's `NameVocabulary`; nil when no word has such a reading, or the query has more
/// words than are worth forgiving.
///
/// A record is a close match when every word matches it exactly (Graph's rule, `WordMatch`) or
/// through one of its readings, and at least one word needed a reading. Close matches rank by the
/// edits they needed, then by how much of the display name the words matched, then as
/// `SearchRanking` orders names.
public struct CloseQuery: Sendable {
  public struct Word: Sendable {
    /// As typed.
    public var typed: String
    /// Name words a few edits away, with their distance.
    public var close: [(word: String, distance: Int)]
    /// Two name words this one may be, typed without a space.
    public var splits: [(String, String)]
    /// Whether some name word starts with it (it needs no forgiving on its own).
    public var startsAWord: Bool
    let exact: WordMatch
  }

  /// At most this many words are forgiven; longer queries get exact answers only.
  public static let maximumWords = 4

  public let words: [Word]

  public init?(_ text: String, vocabulary: NameVocabulary) {
    let typed = QueryWords(text, style: .search).all
    guard !typed.isEmpty, typed.count <= Self.maximumWords else { return nil }
    words = typed.map { word in
      let folded = TextFolding.searchFolded(word)
      let plain = QueryWords.hasToken(word) ? folded : ""
      return Word(
        typed: word, close: plain.isEmpty ? [] : vocabulary.words(closeTo: plain),
        splits: plain.isEmpty || vocabulary.contains(plain) ? [] : vocabulary.splits(of: plain),
        startsAWord: plain.isEmpty || vocabulary.hasWord(startingWith: plain), exact: WordMatch(word))
    }
    guard words.contains(where: { !$0.close.isEmpty || !$0.splits.isEmpty }) else { return nil }
  }

  /// The words shown in the divider ("close matches for gutpa"): those no name word starts with,
  /// or all of them when each starts some name word but not together.
  public var forgivenText: String {
    let forgiven = words.filter { !$0.startsAWord }.map(\.typed)
    return (forgiven.isEmpty ? words.map(\.typed) : forgiven).joined(separator: " ")
  }

  /// How close `fields` comes: edits needed (at least 1) and the share of its display name's
  /// words the query matched; nil when it is not a close match (an exact match is not one).
  public func score(_ fields: SearchFields) -> (distance: Int, coverage: Double)? {
    let name = fields.fields.first { $0.property.matching == .tokens }?.value ?? ""
    let tokens = NameTokenizer.indexTokens(name)
    var total = 0
    var covered = Set<String>()
    for word in words {
      if word.exact.matches(fields) {
        covered.formUnion(tokens.filter { !word.exact.folded.isEmpty && $0.hasPrefix(word.exact.folded) })
        continue
      }
      var best: Int?
      for candidate in word.close where tokens.contains(candidate.word) {
        if best == nil || candidate.distance < best! {
          best = candidate.distance
          covered.insert(candidate.word)
        }
      }
      for (left, right) in word.splits where tokens.contains(left) && tokens.contains(right) {
        best = min(best ?? 1, 1)
        covered.formUnion([left, right])
      }
      guard let best else { return nil }
      total += best
    }
    return total > 0 ? (total, Double(covered.count) / Double(max(1, tokens.count))) : nil
  }

  /// `items` that are close matches, best first.
  public func ranked<Item>(_ items: [Item], fields: (Item) -> SearchFields, id: (Item) -> String) -> [Item] {
    let scored = items.compactMap { item -> (Item, Int, Double, RankKey)? in
      let described = fields(item)
      guard let score = score(described) else { return nil }
      return (item, score.distance, score.coverage, RankKey(tier: 0, fields: described, id: id(item)))
    }
    return scored.sorted { lhs, rhs in
      if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
      if lhs.2 != rhs.2 { return lhs.2 > rhs.2 }
      return lhs.3 < rhs.3
    }.map(\.0)
  }
}
