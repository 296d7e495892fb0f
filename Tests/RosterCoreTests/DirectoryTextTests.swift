import RosterCore
import SandboxDirectory
import Testing

/// The sanitiser keeps printable text and removes everything a terminal would act on.
struct DirectoryTextTests {
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
    #expect(DirectoryText.sanitize(input) == expected)
  }

  @Test func absurdLengthsAreCut() {
    let long = String(repeating: "界", count: 100_000)
    let clean = DirectoryText.sanitize(long, maxCharacters: 64)
    #expect(clean.count == 64)
    #expect(clean.hasSuffix("…"))
    let junk = String(repeating: "\u{1B}[0m", count: 200_000) + "tail"
    #expect(DirectoryText.sanitize(junk).count <= DirectoryText.defaultMaxCharacters)
  }

  @Test func nothingPrintableLeftIsNil() {
    #expect(DirectoryText.sanitizedNonEmpty("\u{1B}[2J\u{7}") == nil)
    #expect(DirectoryText.sanitizedNonEmpty(nil) == nil)
    #expect(DirectoryText.sanitizedNonEmpty(" Alex ") == "Alex")
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
      let clean = DirectoryText.sanitize(text)
      #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
  }
}
