/// The `?` help overlay: a box in the middle of the screen listing key bindings by section.
public enum HelpOverlay {
  public static func render(sections: [(title: String, bindings: [KeyBinding])], in rect: Rect, into surface: inout some Surface) {
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
    lines.append(StyledLine("Press any key to close", style: .dim))
    let width = min(rect.cols, max(40, (lines.map { DisplayWidth.of($0.text) + $0.indent }.max() ?? 0) + 4))
    let box = rect.centered(rows: min(rect.rows, lines.count + 2), cols: width)
    surface.clear(box)
    surface.box(box, title: "Keys")
    TextPane.render(lines, offset: 0, in: box.inset(by: 1), into: &surface)
  }
}
