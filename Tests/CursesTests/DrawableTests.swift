import CNCurses
import Foundation
import Testing

@testable import Curses
@testable import TerminalUI

/// What `CursesSurface` hands ncurses for each grapheme: ncurses advances by the C library's
/// `wcwidth`, Roster's columns by its own tables, and the two must agree cell for cell or every
/// column after a name shifts.
@Suite struct DrawableTests {
  init() { TerminalSession.chooseUTF8Locale() }

  /// Cells ncurses moves the cursor by when it draws `text` (a negative `wcwidth` counts as the
  /// one cell ncurses gives an unprintable character).
  private func libcCells(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      let width = Int(cnc_wcwidth(scalar.value))
      return total + (width < 0 ? 1 : width)
    }
  }

  @Test(arguments: [
    "a", "é", "e\u{301}", "山", "田", "한", "ｱ", "😀", "👍🏽", "👩‍💻", "👨‍👩‍👧", "🇬🇧", "🇯🇵", "❤️", "☺︎",
    "रा", "हु", "प्त", "ক্ষ", "ழ்", "Ω", "…", "→", "│", "█",
  ])
  func ncursesAdvancesAsFarAsRosterMeasures(grapheme: String) throws {
    let character = try #require(grapheme.first)
    let width = DisplayWidth.of(character)
    #expect(width >= 1 && width <= 2)
    let drawn = CursesSurface.drawable(character, width: width)
    #expect(
      libcCells(drawn) == width,
      "\(grapheme.unicodeScalars.map { String($0.value, radix: 16) }) → \(drawn.unicodeScalars.map { String($0.value, radix: 16) })"
    )
  }

  @Test func plainTextIsHandedOverUnchanged() {
    for character in "Siobhán O'Brien 山田 太郎" {
      let width = DisplayWidth.of(character)
      guard width > 0 else { continue }
      #expect(CursesSurface.drawable(character, width: width) == String(character))
    }
  }

  /// The characters `put` hands ncurses in one string, unpositioned: every one of them must take
  /// exactly one cell for both, or the rest of the run would shift.
  @Test func everyPlainLatinCharacterIsOneCellForBoth() {
    var checked = 0
    for value in UInt32(0x20)..<0x300 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      guard CursesSurface.isPlainLatin(character) else { continue }
      checked += 1
      #expect(DisplayWidth.of(character) == 1, "U+\(String(value, radix: 16))")
      #expect(cnc_wcwidth(value) == 1, "U+\(String(value, radix: 16))")
    }
    #expect(checked == 95 + 0x260)
    #expect(!CursesSurface.isPlainLatin("e\u{301}"), "a combining sequence is placed on its own")
    #expect(!CursesSurface.isPlainLatin("\u{7F}") && !CursesSurface.isPlainLatin("\u{85}"))
  }

  @Test func aJoinedEmojiIsDrawnAsItsBase() {
    #expect(CursesSurface.drawable("👩‍💻", width: 2) == "👩")
  }
}
