import Foundation

/// A scalar-at-a-time state machine that drops terminal escape sequences and unsafe scalars.
///
/// It follows ECMA-48's shapes loosely on purpose: anything that starts a sequence is swallowed
/// until the sequence's terminator, so an unterminated OSC eats the rest of the value rather than
/// letting half a sequence reach the terminal.
struct EscapeStripper {
  private enum Mode {
    case text
    /// After ESC: the next scalar picks the sequence type.
    case escape
    /// ESC followed by intermediate bytes (0x20–0x2F) until a final byte (nF sequences).
    case escapeIntermediate
    /// Control Sequence: parameters and intermediates until a final byte 0x40–0x7E.
    case csi
    /// OSC / DCS / SOS / PM / APC string: until BEL, ST (U+009C) or ESC \.
    case string
    /// Inside a string, just after an ESC (which may start ST).
    case stringEscape
  }

  private var mode = Mode.text

  /// The scalar to keep for `scalar` (possibly a space in its place), or nil to drop it.
  mutating func feed(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    switch mode {
    case .text:
      switch value {
      case 0x1B:
        mode = .escape
        return nil
      case 0x9B:
        mode = .csi
        return nil
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        mode = .string
        return nil
      default: break
      }
      if EscapeStripper.isSpaceLike(scalar) { return " " }
      return EscapeStripper.isDropped(scalar) ? nil : scalar
    case .escape:
      switch value {
      case 0x5B: mode = .csi  // [
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F: mode = .string  // ] P X ^ _
      case 0x20...0x2F: mode = .escapeIntermediate
      case 0x1B: mode = .escape
      default: mode = .text  // a two-scalar sequence (ESC c, ESC 7...), or junk: drop both
      }
      return nil
    case .escapeIntermediate:
      if !(0x20...0x2F).contains(value) { mode = .text }
      return nil
    case .csi:
      if value == 0x1B {
        mode = .escape  // a broken CSI followed by a new sequence
      } else if !(0x20...0x3F).contains(value) {
        mode = .text  // a final byte 0x40–0x7E ends it; anything else aborts it (dropped too)
      }
      return nil
    case .string:
      switch value {
      case 0x07, 0x9C: mode = .text
      case 0x1B: mode = .stringEscape
      default: break
      }
      return nil
    case .stringEscape:
      mode = value == 0x5C ? .text : (value == 0x1B ? .stringEscape : .string)
      return nil
    }
  }

  /// Tab, CR, LF, vertical tab, form feed and the Unicode line/paragraph separators.
  static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// C0, DEL, C1, bidi formatting, LRM/RLM/ALM, BOM, the deprecated format controls
  /// (U+206A–U+206F) and interlinear annotation marks (U+FFF9–U+FFFB).
  static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0xFEFF: return true
    case 0x206A...0x206F, 0xFFF9...0xFFFB: return true
    default: return false
    }
  }
}
