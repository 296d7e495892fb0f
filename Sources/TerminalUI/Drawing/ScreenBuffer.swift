import Geometry

/// An in-memory `Surface`: a grid of cells with character and style, like a terminal's screen.
///
/// Tests render view-controllers into one and compare `snapshot()` with a recorded text file.
/// A wide character fills its cell and marks the next as a continuation, exactly as a terminal
/// does, so a column that shifts because of a CJK or emoji name shows in the snapshot.
public struct ScreenBuffer: Surface, Sendable, Equatable {
  /// One terminal cell.
  public struct Cell: Sendable, Equatable {
    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String
    public var style: Style
    /// The hyperlink (OSC 8) the cell belongs to, if any; a later write over it clears it.
    public var link: String?
    public init(text: String = " ", style: Style = .plain, link: String? = nil) {
      self.text = text
      self.style = style
      self.link = link
    }
    public var isContinuation: Bool { text.isEmpty }
  }

  public let rows: Int
  public let cols: Int
  public private(set) var cells: [[Cell]]
  /// Where the frame left the terminal's cursor (`placeCursor`), nil when nothing placed it.
  public private(set) var cursor: CellPosition?

  public init(rows: Int, cols: Int) {
    self.rows = max(0, rows)
    self.cols = max(0, cols)
    cells = Array(repeating: Array(repeating: Cell(), count: max(0, cols)), count: max(0, rows))
  }

  public mutating func put(_ text: String, row: Int, col: Int, style: Style) {
    guard row >= 0, row < rows else { return }
    var column = col
    for character in text {
      let width = DisplayWidth.of(character)
      if width == 0 { continue }
      if column + width > cols { break }
      if column >= 0 {
        clearOverlap(row: row, col: column, width: width)
        cells[row][column] = Cell(text: String(character), style: style)
        for continuation in (column + 1)..<(column + width) { cells[row][continuation] = Cell(text: "", style: style) }
      }
      column += width
    }
  }

  public mutating func placeCursor(row: Int, col: Int) {
    guard row >= 0, row < rows, col >= 0, col < cols else { return }
    cursor = CellPosition(row: row, col: col)
  }

  public mutating func putLink(_ text: String, url: String, row: Int, col: Int, style: Style) {
    put(text, row: row, col: col, style: style)
    guard row >= 0, row < rows, HyperlinkSequence.isSafe(url) else { return }
    let end = min(cols, col + DisplayWidth.of(text))
    for column in max(0, col)..<max(max(0, col), end) { cells[row][column].link = url }
  }

  public mutating func fill(_ rect: Rect, with character: Character, style: Style) {
    let text = String(character)
    for row in max(0, rect.row)..<min(rows, max(0, rect.maxRow)) {
      for col in max(0, rect.col)..<min(cols, max(0, rect.maxCol)) {
        clearOverlap(row: row, col: col, width: 1)
        cells[row][col] = Cell(text: text, style: style)
      }
    }
  }

  /// Blanks the other half of any wide character that the write at `col` would cut in two.
  private mutating func clearOverlap(row: Int, col: Int, width: Int) {
    if cells[row][col].isContinuation, col > 0 {
      cells[row][col - 1] = Cell(text: " ", style: cells[row][col - 1].style)
    }
    let after = col + width
    if after < cols, cells[row][after].isContinuation {
      cells[row][after] = Cell(text: " ", style: cells[row][after].style)
    }
  }

  /// The text of one row, continuation cells omitted (so a wide character reads naturally).
  public func text(ofRow row: Int) -> String {
    cells[row].map(\.text).joined()
  }
}
