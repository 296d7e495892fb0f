/// The `?` help overlay: a box in the middle of the screen listing key bindings by section.
public enum HelpOverlay {
  /// Where the list is scrolled to, and how far it can go in the box last drawn.
  public struct Scroll: Equatable, Sendable {
    public var offset = 0
    public var maxOffset = 0
    public var page = 1

    public init() {}

    /// Applies a scrolling key; false when `key` is not one (it closes the overlay) or the list
    /// fits and there is nothing to scroll.
    mutating func scroll(for key: Key) -> Bool {
      guard maxOffset > 0 else { return false }
      switch key {
      case .down, .control("n"): offset += 1
      case .up, .control("p"): offset -= 1
      case .pageDown, .character(" "): offset += page
      case .pageUp: offset -= page
      case .home: offset = 0
      case .end: offset = maxOffset
      default: return false
      }
      offset = min(max(0, offset), maxOffset)
      return true
    }
  }

  public static func render(
    sections: [(title: String, bindings: [KeyBinding])], scroll: inout Scroll, in rect: Rect, into surface: inout some Surface
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
    scroll.maxOffset = TextPane.maxOffset(lineCount: lines.count, visibleRows: inside.rows)
    scroll.page = max(1, inside.rows - 1)
    scroll.offset = min(scroll.offset, scroll.maxOffset)
    TextPane.render(lines, offset: scroll.offset, in: inside, into: &surface)
  }
}
