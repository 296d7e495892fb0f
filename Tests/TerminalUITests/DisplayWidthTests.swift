import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test(
    arguments: [
      ("Alice", 5),
      ("", 0),
      ("Zoë Ålund", 9),
      ("Zoe\u{0308}", 3),  // e + combining diaeresis
      ("山田太郎", 8),
      ("김민준", 6),
      ("ｶﾀｶﾅ", 4),  // half-width katakana
      ("Ｆｕｌｌ", 8),  // full-width Latin
      ("👍", 2),
      ("👍🏽", 2),  // skin tone modifier
      ("👨‍👩‍👧", 2),  // ZWJ family
      ("🏳️‍🌈", 2),  // flag ZWJ sequence with VS16
      ("🇫🇷", 2),  // regional indicator pair
      ("❤️", 2),  // text-default heart + VS16
      ("❤︎", 1),  // + VS15
      ("☺", 1),
      ("a\u{200B}b", 2),  // zero-width space
      ("O'Brien", 7),
      ("रा", 2),  // Devanagari base + spacing vowel sign: a cell each, as wcwidth says
      ("राहुल गुप्ता", 9),  // र ा ह(ु) ल, space, ग(ु) प(्) त ा
      ("e\u{0301}\u{0301}", 1),
      ("\u{1B}[2J", 3),  // ESC itself has no width (sanitised earlier anyway)
    ] as [(String, Int)])
  func widthTable(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test(
    arguments: [
      ("Alice Smith", 20, "Alice Smith"),
      ("Alice Smith", 11, "Alice Smith"),
      ("Alice Smith", 10, "Alice Smi…"),
      ("Alice Smith", 1, "…"),
      ("Alice Smith", 0, ""),
      ("山田太郎", 8, "山田太郎"),
      ("山田太郎", 7, "山田太…"),
      ("山田太郎", 6, "山田…"),  // 山田 = 4, … = 1: the third ideograph would straddle
      ("👨‍👩‍👧 Family", 4, "👨‍👩‍👧 …"),
      ("Zoe\u{0308} Ålund", 4, "Zoe\u{0308}…"),
    ] as [(String, Int, String)])
  func truncationTable(text: String, width: Int, expected: String) {
    let result = Truncation.truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(DisplayWidth.of(result) <= width)
  }

  @Test func fitAlwaysGivesExactWidth() {
    for text in ["", "a", "山田太郎", "👨‍👩‍👧👨‍👩‍👧", "Zoë", "long text that goes on"] {
      for width in 0...12 {
        #expect(DisplayWidth.of(Truncation.fit(text, toWidth: width)) == width, "\(text) @ \(width)")
        #expect(DisplayWidth.of(Truncation.fitRight(text, toWidth: width)) == width, "\(text) @ \(width)")
      }
    }
  }

  @Test func wrapBreaksAtSpacesAndInsideLongWords() {
    #expect(Truncation.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(Truncation.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(Truncation.wrap("山田太郎", width: 3) == ["山", "田", "太", "郎"])
    #expect(Truncation.wrap("", width: 5) == [""])
  }

  /// The pane's "20:19 in Singapore, 8 h ahead of you" at 40 columns broke as "… 8" / "h ahead".
  @Test func aNumberKeepsItsShortUnit() {
    #expect(Truncation.wrap("in Singapore, 8 h ahead of you", width: 16) == ["in Singapore,", "8 h ahead of you"])
    #expect(Truncation.wrap("took 30 min", width: 7) == ["took", "30 min"])
    #expect(Truncation.wrap("+5.5 h behind", width: 6) == ["+5.5 h", "behind"])
    // Only a number and only a short unit: words stay apart otherwise.
    #expect(Truncation.wrap("Plan 1 seats", width: 6) == ["Plan 1", "seats"])
    #expect(Truncation.wrap("room h", width: 4) == ["room", "h"])
  }

  @Test func tailKeepsTheEndThatFits() {
    #expect(Truncation.tail("abcdef", width: 3) == "def")
    #expect(Truncation.tail("山田太郎", width: 5) == "太郎")
  }

  @Test func screenBufferPlacesWideCharactersInTwoCells() {
    var buffer = ScreenBuffer(rows: 1, cols: 6)
    buffer.put("山a田", row: 0, col: 0, style: .plain)
    #expect(buffer.text(ofRow: 0) == "山a田 ")
    buffer.put("x", row: 0, col: 1, style: .plain)  // overwrite the right half of 山
    #expect(buffer.text(ofRow: 0) == " xa田 ")
    buffer.put("界", row: 0, col: 5, style: .plain)  // would straddle the edge: dropped
    #expect(buffer.text(ofRow: 0) == " xa田 ")
  }

  @Test func spacingMarksKeepTheirCellSoTheNextLetterDoesNotCoverThem() {
    var buffer = ScreenBuffer(rows: 1, cols: 6)
    buffer.put("राहुल", row: 0, col: 0, style: .plain)  // रा takes two cells, हु one, ल one
    #expect(buffer.text(ofRow: 0) == "राहुल  ")
    buffer.put("x", row: 0, col: 4, style: .plain)
    #expect(buffer.text(ofRow: 0) == "राहुलx ")
  }
}
