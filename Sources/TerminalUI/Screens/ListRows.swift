import RosterCore

/// The list's lines over the search results: one line per result, and a divider line above the
/// close matches when there are some ("── close matches for gutpa ──"), which no result owns.
struct ListRows {
  /// The divider's line, nil when none is drawn.
  let divider: Int?
  let count: Int
  private let forgiven: String

  init(_ search: SearchState) {
    divider = search.closeMatchesStart
    count = search.results.count + (divider == nil ? 0 : 1)
    forgiven = search.answer?.close?.forgiven ?? ""
  }

  /// The result shown on `line`; nil for the divider or past the end.
  func result(atLine line: Int) -> Int? {
    guard line >= 0, line < count else { return nil }
    guard let divider else { return line }
    if line == divider { return nil }
    return line > divider ? line - 1 : line
  }

  /// The line `result` is shown on.
  func line(ofResult result: Int) -> Int {
    guard let divider, result >= divider else { return result }
    return result + 1
  }

  /// "── close matches for gutpa ──" fitted to `width` cells.
  func dividerText(width: Int) -> String {
    let label = " close matches for \u{201C}\(forgiven)\u{201D} "
    let text = "──" + label
    let fill = max(0, width - DisplayWidth.of(text))
    return Truncation.fit(text + String(repeating: "─", count: fill), toWidth: width)
  }
}
