import Geometry

/// Draws a one-line text field: a label, the text scrolled so the cursor stays visible, and the
/// cursor as a reverse-video cell when the field has focus (the hardware cursor stays hidden, so
/// snapshots show it too). A focused field also leaves the terminal's cursor on that cell
/// (`Surface.placeCursor`), where a screen reader follows the typing.
public enum TextFieldView {
  public static func render(
    label: String, text: String, cursor: Int, placeholder: String = "",
    row: Int, in rect: Rect, focused: Bool, into surface: inout some Surface
  ) {
    guard row >= rect.row, row < rect.maxRow, rect.cols > 0 else { return }
    surface.clear(Rect(row: row, col: rect.col, rows: 1, cols: rect.cols))
    let labelText = Truncation.truncate(label, toWidth: max(0, rect.cols / 2))
    surface.put(labelText, row: row, col: rect.col, style: .bold)
    let fieldCol = rect.col + DisplayWidth.of(labelText)
    let fieldWidth = rect.maxCol - fieldCol
    guard fieldWidth > 1 else { return }
    let characters = Array(text)
    let cursor = min(max(0, cursor), characters.count)
    if characters.isEmpty {
      if focused {
        surface.put(" ", row: row, col: fieldCol, style: .reverse)
        surface.placeCursor(row: row, col: fieldCol)
      }
      if !placeholder.isEmpty {
        surface.put(
          Truncation.truncate(placeholder, toWidth: fieldWidth - 2), row: row, col: fieldCol + 2, style: .muted)
      }
      return
    }
    // Everything before the cursor that fits, keeping one cell for the cursor itself.
    let before = Truncation.tail(String(characters[0..<cursor]), width: fieldWidth - 1)
    let after = String(characters[cursor...])
    surface.put(before, row: row, col: fieldCol, style: .plain)
    let cursorCol = fieldCol + DisplayWidth.of(before)
    let remaining = rect.maxCol - cursorCol
    if focused { surface.placeCursor(row: row, col: min(cursorCol, rect.maxCol - 1)) }
    if let first = after.first {
      let cursorStyle: Style = focused ? .reverse : .plain
      if DisplayWidth.of(first) <= remaining {
        surface.put(String(first), row: row, col: cursorCol, style: cursorStyle)
      }
      let rest = String(after.dropFirst())
      let restCol = cursorCol + DisplayWidth.of(first)
      if restCol < rect.maxCol {
        surface.put(Truncation.truncate(rest, toWidth: rect.maxCol - restCol), row: row, col: restCol, style: .plain)
      }
    } else if focused && remaining > 0 {
      surface.put(" ", row: row, col: cursorCol, style: .reverse)
    }
  }
}
