import Foundation

/// A minimal terminal emulator: enough of xterm's control sequences to know what ncurses or fzf
/// has put on the screen, so "drawn" means on the screen, not merely somewhere in the byte stream
/// (ncurses repaints only the cells that changed, so a word rarely arrives whole).
struct ScreenEmulator {
  let rows: Int
  let cols: Int
  private(set) var cells: [[String]]
  private var row = 0
  private var col = 0
  private var pendingWrap = false
  private var top = 0
  private var bottom: Int
  private var saved = (0, 0)
  private var state = ParserState.ground
  private var params = ""
  private var utf8: [UInt8] = []

  private enum ParserState { case ground, escape, csi, osc, oscEscape, charset }

  init(rows: Int, cols: Int) {
    self.rows = rows
    self.cols = cols
    bottom = rows - 1
    cells = Array(repeating: Array(repeating: " ", count: cols), count: rows)
  }

  /// Where the terminal's cursor stands (row, column from 0): where a screen reader reads.
  var cursor: (row: Int, col: Int) { (row, col) }

  /// The screen as text, one line per row, trailing blanks kept.
  var lines: [String] { cells.map { $0.joined() } }

  func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

  mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { feed(byte) }
  }

  private mutating func feed(_ byte: UInt8) {
    switch state {
    case .ground: ground(byte)
    case .escape: escape(byte)
    case .csi:
      if (0x40...0x7E).contains(byte) {
        csi(final: byte)
        state = .ground
      } else {
        params.append(Character(UnicodeScalar(byte)))
      }
    case .osc:
      if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .oscEscape }
    case .oscEscape: state = byte == UInt8(ascii: "\\") ? .ground : .osc
    case .charset: state = .ground
    }
  }

  private mutating func ground(_ byte: UInt8) {
    switch byte {
    case 0x1B: state = .escape
    case 0x0D:
      col = 0
      pendingWrap = false
    case 0x0A, 0x0B, 0x0C: lineFeed()
    case 0x08:
      col = max(0, col - 1)
      pendingWrap = false
    case 0x09: col = min(cols - 1, (col / 8 + 1) * 8)
    case 0x00..<0x20, 0x7F: break
    default: printable(byte)
    }
  }

  private mutating func escape(_ byte: UInt8) {
    state = .ground
    switch byte {
    case UInt8(ascii: "["):
      state = .csi
      params = ""
    // OSC, and the DCS, SOS, PM and APC strings a terminal consumes without drawing (Roster's
    // graphics probe is an APC kitty query): all end at ST, and OSC also at BEL.
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): state = .osc
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): state = .charset
    case UInt8(ascii: "7"): saved = (row, col)
    case UInt8(ascii: "8"): (row, col) = saved
    case UInt8(ascii: "D"): lineFeed()
    case UInt8(ascii: "E"):
      col = 0
      lineFeed()
    case UInt8(ascii: "M"): if row == top { scrollDown(1) } else { row = max(0, row - 1) }
    default: break
    }
  }

  private mutating func printable(_ byte: UInt8) {
    utf8.append(byte)
    let expected = utf8[0] < 0xC0 ? 1 : utf8[0] < 0xE0 ? 2 : utf8[0] < 0xF0 ? 3 : 4
    guard utf8.count >= expected else { return }
    let text = String(decoding: utf8, as: UTF8.self)
    utf8.removeAll()
    guard let scalar = text.unicodeScalars.first else { return }
    let width = Self.width(of: scalar)
    if width == 0 {
      let c = max(0, col - 1)
      cells[row][c] += text
      return
    }
    if pendingWrap || col + width > cols {
      col = 0
      lineFeed()
    }
    cells[row][col] = text
    if width == 2, col + 1 < cols { cells[row][col + 1] = "" }
    if col + width >= cols {
      col = cols - 1
      pendingWrap = true
    } else {
      col += width
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if row == bottom { scrollUp(1) } else { row = min(rows - 1, row + 1) }
  }

  private mutating func scrollUp(_ n: Int) {
    for _ in 0..<n {
      cells.remove(at: top)
      cells.insert(blankRow, at: bottom)
    }
  }

  private mutating func scrollDown(_ n: Int) {
    for _ in 0..<n {
      cells.remove(at: bottom)
      cells.insert(blankRow, at: top)
    }
  }

  private var blankRow: [String] { Array(repeating: " ", count: cols) }

  private mutating func csi(final: UInt8) {
    let isPrivate = params.hasPrefix("?") || params.hasPrefix(">")
    let numbers = params.trimmingCharacters(in: ["?", ">"]).split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func arg(_ i: Int, _ fallback: Int) -> Int { i < numbers.count ? (numbers[i] ?? fallback) : fallback }
    if isPrivate { return }
    pendingWrap = false
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      row = clampRow(arg(0, 1) - 1)
      col = clampCol(arg(1, 1) - 1)
    case UInt8(ascii: "A"): row = max(0, row - max(1, arg(0, 1)))
    case UInt8(ascii: "B"): row = min(rows - 1, row + max(1, arg(0, 1)))
    case UInt8(ascii: "C"): col = min(cols - 1, col + max(1, arg(0, 1)))
    case UInt8(ascii: "D"): col = max(0, col - max(1, arg(0, 1)))
    case UInt8(ascii: "d"): row = clampRow(arg(0, 1) - 1)
    case UInt8(ascii: "G"), UInt8(ascii: "`"): col = clampCol(arg(0, 1) - 1)
    case UInt8(ascii: "K"): eraseLine(arg(0, 0))
    case UInt8(ascii: "J"): eraseDisplay(arg(0, 0))
    case UInt8(ascii: "X"):
      for c in col..<min(cols, col + max(1, arg(0, 1))) { cells[row][c] = " " }
    case UInt8(ascii: "P"):
      let n = min(max(1, arg(0, 1)), cols - col)
      cells[row].removeSubrange(col..<col + n)
      cells[row].append(contentsOf: Array(repeating: " ", count: n))
    case UInt8(ascii: "@"):
      let n = min(max(1, arg(0, 1)), cols - col)
      cells[row].insert(contentsOf: Array(repeating: " ", count: n), at: col)
      cells[row].removeLast(n)
    case UInt8(ascii: "L"): if (top...bottom).contains(row) { insertLines(max(1, arg(0, 1))) }
    case UInt8(ascii: "M"): if (top...bottom).contains(row) { deleteLines(max(1, arg(0, 1))) }
    case UInt8(ascii: "S"): scrollUp(max(1, arg(0, 1)))
    case UInt8(ascii: "T"): scrollDown(max(1, arg(0, 1)))
    case UInt8(ascii: "r"):
      top = clampRow(arg(0, 1) - 1)
      bottom = clampRow(arg(1, rows) - 1)
      row = 0
      col = 0
    default: break
    }
  }

  private mutating func insertLines(_ n: Int) {
    for _ in 0..<min(n, bottom - row + 1) {
      cells.remove(at: bottom)
      cells.insert(blankRow, at: row)
    }
  }

  private mutating func deleteLines(_ n: Int) {
    for _ in 0..<min(n, bottom - row + 1) {
      cells.remove(at: row)
      cells.insert(blankRow, at: bottom)
    }
  }

  private mutating func eraseLine(_ mode: Int) {
    let range = mode == 0 ? col..<cols : mode == 1 ? 0..<(col + 1) : 0..<cols
    for c in range { cells[row][c] = " " }
  }

  private mutating func eraseDisplay(_ mode: Int) {
    switch mode {
    case 0:
      eraseLine(0)
      for r in (row + 1)..<rows { cells[r] = blankRow }
    case 1:
      eraseLine(1)
      for r in 0..<row { cells[r] = blankRow }
    default:
      cells = Array(repeating: blankRow, count: rows)
    }
  }

  private func clampRow(_ r: Int) -> Int { min(max(r, 0), rows - 1) }
  private func clampCol(_ c: Int) -> Int { min(max(c, 0), cols - 1) }

  /// Cells a scalar takes: 2 for East Asian wide ranges and emoji, 0 for combining marks.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    {
      return 2
    }
    return 1
  }
}
