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
