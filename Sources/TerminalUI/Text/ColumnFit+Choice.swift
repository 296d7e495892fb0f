/// Which columns a table shows in a width, and how wide (issue 40 item 11): whole columns are
/// left out before a name is cut or a column shrinks to a stub ("Job t…", "Depar…" beside
/// "Maximilian Alexa…" at 40 columns told no one anything).
extension ColumnFit {
  /// One column: its natural width (the widest cell), and the fewest cells it is worth showing
  /// in: a name its whole width, an address its user name and "@" (`Truncation.addressUserWidth`),
  /// a title or department `minimumUseful` cells.
  public struct Column: Equatable, Sendable {
    public var natural: Int
    public var needs: Int

    public init(natural: Int, needs: Int) {
      self.natural = natural
      self.needs = min(needs, natural)
    }
  }

  /// Fewer cells than this make a title or a department a stub.
  public static let minimumUseful = 10

  /// Widths in `total` cells with `gap` between columns, nil for a column left out. While the
  /// columns do not fit, the last column after the first `kept` is left out; the kept ones keep
  /// their natural width while that is enough (issue 28: a mail whole before a title is shown),
  /// else they are held to their needs (an address to its user name) and, past that, left out
  /// from the last but the first. What is left gets its needs, and the cells over go to the
  /// columns in order up to their natural width. The first column is cut only when it is alone
  /// and still too wide.
  public static func chosen(_ columns: [Column], into total: Int, gap: Int, kept: Int) -> [Int?] {
    guard !columns.isEmpty else { return [] }
    let whole = columns.enumerated().map { index, column in
      index < kept ? Column(natural: column.natural, needs: column.natural) : column
    }
    let keptCount = min(kept, columns.count)
    let roomy = shown(whole, into: total, gap: gap, kept: kept)
    let (sizes, indices) =
      roomy.count >= keptCount && used(whole, roomy, gap) <= total
      ? (whole, roomy) : (columns, shown(columns, into: total, gap: gap, kept: kept))
    var widths: [Int?] = Array(repeating: nil, count: columns.count)
    if indices == [0], sizes[0].needs > total {
      widths[0] = max(0, total)
      return widths
    }
    var spare = total - used(sizes, indices, gap)
    for index in indices {
      let grown = min(sizes[index].natural - sizes[index].needs, max(0, spare))
      widths[index] = sizes[index].needs + grown
      spare -= grown
    }
    return widths
  }

  /// The columns left once the last non-kept, then the last kept but the first, are left out
  /// until their needs fit.
  private static func shown(_ columns: [Column], into total: Int, gap: Int, kept: Int) -> [Int] {
    var shown = Array(columns.indices)
    while used(columns, shown, gap) > total, shown.count > 1 {
      if let last = shown.last(where: { $0 >= kept }) {
        shown.removeAll { $0 == last }
      } else {
        shown.removeLast()
      }
    }
    return shown
  }

  private static func used(_ columns: [Column], _ indices: [Int], _ gap: Int) -> Int {
    indices.reduce(0) { $0 + columns[$1].needs } + gap * max(indices.count - 1, 0)
  }
}
