import Geometry

/// The `?` help overlay: a box in the middle of the screen listing key bindings by section.
public enum HelpOverlay {
  public static func render(
    sections: [(title: String, bindings: [KeyBinding])], scroll: inout ScrollPosition, in rect: Rect,
    into surface: inout some Surface
  ) {
    var lines: [StyledLine] = []
    for (index, section) in sections.enumerated() where !section.bindings.isEmpty {
      if index > 0 { lines.append(StyledLine("")) }
      lines.append(StyledLine(section.title, style: .bold))
      let keyWidth = section.bindings.map { DisplayWidth.of($0.keys) }.max() ?? 0
      for binding in section.bindings {
        lines.append(StyledLine(Truncation.fit(binding.keys, toWidth: keyWidth) + "  " + binding.help, indent: 1))
      }
    }
    lines.append(StyledLine(""))
    let fits = lines.count + 1 <= rect.rows - 2
    lines.append(StyledLine(fits ? "Press any key to close" : "↑/↓ scroll · other keys close", style: .dim))
    let width = min(rect.cols, max(40, (lines.map { DisplayWidth.of($0.text) + $0.indent }.max() ?? 0) + 4))
    let box = rect.centered(rows: min(rect.rows, lines.count + 2), cols: width)
    surface.clear(box)
    surface.box(box, title: "Keys")
    let inside = box.inset(by: 1)
    scroll.fit(lineCount: lines.count, visibleRows: inside.rows)
    TextPane.render(lines, offset: scroll.offset, in: inside, into: &surface)
    // A screen reader reads the overlay from its first line, where the terminal's cursor goes.
    if !inside.isEmpty { surface.placeCursor(row: inside.row, col: inside.col) }
  }
}
