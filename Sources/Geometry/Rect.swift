/// A rectangle of terminal cells; rows grow downwards, columns to the right.
///
/// Layout code works in cells, never pixels, so every size here is a count of character cells.
public struct Rect: Sendable, Equatable, Hashable, CustomStringConvertible {
  public var row: Int
  public var col: Int
  public var rows: Int
  public var cols: Int

  public init(row: Int, col: Int, rows: Int, cols: Int) {
    self.row = row
    self.col = col
    self.rows = max(0, rows)
    self.cols = max(0, cols)
  }

  /// The zero-sized rectangle at the origin (an invisible pane).
  public static let zero = Rect(row: 0, col: 0, rows: 0, cols: 0)

  public var maxRow: Int { row + rows }
  public var maxCol: Int { col + cols }
  public var isEmpty: Bool { rows == 0 || cols == 0 }
  public var description: String { "\(cols)x\(rows)@\(row),\(col)" }

  /// This rectangle shrunk by `inset` cells on every side (never negative).
  public func inset(by inset: Int) -> Rect {
    Rect(row: row + inset, col: col + inset, rows: rows - 2 * inset, cols: cols - 2 * inset)
  }

  /// Splits off the top `count` rows: (top, rest).
  public func splitTop(_ count: Int) -> (Rect, Rect) {
    let top = min(max(0, count), rows)
    return (
      Rect(row: row, col: col, rows: top, cols: cols),
      Rect(row: row + top, col: col, rows: rows - top, cols: cols)
    )
  }

  /// Splits off the bottom `count` rows: (rest, bottom).
  public func splitBottom(_ count: Int) -> (Rect, Rect) {
    let bottom = min(max(0, count), rows)
    return (
      Rect(row: row, col: col, rows: rows - bottom, cols: cols),
      Rect(row: row + rows - bottom, col: col, rows: bottom, cols: cols)
    )
  }

  /// Splits off the left `count` columns: (left, rest).
  public func splitLeft(_ count: Int) -> (Rect, Rect) {
    let left = min(max(0, count), cols)
    return (
      Rect(row: row, col: col, rows: rows, cols: left),
      Rect(row: row, col: col + left, rows: rows, cols: cols - left)
    )
  }

  /// A rectangle of at most `size` centred in this one.
  public func centered(rows wantedRows: Int, cols wantedCols: Int) -> Rect {
    let r = min(wantedRows, rows)
    let c = min(wantedCols, cols)
    return Rect(row: row + (rows - r) / 2, col: col + (cols - c) / 2, rows: r, cols: c)
  }

  /// Whether the cell (`row`, `col`) is inside (mouse hit-testing).
  public func contains(row: Int, col: Int) -> Bool {
    row >= self.row && row < maxRow && col >= self.col && col < maxCol
  }
}
