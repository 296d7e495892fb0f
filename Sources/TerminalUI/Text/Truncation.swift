/// Fitting text into a number of cells: truncation with an ellipsis and padding, by display width.
///
/// Every column in Roster goes through these, so a wide CJK or emoji name never pushes the next
/// column along: a wide character that would straddle the limit is dropped, not split.
public enum Truncation {
  /// The ellipsis used when text is cut (one cell wide).
  public static let ellipsis: Character = "…"

  /// `text` cut to at most `width` cells, ending in `…` when anything was cut.
  public static func truncate(_ text: some StringProtocol, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return String(text) }
    var result = ""
    var used = 0
    let budget = width - 1
    for character in text {
      let cells = DisplayWidth.of(character)
      if used + cells > budget { break }
      result.append(character)
      used += cells
    }
    result.append(ellipsis)
    return result
  }

  /// `text` fitted to exactly `width` cells: truncated if longer, padded with spaces if shorter.
  public static func fit(_ text: some StringProtocol, toWidth width: Int) -> String {
    let cut = truncate(text, toWidth: width)
    let pad = width - DisplayWidth.of(cut)
    return pad > 0 ? cut + String(repeating: " ", count: pad) : cut
  }

  /// `text` right-aligned in exactly `width` cells.
  public static func fitRight(_ text: some StringProtocol, toWidth width: Int) -> String {
    let cut = truncate(text, toWidth: width)
    let pad = width - DisplayWidth.of(cut)
    return pad > 0 ? String(repeating: " ", count: pad) + cut : cut
  }

  /// The suffix of `text` that fits in `width` cells (for fields that scroll to keep the cursor
  /// visible), with no ellipsis.
  public static func tail(_ text: some StringProtocol, width: Int) -> String {
    var result: [Character] = []
    var used = 0
    for character in text.reversed() {
      let cells = DisplayWidth.of(character)
      if used + cells > width { break }
      result.append(character)
      used += cells
    }
    return String(result.reversed())
  }

  /// Breaks `text` into lines of at most `width` cells, at spaces where possible and inside a
  /// word only when the word alone is wider than a line: then after its `@` when the domain fits
  /// the next line, else after its last `.`, `/`, `-` or `_` that fits (an address reads
  /// "alex.wilber@" / "contoso.onmicrosoft.com", never "…onmicrosoft.c" / "om"), else wherever
  /// the line is full. A number keeps a unit of up to three letters after it on its line: "8 h
  /// ahead of you" breaks as "8 h" / "ahead of you", never "8" / "h ahead of you".
  public static func wrap(_ text: some StringProtocol, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in unbrokenWords(text) {
      var rest = word
      while !rest.isEmpty {
        let restWidth = DisplayWidth.of(rest)
        let needed = lineWidth == 0 ? restWidth : lineWidth + 1 + restWidth
        if needed <= width {
          if lineWidth > 0 { line += " " }
          line += rest
          lineWidth = needed
          break
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
          continue
        }
        var head = rest.prefixFitting(width)
        if head.isEmpty { head = String(rest.first!) }
        head = breakingAtBoundary(head, of: rest, width: width)
        lines.append(head)
        rest = String(rest.dropFirst(head.count))
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// The words `wrap` places, a number joined to a unit of at most three letters after it.
  private static func unbrokenWords(_ text: some StringProtocol) -> [String] {
    var words: [String] = []
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if let last = words.last, isNumber(last), word.count <= 3, word.allSatisfy(\.isLetter) {
        words[words.count - 1] = last + " " + word
      } else {
        words.append(String(word))
      }
    }
    return words
  }

  private static func isNumber(_ word: String) -> Bool {
    let digits = word.drop { $0 == "+" || $0 == "−" || $0 == "-" }
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
      && digits.contains(where: \.isNumber)
  }

  /// `head` (the longest prefix of `word` that fits) shortened to end at a boundary an address
  /// or a path reads well at, or `head` itself when it has none.
  private static func breakingAtBoundary(_ head: String, of word: String, width: Int) -> String {
    let characters = Array(head)
    guard characters.count < word.count else { return head }
    if let at = characters.lastIndex(of: "@"), at > 0, DisplayWidth.of(word.dropFirst(at + 1)) <= width {
      return String(characters[...at])
    }
    let boundaries: Set<Character> = [".", "/", "-", "_"]
    if let last = characters.lastIndex(where: { boundaries.contains($0) }), last > 0 {
      return String(characters[...last])
    }
    return head
  }
}

extension String {
  /// The longest prefix that fits in `width` cells.
  func prefixFitting(_ width: Int) -> String {
    var result = ""
    var used = 0
    for character in self {
      let cells = DisplayWidth.of(character)
      if used + cells > width { break }
      result.append(character)
      used += cells
    }
    return result
  }
}
