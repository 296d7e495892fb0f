/// Text snapshots of a `ScreenBuffer` that show style as well as text.
///
/// Layout: a frame of `|` around the text plane (so trailing blanks are visible), then a blank
/// line and the attribute plane, one character per cell: `.` plain, `R` reverse, `B` bold,
/// `U` underline, `D` dim, `*` reverse+bold (a focused selection), `2` for the second half of a
/// wide character. Rows whose attribute plane is all `.` are written as `.` alone, so snapshots
/// stay short and a change of selection or focus still shows as a one-line diff.
extension ScreenBuffer {
  public func snapshot() -> String {
    var lines: [String] = []
    let border = "+" + String(repeating: "-", count: cols) + "+"
    lines.append(border)
    for row in 0..<rows { lines.append("|" + text(ofRow: row) + "|") }
    lines.append(border)
    lines.append("")
    for row in 0..<rows {
      let plane = cells[row].map(Self.attributeMark).joined()
      let trimmed = plane.reversedDropping(".")
      let number = row < 10 ? "0\(row)" : "\(row)"
      lines.append(number + " " + (trimmed.isEmpty ? "." : trimmed))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func attributeMark(_ cell: Cell) -> String {
    if cell.isContinuation { return "2" }
    let attributes = cell.style.attributes
    if attributes.contains(.reverse) && attributes.contains(.bold) { return "*" }
    if attributes.contains(.reverse) { return "R" }
    if attributes.contains(.bold) { return "B" }
    if attributes.contains(.underline) { return "U" }
    if attributes.contains(.dim) { return "D" }
    return "."
  }
}

extension String {
  /// Drops trailing `mark` characters (the unstyled tail of an attribute row).
  fileprivate func reversedDropping(_ mark: Character) -> String {
    var text = self
    while text.last == mark { text.removeLast() }
    return text
  }
}
