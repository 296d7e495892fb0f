import RosterCore

/// The list's lines over its rows (`AppState.listRows`: groups, then people): one line per row,
/// and a divider line above the people's close matches when there are some ("── close matches
/// for gutpa ──"), which no row owns.
struct ListRows {
  /// The divider's line, nil when none is drawn.
  let divider: Int?
  let count: Int
  /// How the rows below the divider were found (`CloseMatches.label`).
  private let label: String

  init(_ state: AppState) {
    let people = state.shownPeople
    divider = people.isEmpty ? nil : state.search.closeMatchesStart.map { state.shownGroups.count + $0 }
    count = state.listRowCount + (divider == nil ? 0 : 1)
    label = state.search.answer?.close?.label ?? ""
  }

  /// The row shown on `line`; nil for the divider or past the end.
  func row(atLine line: Int) -> Int? {
    guard line >= 0, line < count else { return nil }
    guard let divider else { return line }
    if line == divider { return nil }
    return line > divider ? line - 1 : line
  }

  /// The line `row` is shown on.
  func line(ofRow row: Int) -> Int {
    guard let divider, row >= divider else { return row }
    return row + 1
  }

  /// "── close matches for gutpa ──" fitted to `width` cells.
  func dividerText(width: Int) -> String {
    let text = "── " + label + " "
    let fill = max(0, width - DisplayWidth.of(text))
    return Truncation.fit(text + String(repeating: "─", count: fill), toWidth: width)
  }
}
