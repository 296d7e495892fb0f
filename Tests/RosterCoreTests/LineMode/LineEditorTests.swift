import Foundation
import Testing

@testable import RosterCore

/// The prompt's editing (issue 44 item 3, readline's keys) and the bytes it writes: text at the
/// end is echoed alone; anything else redraws the line with carriage return, erase-to-end and
/// cursor-left only.
struct LineEditorTests {
  static func typing(_ keys: [LineKey], history: [String] = []) -> (LineEditor, [LineEditor.Edit]) {
    var editor = LineEditor(history: history)
    editor.begin(prompt: "Search: ")
    let edits = keys.map { editor.apply($0) }
    return (editor, edits)
  }

  @Test func textAtTheEndIsEchoedAsIs() {
    let (editor, edits) = Self.typing([.insert("zo"), .insert("ë"), .enter])
    #expect(edits == [.write("zo"), .write("ë"), .submit("zoë")])
    #expect(editor.history == ["zoë"])
  }

  @Test func editingInsideRedrawsWithLineEditingSequencesOnly() {
    let (editor, edits) = Self.typing([.insert("ad"), .left, .insert("x"), .backspace, .home, .end])
    #expect(edits[1] == .write("\u{1B}[D"))
    #expect(edits[2] == .write("\rSearch: axd\u{1B}[K\u{1B}[D"))
    #expect(edits[3] == .write("\rSearch: ad\u{1B}[K\u{1B}[D"))
    #expect(edits[4] == .write("\rSearch: ad\u{1B}[K\u{1B}[2D"))
    #expect(edits[5] == .write("\rSearch: ad\u{1B}[K"))
    #expect(String(editor.text) == "ad")
  }

  @Test func controlUAndWDeleteToTheStartAndAWord() {
    let (editor, _) = Self.typing([.insert("dept:Sales ada lo"), .deleteWord])
    #expect(String(editor.text) == "dept:Sales ada ")
    let (cleared, _) = Self.typing([.insert("ada"), .left, .deleteToStart])
    #expect(String(cleared.text) == "a")
    #expect(cleared.cursor == 0)
  }

  @Test func upAndDownWalkTheHistoryAndBringBackTheDraft() {
    let (editor, _) = Self.typing([.insert("gr"), .up, .up, .up], history: ["ada", "alan"])
    #expect(String(editor.text) == "ada")
    let (back, _) = Self.typing([.insert("gr"), .up, .down], history: ["ada", "alan"])
    #expect(String(back.text) == "gr")
  }

  @Test func controlDOnAnEmptyLineAndControlCQuit() {
    #expect(Self.typing([.endOfInput]).1 == [.quit])
    #expect(Self.typing([.insert("a"), .interrupt]).1.last == .quit)
    #expect(Self.typing([.insert("a"), .left, .endOfInput]).0.text.isEmpty)
  }

  @Test func wideCharactersMoveTheCursorByTheirCells() {
    let (_, edits) = Self.typing([.insert("杨伟"), .left])
    #expect(edits.last == .write("\u{1B}[2D"))
  }

  @Test func theDecoderReadsTextControlsAndBothArrowForms() {
    var decoder = LineKeyDecoder()
    #expect(decoder.feed(Array("ab\r".utf8)) == [.insert("ab"), .enter])
    #expect(
      decoder.feed([0x1B, 0x5B, 0x44, 0x1B, 0x4F, 0x41, 0x01, 0x05, 0x15, 0x17, 0x7F]) == [
        .left, .up, .home, .end, .deleteToStart, .deleteWord, .backspace,
      ])
    #expect(decoder.feed([0x1B, 0x5B]) == [])
    #expect(decoder.feed([0x33, 0x7E]) == [.delete])
    #expect(decoder.feed([0xC3]) == [])
    #expect(decoder.feed([0xAB]) == [.insert("ë")])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed(Array("x".utf8)) == [.insert("x")])
  }
}
