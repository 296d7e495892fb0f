import Geometry
import RosterCore

/// The only drawing API view-controllers and widgets see.
///
/// Two implementations: `CursesSurface` (a real terminal, in the Curses module) and `ScreenBuffer`
/// (in memory, for snapshot tests). Text handed to `put` is `CleanText`'s (directory and server
/// text, cleaned where it entered) or Roster's own; the surface clips it to its bounds by display width, so a wide character at the
/// right edge is dropped rather than split or wrapped.
public protocol Surface {
  /// Height in cells.
  var rows: Int { get }
  /// Width in cells.
  var cols: Int { get }
  /// Writes `text` starting at (`row`, `col`), clipped at the right edge of the surface.
  mutating func put(_ text: String, row: Int, col: Int, style: Style)
  /// Fills `rect` with `character` (one cell wide) in `style`.
  mutating func fill(_ rect: Rect, with character: Character, style: Style)
  /// Asks for `image` to be drawn with the terminal's own graphics (kitty, sixel, 24-bit
  /// half-blocks written after ncurses' update) over `rect`, which the caller has already drawn
  /// in cells. Surfaces without such graphics ignore it (the default).
  mutating func placeGraphics(_ image: PhotoImage, mode: PhotoMode, in rect: Rect)
  /// Writes `text` like `put` and makes it a hyperlink to `url` (OSC 8) where the surface can:
  /// `ScreenBuffer` records it on the cells, `CursesSurface` writes the link after ncurses'
  /// update. Anything drawn over the cells later in the frame takes the link away, as on a
  /// terminal. The default draws the text only.
  mutating func putLink(_ text: String, url: String, row: Int, col: Int, style: Style)
  /// Says where the terminal's cursor should stand once the frame is written: column 0 of the
  /// focused pane's selected row, or the search field's cursor while typing. A screen reader or
  /// braille display follows the cursor, not the reverse video (issue 44); the last call in a
  /// frame wins, so an overlay drawn later (help, account picker) takes it.
  mutating func placeCursor(row: Int, col: Int)
}

extension Surface {
  public mutating func placeGraphics(_ image: PhotoImage, mode: PhotoMode, in rect: Rect) {}

  public mutating func placeCursor(row: Int, col: Int) {}

  public mutating func putLink(_ text: String, url: String, row: Int, col: Int, style: Style) {
    put(text, row: row, col: col, style: style)
  }

  /// The whole surface.
  public var bounds: Rect { Rect(row: 0, col: 0, rows: rows, cols: cols) }

  /// Clears `rect` to blanks in `style`.
  public mutating func clear(_ rect: Rect, style: Style = .plain) {
    fill(rect, with: " ", style: style)
  }

  /// Writes `text` fitted to `width` cells (truncated with `…`, padded with blanks) so that the
  /// whole span takes `style` (a selected row is reversed to its end).
  public mutating func put(_ text: String, row: Int, col: Int, width: Int, style: Style = .plain) {
    guard width > 0 else { return }
    put(Truncation.fit(text, toWidth: width), row: row, col: col, style: style)
  }

  /// Writes `text` inside `rect` on its row `line`, fitted to the rect's width.
  public mutating func put(_ text: String, line: Int, in rect: Rect, indent: Int = 0, style: Style = .plain) {
    guard line >= 0, line < rect.rows, indent < rect.cols else { return }
    put(text, row: rect.row + line, col: rect.col + indent, width: rect.cols - indent, style: style)
  }

  /// Draws a single-line box border around `rect` with an optional title in the top edge.
  public mutating func box(_ rect: Rect, title: String? = nil, style: Style = .plain, titleStyle: Style = .bold) {
    guard rect.rows >= 2, rect.cols >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.cols - 2)
    put("┌" + horizontal + "┐", row: rect.row, col: rect.col, style: style)
    for line in 1..<(rect.rows - 1) {
      put("│", row: rect.row + line, col: rect.col, style: style)
      put("│", row: rect.row + line, col: rect.maxCol - 1, style: style)
    }
    put("└" + horizontal + "┘", row: rect.maxRow - 1, col: rect.col, style: style)
    if let title, rect.cols > 6 {
      put(
        " " + Truncation.truncate(title, toWidth: rect.cols - 6) + " ", row: rect.row, col: rect.col + 2,
        style: titleStyle)
    }
  }
}

/// A cell on the screen, counted from 0 (where a frame leaves the terminal's cursor).
public struct CellPosition: Sendable, Hashable, CustomStringConvertible {
  public var row: Int
  public var col: Int
  public init(row: Int, col: Int) {
    self.row = row
    self.col = col
  }
  public var description: String { "(\(row), \(col))" }
}
