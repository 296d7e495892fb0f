import Foundation
import RosterCore
import SandboxDirectory
import Testing

/// The one cleaning function keeps printable text and removes everything a terminal would act on;
/// `CleanText` cannot be made any other way.
struct CleanTextTests {
  @Test(arguments: [
    ("Alex Wilber", "Alex Wilber"),
    ("\u{1B}[2JAlex", "Alex"),
    ("Alex\u{1B}[31mRed\u{1B}[0m", "AlexRed"),
    ("\u{1B}]8;;https://evil.example\u{1B}\\Click\u{1B}]8;;\u{1B}\\", "Click"),
    ("\u{1B}]52;c;ZXZpbA==\u{07}Alex", "Alex"),
    ("\u{1B}]0;title", ""),
    ("\u{9B}2JAlex", "Alex"),
    ("\u{9D}8;;x\u{9C}Alex", "Alex"),
    ("A\u{85}B\u{80}C\u{9F}", "A BC"),
    ("Nul\u{0}l", "Null"),
    ("Del\u{7F}ete", "Delete"),
    ("Bell\u{07}", "Bell"),
    ("Line\nbreak\ttab\r", "Line break tab "),
    ("\u{202E}evil\u{202C}.exe", "evil.exe"),
    ("\u{2066}iso\u{2069}late\u{200E}\u{200F}", "isolate"),
    ("\u{1B}(BAlex\u{1B}7", "Alex"),
    ("\u{206A}A\u{FFF9}b\u{FFFB}", "Ab"),
    ("\u{FEFF}Bom", "Bom"),
    ("\u{1B}[", ""),
    ("\u{1B}]8;;unterminated link text", ""),
    ("\u{1B}PqDCS payload\u{1B}\\ok", "ok"),
    ("Zoë Ålund", "Zoë Ålund"),
    ("王秀英", "王秀英"),
    ("👩‍💻 Dev", "👩‍💻 Dev"),
    ("🇫🇷 Amélie", "🇫🇷 Amélie"),
    ("e\u{301}", "e\u{301}"),
    ("O'Brien \"Bob\"", "O'Brien \"Bob\""),
  ])
  func sanitises(input: String, expected: String) {
    #expect(CleanText(input).string == expected)
  }

  @Test func absurdLengthsAreCut() {
    let long = String(repeating: "界", count: 100_000)
    let clean = CleanText(long, maxCharacters: 64).string
    #expect(clean.count == 64)
    #expect(clean.hasSuffix("…"))
    let junk = String(repeating: "\u{1B}[0m", count: 200_000) + "tail"
    #expect(CleanText(junk).string.count <= CleanText.defaultMaxCharacters)
  }

  @Test func nothingPrintableLeftIsNil() {
    #expect(CleanText("\u{1B}[2J\u{7}").nonEmpty == nil)
    #expect((nil as CleanText?)?.nonEmpty == nil)
    #expect(CleanText(" Alex ").nonEmpty == "Alex")
  }

  @Test func noControlScalarSurvivesAnyInput() {
    var generator = SeededRandom(seed: 42)
    for _ in 0..<500 {
      let scalars = (0..<40).map { _ -> Unicode.Scalar in
        let pick = generator.next() % 4
        let value: UInt32 =
          pick == 0
          ? UInt32(generator.next() % 0x20)
          : pick == 1 ? 0x7F + UInt32(generator.next() % 0x21) : pick == 2 ? 0x1B : 0x41
        return Unicode.Scalar(value)!
      }
      let text = String(String.UnicodeScalarView(scalars))
      let clean = CleanText(text).string
      #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
  }

  // MARK: - The type

  @Test(arguments: [
    "\u{1B}[31mred", "\u{1B}]8;;https://evil.example\u{7}link", "\u{1B}]52;c;ZXZpbA==\u{1B}\\",
    "\u{1B}P1$r\u{1B}\\", "\u{9B}31m", "\u{202E}txt", "\u{FEFF}", "nul\u{0}",
  ])
  func literalsAndInterpolationsAreCleanedToo(hostile: String) {
    let literal: CleanText = "name \(hostile) end"
    #expect(literal == CleanText("name \(hostile) end"))
    #expect(!literal.string.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!literal.string.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0 == "\u{FEFF}" })
  }

  @Test func cleaningTwiceChangesNothing() {
    for text in ["\u{1B}[2JAlex\tB", String(repeating: "界", count: 600), "A\u{85}B", "\u{202E}x"] {
      let once = CleanText(text)
      #expect(CleanText(once.string) == once)
    }
  }

  @Test func aMegabyteIsCutQuicklyAndKeepsItsStart() {
    let megabyte = "Alex " + String(repeating: "\u{1B}]52;c;", count: 1) + String(repeating: "A", count: 1 << 20)
    let clean = CleanText(megabyte)
    // The OSC swallows the rest (it is never terminated): only the start is left.
    #expect(clean.string == "Alex ")
    let printable = CleanText(String(repeating: "b", count: 1 << 20))
    #expect(printable.string.count == CleanText.defaultMaxCharacters)
    #expect(printable.string.hasSuffix("…"))
  }

  @Test func codableIsAPlainStringCleanedWhenDecoded() throws {
    let decoded = try JSONDecoder().decode([CleanText].self, from: Data(#"["\u001b[2JAda","Grace"]"#.utf8))
    #expect(decoded == ["Ada", "Grace"])
    let encoded = String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
    #expect(encoded == #"["Ada","Grace"]"#)
  }

  @Test func ordersHashesAndDescribesAsItsString() {
    let names: [CleanText] = ["Zoë", "Ada", "Émile"]
    #expect(names.sorted().map(\.string) == ["Ada", "Zoë", "Émile"].sorted())
    #expect(Set(["Ada", CleanText("\u{1B}[1mAda")]).count == 1)
    #expect("\(CleanText("\u{7}Ada"))" == "Ada")
    #expect(CleanText("\u{1B}[0m").isEmpty)
    #expect(CleanText.empty.string == "")
  }
}
