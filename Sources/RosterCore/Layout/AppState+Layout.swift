import Geometry

extension AppState {
  /// Whether the detail pane covers the list (single-pane mode, Enter pressed on someone).
  public var isDetailCoveringList: Bool { singlePaneDetailOpen && hasListSelection }

  /// `layout` as drawn and hit by the mouse: in single-pane mode only the visible pane; stacked,
  /// with the keyboard in the pane, the rows a short list leaves empty given to the pane.
  public var visibleLayout: Layout {
    let shown = layout.showing(detail: isDetailCoveringList)
    guard shown.mode == .stacked, focus == .detail, screen == .main else { return shown }
    return shown.givingDetail(rowsBeyond: listRowCount)
  }
}

extension Layout {
  /// Lines a list of `rows` rows takes at most: the field, its status line, the rows, and a line
  /// for each divider (between kinds, above close matches).
  static func listLines(rows: Int) -> Int { 2 + rows + 3 }

  /// This stacked layout with the list no taller than `rows` rows need, the rest given to the
  /// detail pane below (issue 40: the pane read three lines and scrolled while the list above it
  /// showed two names in nine rows). Never shorter than the list's first layout row of results.
  func givingDetail(rowsBeyond rows: Int) -> Layout {
    let needed = max(Self.listLines(rows: rows), 4)
    guard mode == .stacked, needed < list.rows else { return self }
    let spare = list.rows - needed
    var copy = self
    copy.list = Rect(row: list.row, col: list.col, rows: needed, cols: list.cols)
    copy.divider = Rect(row: divider.row - spare, col: divider.col, rows: divider.rows, cols: divider.cols)
    copy.detail = Rect(row: detail.row - spare, col: detail.col, rows: detail.rows + spare, cols: detail.cols)
    return copy
  }
}
