/// The first `letters` characters of a sort text (`SearchRanking.sortText`) as one number that
/// sorts as they do: six bits a character, so the index can give each person a row id in
/// alphabetical order (`code << SortCode.slotBits` plus a slot) and read matches alphabetically
/// straight from the full-text index, and find "display names starting with jesu" as one range.
///
/// Digits and ASCII letters each have their own value; other characters share a value with their
/// neighbours in Unicode (a value per block), so within a block the full text breaks the tie.
public enum SortCode {
  public static let letters = 8
  /// Bits left for people who share the first eight characters (32,768 of them).
  public static let slotBits = 15

  /// The code of `text` (a sort text).
  public static func of(_ text: String) -> Int64 {
    var code: Int64 = 0
    var count = 0
    for scalar in text.unicodeScalars.prefix(letters) {
      code = code << 6 | Int64(value(scalar))
      count += 1
    }
    return code << (6 * Int64(letters - count))
  }

  /// The smallest and largest codes of sort texts that start with `prefix` (a sort text too).
  public static func range(startingWith prefix: String) -> ClosedRange<Int64> {
    let scalars = Array(prefix.unicodeScalars.prefix(letters))
    var low: Int64 = 0
    for scalar in scalars { low = low << 6 | Int64(value(scalar)) }
    let free = 6 * Int64(letters - scalars.count)
    return (low << free)...((low << free) | ((Int64(1) << free) - 1))
  }

  /// 0 is the end of the text (so "ann" sorts before "anna"); values rise with the scalar.
  static func value(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    switch v {
    case ..<0x30: return 1
    case 0x30...0x39: return 2 + Int(v - 0x30)
    case 0x3A...0x60: return 12
    case 0x61...0x7A: return 13 + Int(v - 0x61)
    case 0x7B...0x7F: return 39
    case 0x80...0x24F: return 40
    case 0x250...0x3FF: return 41
    case 0x400...0x42F: return 42
    case 0x430...0x43F: return 43
    case 0x440...0x44F: return 44
    case 0x450...0x52F: return 45
    case 0x530...0x5FF: return 46
    case 0x600...0x6FF: return 47
    case 0x700...0x8FF: return 48
    case 0x900...0x97F: return 49
    case 0x980...0xDFF: return 50
    case 0xE00...0x10FF: return 51
    case 0x1100...0x1FFF: return 52
    case 0x2000...0x2FFF: return 53
    case 0x3000...0x30FF: return 54
    case 0x3100...0x4DFF: return 55
    case 0x4E00...0x6FFF: return 56
    case 0x7000...0x9FFF: return 57
    case 0xA000...0xABFF: return 58
    case 0xAC00...0xD7FF: return 59
    case 0xD800...0xFFFF: return 60
    case 0x10000...0x1FFFF: return 61
    case 0x20000...0x2FFFF: return 62
    default: return 63
    }
  }
}
