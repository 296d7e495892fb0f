/// How far apart two folded words are, for close matches: the optimal-string-alignment distance
/// (insert, delete, substitute, and swap two neighbours, each one edit), counted over the bytes of
/// the folded UTF-8. Folding has already made accented Latin letters plain ASCII, so for most
/// names a byte is a letter; a letter of another script may count as two.
public enum EditDistance {
  /// How many edits a typed word of `length` bytes may be from a name word and still be a close
  /// match: short words get less slack, or "al" would be close to half the directory.
  /// "jon"/"john" (1), "gutpa"/"gupta" (1), "mohammed"/"muhammad" (2).
  public static func slack(forLength length: Int) -> Int {
    switch length {
    case ..<3: return 0
    case 3...5: return 1
    default: return 2
    }
  }

  /// The distance between `a` and `b`, or nil when it is more than `limit`. Stops as soon as
  /// every cell of a row exceeds `limit`, so most words of a dictionary cost a few rows.
  public static func between(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>, limit: Int) -> Int? {
    let a = Array(a)
    let b = Array(b)
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    var previousPrevious = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in 1...a.count {
      current[0] = i
      var rowBest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowBest = min(rowBest, value)
      }
      if rowBest > limit { return nil }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }

  /// `between` for strings (their UTF-8).
  public static func between(_ a: String, _ b: String, limit: Int) -> Int? {
    between(a.utf8, b.utf8, limit: limit)
  }
}
