import Geometry

/// A scrolling list with one selected row.
///
/// The list does not own its rows or selection (those live in `AppState`); it keeps only the
/// scroll offset, which `scrollOffset(...)` derives from the selection so that the selected row is
/// always visible.
public enum ListView {
  /// The first visible row so that `selection` is visible, moving as little as possible from
  /// `previous`, with `margin` rows of context where the list allows.
  ///
  /// No context by default (as fzf and less): when the selection walks off the bottom, the rows
  /// above it are unchanged lines moved up one, which ncurses sends as one terminal scroll, and
  /// only the two rows whose highlight changed are written. With context rows below the
  /// selection, the moved rows are split by the highlight and ncurses rewrites them all, about
  /// twice the bytes per key over a slow link (docs/decisions/ui-terminal.md#ui--keys-and-layout).
  public static func scrollOffset(selection: Int, count: Int, visibleRows: Int, previous: Int, margin: Int = 0) -> Int {
    guard count > visibleRows, visibleRows > 0 else { return 0 }
    let margin = min(margin, (visibleRows - 1) / 2)
    var offset = min(max(0, previous), count - visibleRows)
    let selection = min(max(0, selection), count - 1)
    if selection < offset + margin { offset = selection - margin }
    if selection >= offset + visibleRows - margin { offset = selection - visibleRows + margin + 1 }
    return min(max(0, offset), count - visibleRows)
  }

  /// Draws rows `offset...` into `rect`; `row(index, width)` gives each row's text, fitted by
  /// the caller's column layout. The selected row is reverse video (bold too when focused) and
  /// starts with `>` so it is visible on any terminal and in plain-text captures. `accent(index)`
  /// restyles the row's first cell (a presence glyph) on rows that are not selected, where the
  /// reverse video would fight a colour. `rowStyles(index)`, when given, styles each unselected
  /// row (a list of two kinds whose halves answer different queries). When `focused` and
  /// `placesCursor`, the terminal's cursor is left at the selected row's first column, where a
  /// screen reader reads it (`Surface.placeCursor`).
  public static func render(
    count: Int, selection: Int?, offset: Int, in rect: Rect, focused: Bool, placesCursor: Bool = true,
    rowStyle: Style = .plain,
    rowStyles: ((Int) -> Style)? = nil, accent: (Int) -> (text: String, style: Style)? = { _ in nil },
    into surface: inout some Surface, row: (Int, Int) -> String
  ) {
    guard !rect.isEmpty else { return }
    for line in 0..<rect.rows {
      let index = offset + line
      let screenRow = rect.row + line
      guard index < count else {
        surface.clear(Rect(row: screenRow, col: rect.col, rows: 1, cols: rect.cols))
        continue
      }
      let isSelected = index == selection
      let style: Style = isSelected ? (focused ? .selectedFocused : .selectedUnfocused) : rowStyles?(index) ?? rowStyle
      let marker = isSelected ? ">" : " "
      surface.put(marker + row(index, rect.cols - 1), row: screenRow, col: rect.col, width: rect.cols, style: style)
      if isSelected, focused, placesCursor { surface.placeCursor(row: screenRow, col: rect.col) }
      if !isSelected, rect.cols > 2, let accent = accent(index) {
        surface.put(accent.text, row: screenRow, col: rect.col + 1, width: 1, style: accent.style)
      }
    }
    // A scroll hint in the last column when rows are hidden below or above.
    if offset > 0 { surface.put("↑", row: rect.row, col: rect.maxCol - 1, style: .dim) }
    if offset + rect.rows < count { surface.put("↓", row: rect.maxRow - 1, col: rect.maxCol - 1, style: .dim) }
  }

  /// One row of cells laid out as `widths` (as from `PeopleColumns`), each fitted to its width.
  public static func layoutRow(_ texts: [String], widths: [Int]) -> String {
    zip(texts, widths).map { Truncation.fit($0, toWidth: $1) }.joined(separator: " ")
  }
}
