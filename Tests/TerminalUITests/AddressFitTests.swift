import Testing

@testable import TerminalUI

/// Issue 28 (8): two namesakes whose addresses differ only near the end of the local part must not
/// be cut to the same text; an address whose local part fits is cut as before (its domain first).
@Suite struct AddressFitTests {
  @Test func namesakesKeepTheEndThatTellsThemApart() {
    let first = Truncation.fitAddress("alexandros.papadopoulos@contoso.onmicrosoft.com", toWidth: 21)
    let second = Truncation.fitAddress("alexandros.papadopoulos2@contoso.onmicrosoft.com", toWidth: 21)
    #expect(first != second)
    #expect(first.hasSuffix("poulos@") && second.hasSuffix("poulos2@"), "\(first) / \(second)")
    #expect(DisplayWidth.of(first) == 21 && DisplayWidth.of(second) == 21)
    #expect(first.hasPrefix("alexandros"))
  }

  @Test func aLocalPartThatFitsIsCutLikeAnyText() {
    let address = "salim.ali@contoso.onmicrosoft.com"
    #expect(Truncation.fitAddress(address, toWidth: 20) == Truncation.fit(address, toWidth: 20))
    #expect(Truncation.fitAddress(address, toWidth: 40) == Truncation.fit(address, toWidth: 40))
    #expect(
      Truncation.fitAddress("no-at-sign-here-at-all", toWidth: 8)
        == Truncation.fit("no-at-sign-here-at-all", toWidth: 8))
    for width in 0...6 { #expect(DisplayWidth.of(Truncation.fitAddress(address, toWidth: width)) == width) }
  }
}
