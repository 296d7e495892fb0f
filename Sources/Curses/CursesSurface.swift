import CNCurses
import Foundation
import Geometry
import RosterCore
import TerminalUI

/// A `Surface` over an ncurses window: the real terminal.
///
/// Every grapheme is placed at the column Roster's own width tables give it, so the terminal and
/// the in-memory `ScreenBuffer` agree cell for cell. Where the C library's `wcwidth` (which ncurses
/// uses) disagrees with those tables (ZWJ emoji sequences, VS16, flags), the grapheme is drawn in a
/// form both agree on (the base emoji alone, or the base plus a blank), so a name never shifts
/// the columns after it. Call only on the main actor, like all of ncurses.
@MainActor
public final class CursesSurface: @MainActor Surface {
  let window: UnsafeMutablePointer<WINDOW>
  let usesColor: Bool
  /// Photo cells take 24-bit colours as they are (terminfo `RGB`), else the 256-colour palette.
  let directColor: Bool
  /// What this frame asked the terminal's own graphics to draw (`GraphicsOverlay` writes it);
  /// dropped when anything is drawn over its cells later in the frame (the help overlay).
  private(set) var placement: GraphicsPlacement?
  /// This frame's hyperlinks (`HyperlinkOverlay` writes them after the update); one is dropped
  /// when anything is drawn over its cells later in the frame.
  private(set) var links: [HyperlinkSpan] = []
  /// Where this frame leaves the terminal's cursor (`placeCursor`), nil when no view placed it.
  private(set) var cursor: CellPosition?
  /// Off under `ROSTER_HYPERLINKS=0` or on a terminal that would print OSC 8 (`HyperlinkSupport`).
  var writesLinks = false

  init(window: UnsafeMutablePointer<WINDOW>, usesColor: Bool) {
    self.window = window
    self.usesColor = usesColor
    self.directColor = usesColor && cnc_direct_color() != 0
  }

  /// Forgets the last frame's placement.
  func startFrame() {
    placement = nil
    links = []
    cursor = nil
  }

  public func placeCursor(row: Int, col: Int) {
    guard row >= 0, row < rows, col >= 0, col < cols else { return }
    cursor = CellPosition(row: row, col: col)
  }

  /// Something is drawn over `rect`: a placement under it is no longer wholly visible, and a
  /// link under it no longer stands as recorded.
  private func covering(_ rect: Rect) {
    if !links.isEmpty { links.removeAll { $0.overlaps(rect) } }
    guard let shown = placement?.rect else { return }
    if rect.row < shown.maxRow, shown.row < rect.maxRow, rect.col < shown.maxCol, shown.col < rect.maxCol {
      placement = nil
    }
  }

  public func placeGraphics(_ image: PhotoImage, mode: PhotoMode, in rect: Rect) {
    if mode == .halfBlocksTrueColor && directColor { return }  // ncurses already drew the exact colours
    placement = GraphicsPlacement(image: image, mode: mode, rect: rect)
  }

  public func putLink(_ text: String, url: String, row: Int, col: Int, style: Style) {
    put(text, row: row, col: col, style: style)
    guard writesLinks, let span = HyperlinkSpan(text, url: url, row: row, col: col, style: style, cols: cols)
    else { return }
    links.append(span)
  }

  public var rows: Int { Int(cnc_max_y(window)) }
  public var cols: Int { Int(cnc_max_x(window)) }

  public func put(_ text: String, row: Int, col: Int, style: Style) {
    let (rows, cols) = (self.rows, self.cols)
    guard row >= 0, row < rows else { return }
    covering(Rect(row: row, col: col, rows: 1, cols: DisplayWidth.of(text)))
    if let pixels = style.pixels {
      putPixels(pixels, text: text, row: row, col: col)
      return
    }
    let attributes = attributeBits(for: style)
    var column = col
    // Runs of Latin text (one scalar below U+0300, which the C library and Roster both give one
    // cell) go to ncurses as one string; anything else is placed character by character at the
    // column Roster's tables give it, so a disagreement can never shift what follows.
    var run = ""
    var runStart = col
    func flush() {
      guard !run.isEmpty else { return }
      // The bottom-right cell would scroll some terminals; ncurses returns ERR there but
      // still draws it, which is fine.
      _ = cnc_put(window, Int32(row), Int32(runStart), run, attributes)
      run = ""
    }
    for character in text {
      let width = DisplayWidth.of(character)
      if width == 0 { continue }
      if column + width > cols { break }
      if column >= 0 {
        if Self.isPlainLatin(character) {
          if run.isEmpty { runStart = column }
          run.append(character)
        } else {
          flush()
          _ = cnc_put(window, Int32(row), Int32(column), Self.drawable(character, width: width), attributes)
        }
      }
      column += width
    }
    flush()
  }

