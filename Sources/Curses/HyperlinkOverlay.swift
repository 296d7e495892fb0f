import CNCurses
import Geometry
import TerminalUI

/// One hyperlink of a frame: plain Latin text at a cell position, in attributes only (no colour),
/// so the bytes written after ncurses' update draw exactly the cells ncurses drew.
struct HyperlinkSpan: Equatable {
  let row: Int
  let col: Int
  let text: String
  let url: String
  let attributes: Style.Attributes

  /// Nil for what cannot be written back cell for cell: a URL `HyperlinkSequence` refuses, a
  /// colour, text that is not one-cell Latin, or text cut at the screen's edge.
  init?(_ text: String, url: String, row: Int, col: Int, style: Style, cols: Int) {
    guard HyperlinkSequence.isSafe(url), style.color == nil, style.pixels == nil, !text.isEmpty else { return nil }
    guard row >= 0, col >= 0, col + text.count <= cols, text.allSatisfy(CursesSurface.isPlainLatin) else { return nil }
    (self.row, self.col, self.text, self.url, attributes) = (row, col, text, url, style.attributes)
  }

  func overlaps(_ rect: Rect) -> Bool {
    rect.row <= row && row < rect.maxRow && rect.col < col + text.count && col < rect.maxCol
  }

  /// Save the cursor and attributes (DECSC), move, set the same attributes ncurses used, open
  /// the link, the text, close it, restore (DECRC): ncurses' idea of the cursor and of the
  /// current attributes stays true, as with the photos (`TerminalGraphics`).
  var bytes: String {
    var sgr = "0"
    if attributes.contains(.bold) { sgr += ";1" }
    if attributes.contains(.dim) { sgr += ";2" }
    if attributes.contains(.underline) { sgr += ";4" }
    if attributes.contains(.reverse) { sgr += ";7" }
    return "\u{1B}7\u{1B}[\(row + 1);\(col + 1)H\u{1B}[\(sgr)m" + HyperlinkSequence.open(url) + text
      + HyperlinkSequence.close + "\u{1B}8"
  }
}

/// Writes the frame's OSC 8 hyperlinks around ncurses' update, which knows nothing of them.
///
/// The OSC 8 bytes take no cells, so ncurses' accounting would break if they went through it:
/// they are written after `doupdate` over the cells ncurses just drew, like the photos
/// (`GraphicsOverlay`). The terminal keeps a link on the cells until something is printed over
/// them, and ncurses reprints only cells that changed, so a row whose links are unchanged is
/// written once. A row whose links changed or went is marked garbled before the update
/// (`wredrawln`): ncurses rewrites all of it, so no cell it would have skipped (the same letter
/// in the same place) keeps an old link. After a full repaint or a resize all are written again.
@MainActor
final class HyperlinkOverlay {
  private var shown: [HyperlinkSpan] = []
  private var invalid = false

  /// The terminal was cleared or resized: the links on it are gone.
  func invalidate() { invalid = true }

  /// Before `doupdate`: rows that held links and now hold others (or none) are rewritten whole.
  func prepare(_ surface: CursesSurface) {
    guard !invalid else { return }
    let held = Set(shown.map(\.row))
    for row in changedRows(surface.links) where held.contains(row) {
      _ = cnc_redraw_lines(surface.window, Int32(row), 1)
    }
  }

  /// After `doupdate`: the bytes that write this frame's new or changed links.
  func draw(_ surface: CursesSurface) -> String {
    let rows = invalid ? Set(surface.links.map(\.row)) : changedRows(surface.links)
    invalid = false
    shown = surface.links
    return surface.links.filter { rows.contains($0.row) }.map(\.bytes).joined()
  }

  private func changedRows(_ links: [HyperlinkSpan]) -> Set<Int> {
    Set(links.map(\.row)).union(shown.map(\.row)).filter { row in
      links.filter { $0.row == row } != shown.filter { $0.row == row }
    }
  }
}
