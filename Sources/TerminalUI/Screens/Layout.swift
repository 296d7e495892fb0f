import RosterCore

/// Where each pane goes for a terminal size (DESIGN.md §2):
/// - below 40×12: nothing but a "terminal too small" message;
/// - from 100 columns: list and detail side by side (list about 2/5);
/// - from 60 columns: list above detail (stacked);
/// - below 60 columns: one pane at a time (Enter opens the detail, Esc returns).
/// The bottom two rows are the status line and the key-hint bar.
public struct Layout: Equatable, Sendable {
  public enum Mode: Equatable, Sendable { case tooSmall, sideBySide, stacked, singlePane }

  public static let minimumRows = 12
  public static let minimumCols = 40
  public static let sideBySideFromCols = 100
  public static let stackedFromCols = 60

  public var mode: Mode
  public var list: Rect
  public var detail: Rect
  /// The vertical or horizontal divider between the panes (empty in single-pane mode).
  public var divider: Rect
  public var statusLine: Rect
  public var hintBar: Rect
  public var screen: Rect

  public init(rows: Int, cols: Int, detailOpen: Bool) {
    screen = Rect(row: 0, col: 0, rows: rows, cols: cols)
    guard rows >= Self.minimumRows, cols >= Self.minimumCols else {
      mode = .tooSmall
      (list, detail, divider, statusLine, hintBar) = (.zero, .zero, .zero, .zero, .zero)
      return
    }
    let (body, bars) = screen.splitBottom(2)
    statusLine = Rect(row: bars.row, col: 0, rows: 1, cols: cols)
    hintBar = Rect(row: bars.row + 1, col: 0, rows: 1, cols: cols)
    if cols >= Self.sideBySideFromCols {
      mode = .sideBySide
      let (left, rest) = body.splitLeft(cols * 2 / 5)
      let (line, right) = rest.splitLeft(1)
      (list, divider, detail) = (left, line, right)
    } else if cols >= Self.stackedFromCols {
      mode = .stacked
      let (top, rest) = body.splitTop(max(6, body.rows * 9 / 20))
      let (line, bottom) = rest.splitTop(1)
      (list, divider, detail) = (top, line, bottom)
    } else {
      mode = .singlePane
      divider = .zero
      list = detailOpen ? .zero : body
      detail = detailOpen ? body : .zero
    }
  }

  /// Rows the result list shows under the search field and its status line.
  public var visibleListRows: Int { max(0, list.rows - 2) }
}
