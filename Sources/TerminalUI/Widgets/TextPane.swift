import Geometry

/// A scrolling pane of styled lines (the detail pane, help text).
public struct StyledLine: Sendable, Equatable {
  public var text: String
  public var style: Style
  public var indent: Int

  public init(_ text: String, style: Style = .plain, indent: Int = 0) {
    self.text = text
    self.style = style
    self.indent = indent
  }
}

public enum TextPane {
  /// Largest valid scroll offset for `lineCount` lines in `visibleRows`.
  public static func maxOffset(lineCount: Int, visibleRows: Int) -> Int {
    max(0, lineCount - visibleRows)
  }

  /// Draws `lines` from `offset` into `rect`, each fitted to the width; arrows in the right
  /// column say there is more above or below.
  ///
  /// `narrowed`: screen lines of `rect` (from 0) where only `cols` columns are free (a photo
  /// beside them); text there is cut at that edge.
  public static func render(
    _ lines: [StyledLine], offset: Int, in rect: Rect, narrowed: (lines: Range<Int>, cols: Int)? = nil,
    into surface: inout some Surface
  ) {
    guard !rect.isEmpty else { return }
    let offset = min(max(0, offset), maxOffset(lineCount: lines.count, visibleRows: rect.rows))
    surface.clear(rect)
    for line in 0..<rect.rows {
      let index = offset + line
      guard index < lines.count else { break }
      let item = lines[index]
      let cols = narrowed.map { $0.lines.contains(line) ? min(rect.cols, $0.cols) : rect.cols } ?? rect.cols
      // A row padded to the whole width (a selectable row) is cut beside the photo only where
      // its text is: its padding would otherwise draw "…" on a row that is whole (issue 28).
      var text = item.text
      if cols < rect.cols { while text.last == " " { text.removeLast() } }
      surface.put(
        text, line: line, in: Rect(row: rect.row, col: rect.col, rows: rect.rows, cols: cols - 1),
        indent: item.indent, style: item.style)
    }
    if offset > 0 { surface.put("↑", row: rect.row, col: rect.maxCol - 1, style: .dim) }
    if offset + rect.rows < lines.count { surface.put("↓", row: rect.maxRow - 1, col: rect.maxCol - 1, style: .dim) }
  }

  /// The narrowest a value column is worth keeping beside its labels; below it each value goes
  /// under its label.
  static let minimumValueWidth = 12

  /// Label/value lines, labels padded to one width, values wrapped under themselves.
  ///
  /// A label is never cut ("Business pho…", issue 28 item 8): where the labels leave the value
  /// less than `minimumValueWidth` cells, each value goes on the lines under its label instead.
  ///
  /// `widerAfter`: a field that starts on line `lines` or later (below a photo beside the first
  /// lines) is wrapped at `width` of its own, the pane's whole width (issue 40: below the photo,
  /// each failed sign-in took five lines of 36 columns in a 71-column pane).
  public static func fields(
    _ pairs: [(label: String, value: String, style: Style)], width: Int, labelWidth: Int? = nil,
    widerAfter: (lines: Int, width: Int)? = nil
  ) -> [StyledLine] {
    let widest = labelWidth ?? pairs.map { DisplayWidth.of($0.label) }.max() ?? 0
    let labelWidth = max(0, widest)
    guard width - labelWidth - 3 >= minimumValueWidth else { return stacked(pairs, width: width) }
    var lines: [StyledLine] = []
    for pair in pairs {
      let below = widerAfter.map { lines.count >= $0.lines } ?? false
      let width = below ? max(width, widerAfter?.width ?? width) : width
      let wrapped = Truncation.wrap(pair.value, width: max(1, width - labelWidth - 3))
      for (index, part) in wrapped.enumerated() {
        let label =
          index == 0 ? Truncation.fit(pair.label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
        lines.append(StyledLine(label + "  " + part, style: pair.style))
      }
    }
    return lines
  }

  /// Each label on a line of its own (cut only where the pane is narrower than it), its value
  /// wrapped under it, two cells in.
  private static func stacked(_ pairs: [(label: String, value: String, style: Style)], width: Int) -> [StyledLine] {
    var lines: [StyledLine] = []
    for pair in pairs {
      lines.append(StyledLine(Truncation.truncate(pair.label, toWidth: max(1, width - 1)), style: .muted))
      for part in Truncation.wrap(pair.value, width: max(1, width - 3)) {
        lines.append(StyledLine("  " + part, style: pair.style))
      }
    }
    return lines
  }
}
