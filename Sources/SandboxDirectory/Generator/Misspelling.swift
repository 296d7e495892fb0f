import SearchRules

/// The misspellings the close-match figure types: one letter changed, two changed, two
/// neighbours swapped, the space between the first two words left out (issue 22's four kinds),
/// applied to the longest word of a display name. roster-bench's close-match figure and the
/// index's close-match test type the same slips over the sandbox's people, so they live here.
public enum Misspelling {
  public static let kinds = 4

  /// `name` misspelt the `kind`-th way; nil when the name has no word long enough for it.
  public static func of(_ name: String, kind: Int) -> String? {
    var words = SearchRanking.sortText(name).split(separator: " ").map { Array(String($0).utf8) }
    guard words.count >= 2, words.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }),
      let longest = words.indices.max(by: { words[$0].count < words[$1].count })
    else { return nil }
    var word = words[longest]
    func change(_ at: Int) { word[at] = word[at] == UInt8(ascii: "x") ? UInt8(ascii: "q") : UInt8(ascii: "x") }
    switch kind % kinds {
    case 0:
      guard word.count >= 4 else { return nil }
      change(word.count / 2)
    case 1:
      guard word.count >= 7 else { return nil }
      change(1)
      change(word.count - 2)
    case 2:
      let at = word.count / 2
      guard word.count >= 4, word[at] != word[at - 1] else { return nil }
      word.swapAt(at, at - 1)
    default:
      guard words[0].count >= 3, words[1].count >= 3 else { return nil }
      words[0] += words.remove(at: 1)
      return words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }
    words[longest] = word
    return words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
  }
}
