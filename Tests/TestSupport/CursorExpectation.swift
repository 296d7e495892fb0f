/// Where the terminal's cursor must stand after a key in the full-screen UI (issue 44 item 1),
/// judged from the screen as text, so the pty test (the byte stream through a terminal emulator)
/// and the tmux test (tmux's own cursor) ask the same question.
public enum CursorExpectation: Sendable, CustomStringConvertible {
  /// In the search field, after the query: `Search: ` then `query`, the cursor on the next cell.
  case inField(query: String)
  /// At column 0 of the list's selected row (the row starting with `>`).
  case onListSelection
  /// On the focused detail pane: its first column, on its title (row 0) or a selected line; the
  /// pane stands right of the divider `│`, or alone at column 0 when it covers the list.
  case onPane

  public var description: String {
    switch self {
    case .inField(let query): return "in the search field after \"\(query)\""
    case .onListSelection: return "on the list's selected row"
    case .onPane: return "on the detail pane"
    }
  }

  /// Whether `cursor` (row and column from 0) on `lines` is where it should be.
  public func holds(lines: [String], row: Int, col: Int) -> Bool {
    guard lines.indices.contains(row) else { return false }
    let line = Array(lines[row])
    switch self {
    case .inField(let query):
      let field = Array("Search: " + query)
      return col == field.count && line.count >= field.count && Array(line[0..<field.count]) == field
    case .onListSelection:
      return col == 0 && line.first == ">"
    case .onPane:
      // The pane covers the list (one pane at a time): its first column.
      guard let top = lines.first, top.hasPrefix("Search:") else { return col == 0 }
      // Side by side: the column right of the divider `│` (line 0 is the field: one cell a
      // character up to the divider).
      if let divider = top.firstIndex(of: "│") { return col == top.distance(from: top.startIndex, to: divider) + 1 }
      // Stacked: column 0 below the divider line `─`.
      return col == 0 && lines[..<row].contains { $0.hasPrefix("─") }
    }
  }
}
