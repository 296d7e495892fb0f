import Geometry

/// The one-line status bar: what is happening on the left, key hints on the right, in reverse
/// video across the whole row so it reads as a bar on a monochrome terminal.
public enum StatusBar {
  public static func render(left: String, right: String, row: Int, in rect: Rect, into surface: inout some Surface) {
    guard rect.cols > 0 else { return }
    surface.fill(Rect(row: row, col: rect.col, rows: 1, cols: rect.cols), with: " ", style: .reverse)
    let rightWidth = min(DisplayWidth.of(right), max(0, rect.cols / 2))
    let leftWidth = rect.cols - rightWidth - (rightWidth > 0 ? 1 : 0)
    surface.put(Truncation.truncate(left, toWidth: leftWidth), row: row, col: rect.col, style: .reverse)
    if rightWidth > 0 {
      surface.put(
        Truncation.fitRight(right, toWidth: rightWidth), row: row, col: rect.maxCol - rightWidth, style: .reverse)
    }
  }
}
