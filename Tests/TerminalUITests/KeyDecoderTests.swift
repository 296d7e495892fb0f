import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
  static func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flushPendingEscape()
  }

  @Test(
    arguments: [
      ("a", [Key.character("a")]),
      ("Zoë", [.character("Z"), .character("o"), .character("ë")]),
      ("山", [.character("山")]),
      ("👍", [.character("👍")]),
      ("\r", [.enter]),
      ("\n", [.enter]),
      ("\t", [.tab]),
      ("\u{7F}", [.backspace]),
      ("\u{08}", [.backspace]),
      ("\u{01}", [.control("a")]),
      ("\u{03}", [.control("c")]),
      ("\u{0E}", [.control("n")]),
      ("\u{10}", [.control("p")]),
      ("\u{1A}", [.control("z")]),
      ("\u{1B}", [.escape]),
      ("\u{1B}[A", [.up]),
      ("\u{1B}[B", [.down]),
      ("\u{1B}[C", [.right]),
      ("\u{1B}[D", [.left]),
      ("\u{1B}OA", [.up]),
      ("\u{1B}[1;5A", [.up]),  // Ctrl-Up: treated as Up
      ("\u{1B}[H", [.home]),
      ("\u{1B}[F", [.end]),
      ("\u{1B}OH", [.home]),
      ("\u{1B}[1~", [.home]),
      ("\u{1B}[4~", [.end]),
      ("\u{1B}[7~", [.home]),  // rxvt
      ("\u{1B}[8~", [.end]),
      ("\u{1B}[2~", [.insert]),
      ("\u{1B}[3~", [.delete]),
      ("\u{1B}[5~", [.pageUp]),
      ("\u{1B}[6~", [.pageDown]),
      ("\u{1B}[Z", [.backTab]),
      ("\u{1B}OP", [.function(1)]),
      ("\u{1B}OS", [.function(4)]),
      ("\u{1B}[15~", [.function(5)]),
      ("\u{1B}[24~", [.function(12)]),
      ("\u{1B}b", [.alt("b")]),
      // Issue 40: Esc and a key Roster binds no Alt for, close together, are both kept.
      ("\u{1B}q", [.escape, .character("q")]),
      ("\u{1B}é", [.escape, .character("é")]),
      ("\u{1B}ada", [.escape, .character("a"), .character("d"), .character("a")]),
      ("\u{1B}\u{1B}", [.escape, .escape]),
      ("\u{1B}[200~O'Brien\u{1B}[201~", [.paste("O'Brien")]),
      ("\u{1B}[200~line1\nline2\u{1B}[201~x", [.paste("line1 line2"), .character("x")]),
      // Keys inside a paste are not keys; escape sequences in it are removed whole where it enters.
      ("\u{1B}[200~\u{1B}[A\u{1B}[201~", [.paste("")]),
      ("\u{1B}[200~x\u{1B}]52;c;ZXZpbA==\u{07}y\u{1B}[2Jz\u{1B}[201~", [.paste("xyz")]),
      ("\u{1B}[<0;5;3M", [.mouse(MouseEvent(kind: .press(button: 0), row: 2, col: 4))]),
      ("\u{1B}[<0;5;3m", [.mouse(MouseEvent(kind: .release, row: 2, col: 4))]),
      ("\u{1B}[<64;1;1M", [.mouse(MouseEvent(kind: .wheelUp, row: 0, col: 0))]),
      ("\u{1B}[<65;10;20M", [.mouse(MouseEvent(kind: .wheelDown, row: 19, col: 9))]),
      ("\u{1B}[<32;1;1M", []),  // drag motion: ignored
      ("\u{1B}[999z", []),  // unknown CSI: dropped, not typed
      ("\u{1B}[201~", []),  // stray paste end
    ] as [(String, [Key])])
  func decodingTable(input: String, expected: [Key]) {
    #expect(Self.decode(input) == expected)
  }

  @Test func sequencesSplitAcrossReadsAreJoined() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.feed(Array("[".utf8)) == [])
    #expect(decoder.feed(Array("5~".utf8)) == [.pageUp])
    let snowman = Array("☃".utf8)
    #expect(decoder.feed(snowman[0..<1]) == [])
    #expect(decoder.feed(snowman[1...]) == [.character("☃")])
  }

  @Test func pasteEndMarkerSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~ab".utf8)) == [])
    #expect(decoder.isInPaste)
    #expect(decoder.feed(Array("c\u{1B}[2".utf8)) == [])
    #expect(decoder.feed(Array("01~d".utf8)) == [.paste("abc"), .character("d")])
  }

  @Test func aPastedMegabyteIsCappedAndDecodedInOneInsertion() {
    var decoder = KeyDecoder(pasteLimit: 1000)
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [])
    let chunk = Array(String(repeating: "x", count: 65_536).utf8)
    for _ in 0..<16 { #expect(decoder.feed(chunk) == []) }
    let keys = decoder.feed(Array("\u{1B}[201~q".utf8))
    #expect(keys.count == 2)
    if case .paste(let text)? = keys.first { #expect(text.count == 1000) } else { Issue.record("no paste") }
    #expect(keys.last == .character("q"))
  }

  @Test func aLoneEscapeWaitsForTheFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(decoder.flushPendingEscape() == [])
  }

  @Test func invalidUTF8IsSkipped() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xFF, 0x80, 0x61]) == [.character("a")])
  }
}