  /// One printable scalar below U+0300 (ASCII, Latin-1, Latin Extended-A/B, IPA): one cell for
  /// Roster's tables and for the C library alike.
  nonisolated static func isPlainLatin(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let value = scalars.first?.value else { return false }
    return (0x20..<0x7F).contains(value) || (0xA0..<0x300).contains(value)
  }

  public func fill(_ rect: Rect, with character: Character, style: Style) {
    let attributes = attributeBits(for: style)
    covering(rect)
    let clipped = (max(0, rect.col), min(cols, rect.maxCol))
    guard clipped.1 > clipped.0 else { return }
    let cell = DisplayWidth.of(character) == 1 ? String(character) : " "
    for row in max(0, rect.row)..<min(rows, max(0, rect.maxRow)) {
      _ = cnc_fill(window, Int32(row), Int32(clipped.0), Int32(clipped.1 - clipped.0), cell, attributes)
    }
  }

  /// A photo cell: the half-block in a colour pair made for its two colours; a blank without colour.
  private func putPixels(_ pixels: Style.Pixels, text: String, row: Int, col: Int) {
    guard col >= 0, col < cols else { return }
    guard usesColor else {
      _ = cnc_put(window, Int32(row), Int32(col), " ", cnc_a_normal())
      return
    }
    let (fg, bg) =
      directColor
      ? (Self.packed(pixels.top), Self.packed(pixels.bottom)) : (pixels.top.xterm256, pixels.bottom.xterm256)
    let pair = cnc_alloc_pair(Int32(fg), Int32(bg))
    guard pair > 0 else {
      _ = cnc_put(window, Int32(row), Int32(col), " ", cnc_a_normal())
      return
    }
    _ = cnc_put_pair(window, Int32(row), Int32(col), text, cnc_a_normal(), pair)
  }

  nonisolated private static func packed(_ colour: RGB) -> Int {
    Int(colour.red) << 16 | Int(colour.green) << 8 | Int(colour.blue)
  }

  private func attributeBits(for style: Style) -> UInt32 {
    var bits = cnc_a_normal()
    if style.attributes.contains(.bold) { bits |= cnc_a_bold() }
    if style.attributes.contains(.reverse) { bits |= cnc_a_reverse() }
    if style.attributes.contains(.underline) { bits |= cnc_a_underline() }
    if style.attributes.contains(.dim) { bits |= cnc_a_dim() }
    if usesColor, let role = style.color { bits |= cnc_color_pair(Int32(CursesColors.pair(for: role))) }
    return bits
  }

  /// The text to hand ncurses for `character` so that it takes exactly `width` cells there too.
  nonisolated static func drawable(_ character: Character, width: Int) -> String {
    let scalars = Array(character.unicodeScalars)
    let libcWidth = Int(cnc_wcwidth(scalars[0].value))
    if scalars.count == 1 || !needsSimplifying(scalars) {
      if libcWidth == width || libcWidth < 0 && width == 1 { return String(character) }
      // A base with spacing marks (Devanagari रा): ncurses advances a cell per spacing mark.
      let libcTotal = scalars.reduce(0) { $0 + max(0, Int(cnc_wcwidth($1.value))) }
      if libcTotal == width { return String(character) }
    }
    switch (width, libcWidth) {
    case (2, 2): return String(scalars[0])
    case (2, 1): return String(scalars[0]) + " "
    case (1, 1): return String(scalars[0])
    default: return width == 2 ? "??" : "?"
    }
  }

  /// Clusters whose parts ncurses would place in separate cells (joined or flag sequences).
  nonisolated private static func needsSimplifying(_ scalars: [Unicode.Scalar]) -> Bool {
    scalars.contains { scalar in
      scalar.value == 0x200D || scalar.value == 0xFE0F || (0x1F1E6...0x1F1FF).contains(scalar.value)
        || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
  }
}
