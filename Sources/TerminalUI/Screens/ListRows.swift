import RosterCore

/// The list's lines over its rows (`AppState.listRows`: groups, people, rooms): one line per row,
/// and divider lines no row owns: above the people's close matches ("── close matches for gutpa
/// ──"), and above the rooms when people are listed before them ("── rooms ──"), so a room never
/// reads as one more close match.
struct ListRows {
  /// The dividers: the row each stands above, and its words. In row order.
  private let dividers: [(row: Int, label: String)]
  let count: Int

  init(_ state: AppState) {
    let people = state.shownPeople
    var dividers: [(row: Int, label: String)] = []
    if !people.isEmpty, let start = state.closeMatchesStart {
      dividers.append((state.rowsAbovePeople + start, state.search.answer?.close?.label ?? ""))
    }
    // Every kind listed after the people is named above its block.
    for kind in ObjectKind.listOrder.drop(while: { $0 != .person }).dropFirst()
    where !people.isEmpty && state.shownCount(of: kind) > 0 {
      dividers.append((state.rowsAbove(kind), kind.plural))
    }
    self.dividers = dividers
    count = state.listRowCount + dividers.count
  }

  /// The divider lines, each with its words.
  var dividerLines: [(line: Int, label: String)] {
    dividers.enumerated().map { (offset, divider) in (divider.row + offset, divider.label) }
  }

  /// The row shown on `line`; nil for a divider or past the end.
  func row(atLine line: Int) -> Int? {
    guard line >= 0, line < count else { return nil }
    var row = line
    for divider in dividerLines {
      if line == divider.line { return nil }
      if line > divider.line { row -= 1 }
    }
    return row
  }

  /// The line `row` is shown on.
  func line(ofRow row: Int) -> Int {
    row + dividers.filter { $0.row <= row }.count
  }

  /// "── close matches for gutpa ──" fitted to `width` cells.
  static func dividerText(_ label: String, width: Int) -> String {
    let text = "── " + label + " "
    let fill = max(0, width - DisplayWidth.of(text))
    return Truncation.fit(text + String(repeating: "─", count: fill), toWidth: width)
  }
}
