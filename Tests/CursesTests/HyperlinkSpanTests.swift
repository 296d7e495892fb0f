import Geometry
import Testing

@testable import Curses
@testable import TerminalUI

/// The bytes written after ncurses' update for an OSC 8 link: the cursor and attributes saved
/// and restored around them, the same text and attributes ncurses drew, and nothing written
/// for a span that could not be drawn back cell for cell.
struct HyperlinkSpanTests {
  @Test func bytesRewriteTheSameCellsInsideTheLink() throws {
    let span = try #require(
      HyperlinkSpan(
        "Chat", url: "https://teams.microsoft.com/l/chat/0/0?users=a@b", row: 3, col: 10, style: .underline, cols: 80))
    #expect(
      span.bytes
        == "\u{1B}7\u{1B}[4;11H\u{1B}[0;4m\u{1B}]8;;https://teams.microsoft.com/l/chat/0/0?users=a@b\u{1B}\\Chat"
        + "\u{1B}]8;;\u{1B}\\\u{1B}8")
    #expect(span.overlaps(Rect(row: 3, col: 13, rows: 1, cols: 5)))
    #expect(!span.overlaps(Rect(row: 3, col: 14, rows: 1, cols: 5)))
    #expect(!span.overlaps(Rect(row: 4, col: 10, rows: 1, cols: 5)))
  }

  @Test func spansThatCannotBeRewrittenExactlyAreNotLinked() {
    let url = "https://a.example/"
    #expect(HyperlinkSpan("Chat", url: url, row: 0, col: 78, style: .plain, cols: 80) == nil, "cut at the edge")
    #expect(HyperlinkSpan("山田", url: url, row: 0, col: 0, style: .plain, cols: 80) == nil, "wide text")
    #expect(HyperlinkSpan("Chat", url: url, row: 0, col: 0, style: .title, cols: 80) == nil, "a colour")
    #expect(HyperlinkSpan("Chat", url: "https://a/\u{07}", row: 0, col: 0, style: .plain, cols: 80) == nil)
  }
}
