extension ScreenBuffer {
  /// One run of cells on a row that link to the same URL.
  public struct Hyperlink: Sendable, Equatable, CustomStringConvertible {
    public var row: Int
    public var col: Int
    public var text: String
    public var url: String

    public var description: String { "\(row):\(col) \(text) → \(url)" }
  }

  /// The hyperlinks on screen, row by row, left to right: what a terminal that shows OSC 8
  /// would make clickable (tests assert them; the text snapshot does not show them).
  public func hyperlinks() -> [Hyperlink] {
    var found: [Hyperlink] = []
    for row in 0..<rows {
      var col = 0
      while col < cols {
        guard let url = cells[row][col].link else {
          col += 1
          continue
        }
        let start = col
        var text = ""
        while col < cols, cells[row][col].link == url {
          text += cells[row][col].text
          col += 1
        }
        found.append(Hyperlink(row: row, col: start, text: text, url: url))
      }
    }
    return found
  }
}
