/// Terminal dimensions in cells.
public struct TerminalSize: Equatable, Hashable, Sendable {
  /// Lines.
  public var rows: Int
  /// Columns (cells).
  public var cols: Int
  public init(rows: Int, cols: Int) {
    self.rows = rows
    self.cols = cols
  }
}
