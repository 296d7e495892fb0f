import Testing

@testable import roster_bench

/// The harness's terminal emulator must put text where xterm would, or "drawn" means nothing.
@Suite struct ScreenEmulatorTests {
  private func screen(rows: Int = 6, cols: Int = 20, _ bytes: String) -> [String] {
    var emulator = ScreenEmulator(rows: rows, cols: cols)
    emulator.feed(Array(bytes.utf8))
    return emulator.lines.map { line in
      var trimmed = line
      while trimmed.hasSuffix(" ") { trimmed.removeLast() }
      return trimmed
    }
  }

  @Test func cursorAddressingAndRelativeMoves() {
    let lines = screen("\u{1B}[2;3Habc\u{1B}[4dX\u{1B}[10GY\u{1B}[1;1H\u{1B}[2BZ\u{1B}[3CW")
    #expect(lines[1] == "  abc")
    #expect(lines[2] == "Z   W")
    #expect(lines[3] == "     X   Y")
  }

  @Test func erasingAndDeletingCharacters() {
    let lines = screen("hello world\r\u{1B}[2Pxx\u{1B}[1;8H\u{1B}[K\u{1B}[2;1Habcdef\r\u{1B}[3X")
    #expect(lines[0] == "xxo wor")
    #expect(lines[1] == "   def")
  }

  /// What ncurses sends when a list between rows 3 and 8 scrolls up by one line: set the scroll
  /// region, line feed at its bottom, reset the region, draw the new row.
  @Test func scrollRegionIndexMovesOnlyTheRegion() {
    var bytes = ""
    for row in 1...6 { bytes += "\u{1B}[\(row);1Hrow \(row)" }
    bytes += "\u{1B}[2;5r\u{1B}[5;1H\n\u{1B}[1;6r\u{1B}[5;1Hnew"
    let lines = screen(bytes)
    #expect(lines == ["row 1", "row 3", "row 4", "row 5", "new", "row 6"])
  }

  @Test func wideAndCombiningCharactersTakeTheirCells() {
    let lines = screen("山田|\u{1B}[2;1He\u{301}x|")
    var emulator = ScreenEmulator(rows: 2, cols: 10)
    emulator.feed(Array("山田|".utf8))
    #expect(emulator.cells[0][0] == "山" && emulator.cells[0][2] == "田" && emulator.cells[0][4] == "|")
    #expect(lines[1] == "e\u{301}x|")
  }

  @Test func oscAndCharsetSequencesDrawNothing() {
    let lines = screen("\u{1B}]52;c;aGk=\u{07}\u{1B}(Bok\u{1B}[?25l\u{1B}[0;1;7mgo")
    #expect(lines[0] == "okgo")
  }

  /// Roster's graphics probe is an APC kitty query; a terminal draws none of it (it drew
  /// "Gi=31,s=…" over the search field and the bench lost every echo).
  @Test func apcDcsAndPmStringsDrawNothing() {
    let lines = screen("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\a\u{1B}P1$r0m\u{1B}\\b\u{1B}^pm\u{1B}\\c")
    #expect(lines[0] == "abc")
  }

  @Test func writingPastTheLastColumnWrapsAtTheNextCharacter() {
    let lines = screen(rows: 3, cols: 5, "abcdefg")
    #expect(lines[0] == "abcde")
    #expect(lines[1] == "fg")
  }
}
