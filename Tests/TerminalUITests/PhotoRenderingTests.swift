import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// The half-block renderer on a known image, the terminal graphics encoders, and the graphics
/// probe fed canned terminal replies.
@Suite struct PhotoRenderingTests {
  /// 4×4 pixels: the top half red over green rows, the bottom half blue over white rows, so each
  /// 2×2 cell block has a distinct top and bottom colour.
  static let quadrants: PhotoImage = {
    let rows: [RGB] = [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255)]
    var rgb: [UInt8] = []
    for colour in rows { for _ in 0..<4 { rgb += [colour.red, colour.green, colour.blue] } }
    return PhotoImage(width: 4, height: 4, rgb: rgb)
  }()

  @Test func halfBlocksCarryTheTopPixelInFrontAndTheBottomBehind() {
    var buffer = ScreenBuffer(rows: 4, cols: 6)
    PhotoView.render(Self.quadrants, mode: .halfBlocks256, in: Rect(row: 1, col: 2, rows: 2, cols: 4), into: &buffer)
    #expect(buffer.text(ofRow: 0) == "      ")
    #expect(buffer.text(ofRow: 1) == "  ▀▀▀▀")
    #expect(buffer.text(ofRow: 2) == "  ▀▀▀▀")
    #expect(buffer.text(ofRow: 3) == "      ")
    for col in 2..<6 {
      #expect(buffer.cells[1][col].style.pixels == Style.Pixels(top: RGB(255, 0, 0), bottom: RGB(0, 255, 0)))
      #expect(buffer.cells[2][col].style.pixels == Style.Pixels(top: RGB(0, 0, 255), bottom: RGB(255, 255, 255)))
    }
    #expect(buffer.cells[0][2].style.pixels == nil)
  }

  @Test func downscalingAveragesTheCoveredPixels() {
    let cells = PhotoView.halfBlockCells(Self.quadrants, cols: 1, rows: 1)
    // Top pixel = average of the top two rows (red, green); bottom = blue and white.
    #expect(cells[0][0].top == RGB(127, 127, 0))
    #expect(cells[0][0].bottom == RGB(127, 127, 255))
  }

  @Test func theXterm256PaletteIsMatchedToTheNearestColour() {
    #expect(RGB(255, 0, 0).xterm256 == 196)
    #expect(RGB(0, 0, 0).xterm256 == 16)
    #expect(RGB(255, 255, 255).xterm256 == 231)
    #expect(RGB(128, 128, 128).xterm256 == 244)
    #expect(RGB(0x2E, 0x6F, 0xBF).xterm256 == 16 + 36 * 0 + 6 * 1 + 3)
  }

  @Test func kittyAndSixelLeaveTheCellsBlankAndAskForAPlacement() {
    for mode in [PhotoMode.kitty, .sixel] {
      var buffer = ScreenBuffer(rows: 3, cols: 3)
      buffer.put("xyz", row: 0, col: 0, style: .plain)
      PhotoView.render(Self.quadrants, mode: mode, in: Rect(row: 0, col: 0, rows: 2, cols: 2), into: &buffer)
      #expect(buffer.text(ofRow: 0) == "  z")
    }
    var buffer = ScreenBuffer(rows: 2, cols: 2)
    PhotoView.render(Self.quadrants, mode: .off, in: Rect(row: 0, col: 0, rows: 2, cols: 2), into: &buffer)
    #expect(buffer.text(ofRow: 0) == "  ")
  }

  @Test func kittyTransmitsChunkedRGBScaledToTheCellsAndDeletesByItsOwnID() throws {
    let big = PhotoImage(width: 240, height: 240, rgb: [UInt8](repeating: 7, count: 240 * 240 * 3))
    let bytes = TerminalGraphics.kitty(big, at: Rect(row: 2, col: 60, rows: 8, cols: 16))
    #expect(bytes.hasPrefix("\u{1B}7\u{1B}[3;61H\u{1B}_Ga=T,f=24,s=160,v=160,i=4242,c=16,r=8,C=1,q=2,m=1;"))
    #expect(bytes.hasSuffix("\u{1B}\\\u{1B}8"))
    let chunks = bytes.components(separatedBy: "\u{1B}_G").dropFirst()
    #expect(chunks.count == (160 * 160 * 3 * 4 / 3 + 4095) / 4096)
    #expect(chunks.last?.hasPrefix("m=0;") == true)
    #expect(TerminalGraphics.kittyDelete == "\u{1B}_Ga=d,d=I,i=4242,q=2\u{1B}\\")
  }

  @Test func sixelFitsItsCellsInWholeBandsWithRegistersFromTheCube() {
    let bytes = TerminalGraphics.sixel(Self.quadrants, at: Rect(row: 0, col: 0, rows: 2, cols: 3), cellPixels: (10, 20))
    #expect(bytes.hasPrefix("\u{1B}7\u{1B}[1;1H\u{1B}P0;1;0q\"1;1;30;36"))
    #expect(bytes.contains("#180;2;100;0;0"), "red is register 5·36")
    #expect(bytes.contains("#215;2;100;100;100"), "white")
    #expect(bytes.filter { $0 == "-" }.count == 6, "36 rows are six bands")
    #expect(bytes.hasSuffix("\u{1B}\\\u{1B}8"))
  }

  @Test func trueColorHalfBlocksWriteExactColoursAndRestoreTheCursor() {
    let bytes = TerminalGraphics.trueColorHalfBlocks(Self.quadrants, at: Rect(row: 0, col: 4, rows: 2, cols: 4))
    #expect(bytes.hasPrefix("\u{1B}7\u{1B}[1;5H\u{1B}[38;2;255;0;0;48;2;0;255;0m▀"))
    #expect(bytes.contains("\u{1B}[2;5H\u{1B}[38;2;0;0;255;48;2;255;255;255m▀"))
    #expect(bytes.hasSuffix("\u{1B}[0m\u{1B}8"))
  }

  // MARK: - The probe

  @Test func kittyAnswersBeforeDA1() {
    var probe = GraphicsProbe()
    let keys = probe.filter(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
    #expect(keys.isEmpty)
    #expect(probe.finished && probe.kitty && !probe.sixel)
    #expect(probe.mode(base: .halfBlocks256) == .kitty)
    #expect(probe.mode(base: .off) == .off, "NO_COLOR and friends win over any answer")
  }

  @Test func sixelIsAttributeFourOfDA1AndCellSizeIsRead() {
    var probe = GraphicsProbe()
    _ = probe.filter(Array("\u{1B}[6;20;10t".utf8))
    let keys = probe.filter(Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
    #expect(keys.isEmpty)
    #expect(probe.sixel && !probe.kitty && probe.finished)
    #expect(probe.cellPixels?.width == 10 && probe.cellPixels?.height == 20)
    #expect(probe.mode(base: .halfBlocksTrueColor) == .sixel)
  }

  @Test func tmuxAnswersOnlyDA1WithoutSixel() {
    var probe = GraphicsProbe()
    let keys = probe.filter(Array("\u{1B}[?1;2c".utf8))
    #expect(keys.isEmpty && probe.finished)
    #expect(probe.mode(base: .halfBlocks256) == .halfBlocks256)
    #expect(probe.mode(base: .halfBlocksTrueColor) == .halfBlocksTrueColor)
  }

  @Test func aKittyErrorIsNoSupport() {
    var probe = GraphicsProbe()
    _ = probe.filter(Array("\u{1B}_Gi=31;ENOTSUPPORTED:nope\u{1B}\\\u{1B}[?62c".utf8))
    #expect(!probe.kitty && probe.mode(base: .halfBlocks256) == .halfBlocks256)
  }

  @Test func keysAroundAndBetweenRepliesPassThroughInOrder() {
    var probe = GraphicsProbe()
    var keys = probe.filter(Array("ab\u{1B}[A\u{1B}_Gi=31;O".utf8))
    #expect(keys == Array("ab\u{1B}[A".utf8), "an arrow key is no reply")
    keys = probe.filter(Array("K\u{1B}\\c\u{1B}[?6".utf8))
    #expect(keys == Array("c".utf8), "a reply split across reads is held until complete")
    keys = probe.filter(Array("2;4c\u{1B}[?62c".utf8))
    #expect(keys == Array("\u{1B}[?62c".utf8), "after DA1 the probe is over: input passes untouched")
    #expect(probe.kitty && probe.sixel)
  }

  @Test func aTerminalThatNeverAnswersTimesOutAndHeldBytesAreKeys() {
    var probe = GraphicsProbe()
    #expect(probe.filter(Array("x\u{1B}[".utf8)) == Array("x".utf8))
    #expect(probe.timeOut() == Array("\u{1B}[".utf8))
    #expect(probe.finished && probe.mode(base: .halfBlocks256) == .halfBlocks256)
  }

  @Test func theEnvironmentDecidesWhetherPhotosAreDrawnAtAll() {
    let xterm = ["TERM": "xterm-256color"]
    #expect(PhotoMode.fromEnvironment(xterm, enabled: true, colors: 256) == .halfBlocks256)
    #expect(
      PhotoMode.fromEnvironment(xterm.merging(["COLORTERM": "truecolor"]) { $1 }, enabled: true, colors: 256)
        == .halfBlocksTrueColor)
    #expect(
      PhotoMode.fromEnvironment(xterm.merging(["COLORTERM": "24bit"]) { $1 }, enabled: true, colors: 256)
        == .halfBlocksTrueColor)
    #expect(PhotoMode.fromEnvironment(xterm.merging(["NO_COLOR": "1"]) { $1 }, enabled: true, colors: 256) == .off)
    #expect(PhotoMode.fromEnvironment(xterm, enabled: false, colors: 256) == .off)
    #expect(PhotoMode.fromEnvironment(["TERM": "vt100"], enabled: true, colors: 0) == .off)
    #expect(PhotoMode.fromEnvironment(["TERM": "vt220"], enabled: true, colors: 0) == .off)
    #expect(PhotoMode.fromEnvironment(["TERM": "linux"], enabled: true, colors: 8) == .off)
    #expect(PhotoMode.fromEnvironment(["TERM": "xterm"], enabled: true, colors: 8) == .off)
    #expect(PhotoMode.fromEnvironment(["TERM": "screen-256color"], enabled: true, colors: 256) == .halfBlocks256)
  }
}
