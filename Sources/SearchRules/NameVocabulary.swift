/// The distinct words of everyone's display name (folded `NameTokenizer` tokens), kept in memory
/// to find the words a typed word is close to (`EditDistance`).
///
/// Words are grouped by length, so a typed word is compared only with words within its slack of
/// its length, and each carries a 64-bit mask of the bytes it holds: one edit changes at most two
/// bits of it, so a word whose mask differs in more than twice the slack is skipped without a
/// distance computation (most of the dictionary). Measured against the alternatives:
/// docs/decisions/search-results.md#search--close-matches.
public struct NameVocabulary: Sendable {
  struct Entry: Sendable {
    var bytes: [UInt8]
    var mask: UInt64
  }

  private var byLength: [[Entry]] = []
  private var sorted: [[UInt8]] = []
  private var members: Set<[UInt8]> = []

  public var count: Int { sorted.count }

  public init(_ words: some Sequence<String>) {
    for word in words {
      let bytes = Array(word.utf8)
      guard !bytes.isEmpty, members.insert(bytes).inserted else { continue }
      while byLength.count <= bytes.count { byLength.append([]) }
      byLength[bytes.count].append(Entry(bytes: bytes, mask: Self.mask(bytes)))
    }
    sorted = members.sorted { $0.lexicographicallyPrecedes($1) }
  }

  static func mask(_ bytes: [UInt8]) -> UInt64 {
    var mask: UInt64 = 0
    for byte in bytes { mask |= 1 << UInt64(byte & 63) }
    return mask
  }

  /// Whether `word` (folded) is a whole name word.
  public func contains(_ word: String) -> Bool { members.contains(Array(word.utf8)) }

  /// Whether some name word starts with `prefix` (folded).
  public func hasWord(startingWith prefix: String) -> Bool {
    let bytes = Array(prefix.utf8)
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle].lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low].starts(with: bytes)
  }

  /// Name words within `EditDistance.slack` of `word` (folded), nearest first, at most `limit`;
  /// the word itself is not among them.
  public func words(closeTo word: String, limit: Int = 40) -> [(word: String, distance: Int)] {
    let bytes = Array(word.utf8)
    // The slack follows the letters typed, not the bytes: one CJK character is three UTF-8 bytes
    // but one letter, and words under three letters get no close matches
    // (docs/guide-search.md#close-matches).
    let slack = EditDistance.slack(forLength: word.count)
    guard slack > 0 else { return [] }
    let mask = Self.mask(bytes)
    var found: [(word: [UInt8], distance: Int)] = []
    let lengths = max(1, bytes.count - slack)...(bytes.count + slack)
    for length in lengths where length < byLength.count {
      for entry in byLength[length] where (entry.mask ^ mask).nonzeroBitCount <= 2 * slack {
        if let distance = EditDistance.between(bytes, entry.bytes, limit: slack), distance > 0 {
          found.append((entry.bytes, distance))
        }
      }
    }
    found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word.lexicographicallyPrecedes($1.word) }
    return found.prefix(limit).map { (String(decoding: $0.word, as: UTF8.self), $0.distance) }
  }

  /// Ways to read `word` as two name words typed without the space between ("adityagupta").
  public func splits(of word: String) -> [(String, String)] {
    let bytes = Array(word.utf8)
    guard word.count >= 3, bytes.count >= 4 else { return [] }
    var found: [(String, String)] = []
    for cut in 2...(bytes.count - 2) where members.contains(Array(bytes[..<cut])) {
      if members.contains(Array(bytes[cut...])) {
        found.append((String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)))
      }
    }
    return found
  }
}
