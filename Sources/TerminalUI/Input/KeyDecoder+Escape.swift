/// Escape sequences: CSI (`ESC [`), SS3 (`ESC O`), SGR mouse, bracketed paste, Alt combinations.
extension KeyDecoder {
  /// Longest CSI accepted; anything longer is garbage and is dropped, never typed.
  static let maxSequenceLength = 32
  /// Largest parameter value kept: no terminal has more rows, columns or key codes than this, and
  /// arithmetic on a bounded value cannot overflow (a hostile `ESC [ < 0 ; -9223372036854775808 ; 1 M`
  /// once trapped here).
  static let maxParameter = 65_535

  /// A CSI parameter: decimal digits only, clamped to `maxParameter`; nil for anything else
  /// (a sign, a letter, an empty field).
  static func parameter(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    var value = 0
    for digit in text.utf8 {
      value = value * 10 + Int(digit - 0x30)
      if value > maxParameter { return maxParameter }
    }
    return value
  }

  mutating func decodeEscape(at index: Int) -> (Key?, Int)? {
    guard index + 1 < buffer.count else { return nil }
    let next = buffer[index + 1]
    switch next {
    case 0x5B:  // [
      return decodeCSI(at: index)
    case 0x4F:  // O
      guard index + 2 < buffer.count else { return nil }
      return (ss3Key(buffer[index + 2]), 3)
    case 0x1B:
      return (.escape, 1)
    case 0x20..<0x7F:
      // Esc and a key close together (within the escape wait, or in one read) are Alt only where
      // Roster binds that Alt key; otherwise they are the Esc key, then the key, which is what a
      // fast typist meant (issue 40: the key was lost as an Alt nobody handles). The key is left
      // in the buffer and decoded next, as typed.
      let character = Character(Unicode.Scalar(next))
      return TextFieldModel.altKeys.contains(character) ? (.alt(character), 2) : (.escape, 1)
    case 0xC2..<0xF5:
      // No Alt key Roster binds is outside ASCII: Esc, then the character.
      guard decodeUTF8(at: index + 1) != nil else { return nil }
      return (.escape, 1)
    default:
      return (.escape, 1)
    }
  }

  private func ss3Key(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x50...0x53: return .function(Int(byte - 0x50) + 1)
    case 0x4D: return .enter  // keypad Enter in application mode
    default: return nil
    }
  }

  private mutating func decodeCSI(at index: Int) -> (Key?, Int)? {
    var end = index + 2
    while end < buffer.count {
      let byte = buffer[end]
      if (0x40...0x7E).contains(byte) { break }
      if !(0x20...0x3F).contains(byte) { return (.escape, 1) }  // not a CSI after all
      end += 1
      if end - index > Self.maxSequenceLength {
        discardingSequence = true
        return (nil, end - index)
      }
    }
    guard end < buffer.count else { return nil }
    let final = buffer[end]
    let parameters = String(decoding: buffer[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    if parameters.hasPrefix("<") { return (mouse(parameters.dropFirst(), final: final), length) }
    let numbers = parameters.split(separator: ";").map { Self.parameter($0) ?? 0 }
    switch final {
    case 0x41: return (.up, length)
    case 0x42: return (.down, length)
    case 0x43: return (.right, length)
    case 0x44: return (.left, length)
    case 0x48: return (.home, length)
    case 0x46: return (.end, length)
    case 0x5A: return (.backTab, length)
    case 0x50...0x53: return (.function(Int(final - 0x50) + 1), length)
    case 0x7E:  // ~
      if numbers.first == 200 {
        startPaste()
        return (nil, length)
      }
      return (tildeKey(numbers.first ?? 0), length)
    default:
      return (nil, length)
    }
  }

  private func tildeKey(_ code: Int) -> Key? {
    switch code {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(code - 10)
    case 17...21: return .function(code - 11)
    case 23, 24: return .function(code - 12)
    default: return nil  // includes a stray paste end (201)
    }
  }

  /// SGR 1006 mouse: `ESC [ < button ; col ; row M|m`, 1-based coordinates. A report with a
  /// field that is not a bounded decimal number, or a zero coordinate, is dropped.
  private func mouse(_ parameters: Substring, final: UInt8) -> Key? {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map(Self.parameter)
    guard fields.count == 3, final == 0x4D || final == 0x6D else { return nil }
    let numbers = fields.compactMap { $0 }
    guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let (button, col, row) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
    if button & 32 != 0 { return nil }  // motion while dragging: not used
    let kind: MouseEvent.Kind
    if button & 64 != 0 {
      kind = button & 1 == 0 ? .wheelUp : .wheelDown
    } else if final == 0x6D {
      kind = .release
    } else {
      kind = .press(button: button & 3)
    }
    return .mouse(MouseEvent(kind: kind, row: row, col: col))
  }
}
