import Testing

@testable import TerminalUI

/// Bytes a fault soak fed the decoder that once trapped it or swallowed the keyboard (issue 11
/// points 1–2): every number in a sequence is bounded, and a paste without its end marker ends.
@Suite struct HostileInputDecoderTests {
  static func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flushPendingEscape()
  }

  @Test(arguments: [
    "\u{1B}[<0;-9223372036854775808;1M",
    "\u{1B}[<0;1;-9223372036854775808M",
    "\u{1B}[<-9223372036854775808;1;1M",
    "\u{1B}[<0;0;0M",
    "\u{1B}[<0;;5M",
    "\u{1B}[<+1;+2;+3M",
    "\u{1B}[<1;2M",
    "\u{1B}[<1;2;3;4M",
  ])
  func aHostileMouseReportIsDroppedWithoutTrapping(report: String) {
    #expect(Self.decode(report + "x") == [.character("x")])
  }

  @Test func anOverlongSequenceIsDroppedWholeEvenAcrossReads() {
    var decoder = KeyDecoder()
    let report = Array("\u{1B}[<0;99999999999999999999999;99999999999999999999M".utf8)
    #expect(decoder.feed(report[..<40]) == [])
    #expect(decoder.feed(report[40...] + Array("a".utf8)) == [.character("a")])
  }

  @Test func hugeCoordinatesAreClampedNotOverflowed() {
    let keys = Self.decode("\u{1B}[<64;9223372036854775807;70000M")
    #expect(
      keys == [.mouse(MouseEvent(kind: .wheelUp, row: KeyDecoder.maxParameter - 1, col: KeyDecoder.maxParameter - 1))])
  }

  @Test(arguments: [
    "\u{1B}[-9223372036854775808~", "\u{1B}[9223372036854775808;5A", "\u{1B}[99999999999999999999999~",
    "\u{1B}[1;-1H", "\u{1B}[;;;~",
  ])
  func hugeOrSignedParametersInOtherSequencesDoNotTrap(sequence: String) {
    let keys = Self.decode(sequence + "y")
    #expect(keys.last == .character("y"))
    #expect(!keys.contains { if case .character = $0 { return $0 != .character("y") } else { return false } })
  }

  @Test func ctrlCEndsALonePasteStartAndStillArrives() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
    #expect(decoder.isInPaste)
    #expect(decoder.feed([0x03]) == [.paste("abc"), .control("c")])
    #expect(!decoder.isInPaste)
    #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
  }

  @Test func aStalledPasteEndsWithWhatCame() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~hello \u{1B}[20".utf8)) == [])
    // The event loop calls this after a quiet second: the held-back bytes were not an end marker.
    let keys = decoder.endStalledPaste() + decoder.flushPendingEscape()
    #expect(keys.first == .paste("hello "))
    #expect(!decoder.isInPaste)
    #expect(decoder.feed(Array("z".utf8)) == [.character("z")])
    #expect(decoder.endStalledPaste() == [])
  }

  @Test func aPasteWithoutEndMarkerEndsAfterMaxPasteBytes() {
    var decoder = KeyDecoder(pasteLimit: 10)
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [])
    let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
    var keys: [Key] = []
    for _ in 0..<(KeyDecoder.maxPasteBytes >> 20) { keys += decoder.feed(chunk) }
    keys += decoder.feed(Array("b".utf8))
    #expect(keys.first == .paste(String(repeating: "a", count: 10)))
    #expect(!decoder.isInPaste)
    #expect(keys.last == .character("b"))
  }
}
