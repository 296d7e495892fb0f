import Geometry
import RosterCore

/// Draws a photo into a rectangle of cells.
///
/// Half-block modes: the image is scaled to `cols` × `2·rows` pixels and each cell is an upper
/// half-block (▀) whose foreground is the top pixel and background the bottom one, so the photo
/// is ordinary cells any surface (ncurses, a snapshot buffer, tmux) can hold. In 24-bit mode the
/// surface may also write the exact colours after its update (`placeGraphics`). Kitty and sixel:
/// the cells are left blank and the surface draws the pixels over them.
public enum PhotoView {
  public static let halfBlock = "▀"

  public static func render(_ image: PhotoImage, mode: PhotoMode, in rect: Rect, into surface: inout some Surface) {
    guard rect.rows > 0, rect.cols > 0 else { return }
    switch mode {
    case .off:
      return
    case .kitty, .sixel:
      surface.clear(rect)
      surface.placeGraphics(image, mode: mode, in: rect)
    case .halfBlocks256, .halfBlocksTrueColor:
      let cells = halfBlockCells(image, cols: rect.cols, rows: rect.rows)
      for row in 0..<rect.rows {
        for col in 0..<rect.cols {
          surface.put(halfBlock, row: rect.row + row, col: rect.col + col, style: Style(pixels: cells[row][col]))
        }
      }
      if mode == .halfBlocksTrueColor { surface.placeGraphics(image, mode: mode, in: rect) }
    }
  }

  /// The top and bottom pixel of every cell of a `cols`×`rows` half-block rendering.
  public static func halfBlockCells(_ image: PhotoImage, cols: Int, rows: Int) -> [[Style.Pixels]] {
    let scaled = image.scaled(width: cols, height: rows * 2)
    return (0..<rows).map { row in
      (0..<cols).map { col in
        Style.Pixels(top: scaled.pixel(x: col, y: row * 2), bottom: scaled.pixel(x: col, y: row * 2 + 1))
      }
    }
  }
}
