import Testing

@testable import SearchRules

/// The table path of `searchFolded` (scalars below U+0250) gives what the general path gives:
/// every such scalar alone, after each other one, and names as the directory holds them.
@Suite struct LatinFoldingTests {
  @Test func theTableFoldsEveryLatinScalarAsTheGeneralPathDoes() throws {
    let scalars = (0x20..<0x250).compactMap { Unicode.Scalar(UInt32($0)) }.map { String($0) }
    for scalar in scalars {
      #expect(
        TextFolding.latinFolded(scalar) == TextFolding.slowFolded(scalar), "U+\(scalar.unicodeScalars.first!.value)")
    }
    // Pairs: no composition or context joins two folded scalars into something else.
    for first in scalars where first.unicodeScalars.first!.value >= 0x80 {
      for second in scalars {
        let pair = first + second
        #expect(TextFolding.latinFolded(pair) == TextFolding.slowFolded(pair), "\(pair.unicodeScalars.map(\.value))")
      }
    }
    for name in ["João Araújo", "Małgorzata Nagy", "Ørsted ÆBLE", "Straße", "İstanbul Işık", "Œdipe", "Zoë", "ǅemal"] {
      #expect(TextFolding.searchFolded(name) == TextFolding.slowFolded(name), "\(name)")
    }
    // Outside the table (combining marks, Greek, CJK) the general path answers.
    #expect(TextFolding.latinFolded("e\u{301}") == nil && TextFolding.searchFolded("e\u{301}") == "e")
    #expect(TextFolding.latinFolded("Σοφία") == nil)
  }
}

/// The byte path of `NameTokenizer.indexTokens` (ASCII names) gives what the general path gives.
@Suite struct AsciiTokenTests {
  @Test func asciiNamesTokenizeAsTheGeneralPathDoes() {
    var samples = [
      "O'Brien", "McDonald", "Mary-Ann  Smith", "al-Amin", "R2D2 x", "abc123def", "ABC", "aB", "Ab1c", "--", "",
      " lead trail ", "tab\there", "Jean-Luc Picard", "van der Berg", "x.y@z", "iPhone", "DeLaCruz 3rd", "a1B2c3",
    ]
    var state: UInt64 = 22
    let alphabet = Array("aZ09 -'.Mc_\tqQ".utf8)
    for _ in 0..<2000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(state % 12) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
      }
      state = state &* 6_364_136_223_846_793_005 &+ 1
      samples.append(String(decoding: bytes, as: UTF8.self))
    }
    for sample in samples {
      #expect(NameTokenizer.asciiIndexTokens(sample) == NameTokenizer.generalIndexTokens(sample), "\(sample)")
    }
    #expect(NameTokenizer.asciiIndexTokens("Zoë") == nil)
  }
}
