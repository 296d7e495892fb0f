import Testing

@testable import Index

/// Full-text tokens as they are (schema v3, `IndexTokens.raw`): one token of FTS5's `ascii`
/// tokenizer whatever the text, one to one, and a prefix of the text is a prefix of its token.
@Suite struct IndexTokenEncodingTests {
  static let samples = [
    "", "jo", "o'brien", "jo.smith@contoso.test", "mary ann", "ÉLODIE", "é", "e\u{301}", "zoë", "李小龍",
    "👩‍💻", "a\u{80}b", "\u{9F}", "\u{9F}7e", "`~\u{7F}\u{1}", "ABC", "+1 (555) 010-9", "100%", "x_y-z",
    "\u{A0}nbsp", "quote\"d", "back\\slash",
  ]

  @Test func everyTokenIsOneAsciiTokenAndReadsBack() {
    for text in Self.samples {
      let token = IndexTokens.raw(text)
      // FTS5's `ascii` tokenizer keeps lower-case letters, digits and anything past U+007F.
      #expect(
        token.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0.value >= 0x80
        }, "\(text.debugDescription)")
      #expect(IndexTokens.unraw(token).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    }
  }

  @Test func differentTextsMakeDifferentTokensAndPrefixesStayPrefixes() {
    // By bytes: `String` keys would make "é" and "e\u{301}" one key (canonical equivalence).
    var seen: [[UInt8]: [UInt8]] = [:]
    for text in Self.samples {
      let scalars = Array(text.unicodeScalars)
      for end in 0...scalars.count {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[..<end])
        let part = String(prefix)
        let token = IndexTokens.raw(part)
        #expect(IndexTokens.raw(text).unicodeScalars.starts(with: token.unicodeScalars), "\(text.debugDescription)")
        if let other = seen[Array(token.utf8)] {
          #expect(other == Array(part.utf8), "\(other) and \(part.debugDescription)")
        }
        seen[Array(token.utf8)] = Array(part.utf8)
      }
    }
  }
}