@Suite struct TextFieldModelTests {
  static func run(_ text: String, cursor: Int? = nil, _ keys: [Key]) -> (String, Int) {
    var model = TextFieldModel(text: text, cursor: cursor)
    for key in keys { model.apply(key) }
    return (model.text, model.cursor)
  }

  @Test(
    arguments: [
      ("", nil, [Key.character("a"), .character("l")], "al", 2),
      ("alice", nil, [.backspace], "alic", 4),
      ("alice", 0, [.backspace], "alice", 0),
      ("alice", 0, [.delete], "lice", 0),
      ("alice", nil, [.left, .left, .character("X")], "aliXce", 4),
      ("alice", nil, [.home, .character(">")], ">alice", 1),
      ("alice", 2, [.end, .character("!")], "alice!", 6),
      ("alice", 2, [.control("a")], "alice", 0),
      ("alice", 2, [.control("e")], "alice", 5),
      ("alice", 2, [.control("u")], "ice", 0),
      ("alice", 2, [.control("k")], "al", 2),
      ("alice smith", nil, [.control("w")], "alice ", 6),
      ("alice smith  ", nil, [.control("w")], "alice ", 6),
      ("alice smith", nil, [.alt("b"), .alt("b"), .alt("f")], "alice smith", 5),
      ("山田", nil, [.left, .character("x")], "山x田", 2),
      ("", nil, [.paste("O'Brien\r\nSmith\t")], "O'Brien Smith", 13),
      ("ab", 1, [.paste("\u{1B}[31mX")], "a[31mXb", 6),
    ] as [(String, Int?, [Key], String, Int)])
  func editingTable(text: String, cursor: Int?, keys: [Key], expectedText: String, expectedCursor: Int) {
    let (resultText, resultCursor) = Self.run(text, cursor: cursor, keys)
    #expect(resultText == expectedText)
    #expect(resultCursor == expectedCursor)
  }

  @Test func nonEditingKeysAreNotHandled() {
    var model = TextFieldModel(text: "x")
    #expect(model.apply(.up) == false)
    #expect(model.apply(.enter) == false)
    #expect(model.apply(.control("c")) == false)
  }

  @Test func maxLengthCapsInsertions() {
    var model = TextFieldModel(text: "", maxLength: 5)
    model.apply(.paste(String(repeating: "y", count: 100)))
    #expect(model.text == "yyyyy")
  }
}

@Suite struct TerminalCheckTests {
  @Test(
    arguments: [
      ("xterm-256color", true, true, false),
      ("screen-256color", true, true, false),
      ("tmux-256color", true, true, false),
      ("linux", true, true, false),
      ("vt100", true, true, false),
      ("dumb", true, true, true),
      ("", true, true, true),
      ("xterm-256color", false, true, true),
      ("xterm-256color", true, false, true),
    ] as [(String, Bool, Bool, Bool)])
  func terminals(term: String, stdin: Bool, stdout: Bool, refused: Bool) {
    let env = term.isEmpty ? [:] : ["TERM": term]
    let problem = TerminalCheck.problem(environment: env, stdinIsTTY: stdin, stdoutIsTTY: stdout)
    #expect((problem != nil) == refused)
    if let problem { #expect(problem.contains("roster search")) }
  }
}
