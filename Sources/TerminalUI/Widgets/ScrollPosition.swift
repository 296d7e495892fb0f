/// Where a `TextPane` is scrolled to and how far it can go at the size it was last drawn:
/// view-local state, since scrolling text changes nothing in `AppState`.
public struct ScrollPosition: Equatable, Sendable {
  public private(set) var offset = 0
  public private(set) var maxOffset = 0
  private var page = 1

  public init() {}

  /// There is more text than rows.
  public var canScroll: Bool { maxOffset > 0 }

  /// Records the extent for `lineCount` lines in `visibleRows` rows (call while drawing) and
  /// keeps the offset inside it, so a resize never leaves the text scrolled past its end.
  public mutating func fit(lineCount: Int, visibleRows: Int) {
    maxOffset = TextPane.maxOffset(lineCount: lineCount, visibleRows: visibleRows)
    page = max(1, visibleRows - 1)
    offset = min(offset, maxOffset)
  }

  public mutating func scroll(by lines: Int) { offset = min(max(0, offset + lines), maxOffset) }
  /// A page less one line, so the last line read stays in sight.
  public mutating func pageDown() { scroll(by: page) }
  public mutating func pageUp() { scroll(by: -page) }
  public mutating func toTop() { offset = 0 }
  public mutating func toEnd() { offset = maxOffset }
}
