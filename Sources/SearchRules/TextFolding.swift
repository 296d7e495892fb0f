import Foundation

/// How text is compared, the one folding of Roster, its index and its sandbox tenant. `$filter` is
/// case-insensitive (Graph's directory collation); `$search` is also diacritic-insensitive, so
/// "zoe" finds "Zoë" and "jurgen" finds "Jürgen", which is what a person typing into a people
/// picker expects. The local narrowing folds with `searchFolded` too, so it never differs from
/// the server on what counts as the same letter.
public enum TextFolding {
  /// Lower case in NFC, for `$filter` comparisons (`startswith`, `eq`, `endswith`).
  public static func caseFolded(_ text: String) -> String {
    switch asciiCase(text) {
    case .lowerASCII: return text
    case .otherASCII: return text.lowercased()
    case .nonASCII: break
    }
    return text.lowercased().precomposedStringWithCanonicalMapping
  }

  /// Lower case without accents, for `$search`. Only combining accents of Latin, Greek, Cyrillic
  /// and Arabic are dropped; kana voicing marks and Indic vowel signs change the letter, so they stay.
  public static func searchFolded(_ text: String) -> String {
    switch asciiCase(text) {
    case .lowerASCII: return text
    case .otherASCII: return text.lowercased()
    case .nonASCII: break
    }
    return latinFolded(text) ?? slowFolded(text)
  }

  /// `searchFolded` of text whose scalars are all below U+0250 (Latin-1 and Latin Extended-A/B,
  /// most accented names), a scalar at a time from a table: there, folding is per scalar (no
  /// combining marks, no context-dependent lower case), and the general path's Unicode
  /// normalisation costs microseconds a name, on every row a search ranks. nil for other text.
  static func latinFolded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      guard scalar.value < 0x250 else { return nil }
      if scalar.value < 0x80 {
        let byte = UInt8(scalar.value)
        bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
      } else {
        bytes.append(contentsOf: latinTable[Int(scalar.value) - 0x80])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `slowFolded` of each scalar from U+0080 to U+024F, as UTF-8.
  private static let latinTable: [[UInt8]] = (0x80..<0x250).map { value in
    Array(slowFolded(String(Unicode.Scalar(UInt32(value))!)).utf8)
  }

  /// The general path of `searchFolded`, for any text.
  static func slowFolded(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      if isDroppedMark(scalar) { continue }
      if let replacement = letterReplacements[scalar] {
        scalars.append(contentsOf: replacement.unicodeScalars)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars).precomposedStringWithCanonicalMapping
  }

  /// Plain ASCII for mail addresses: accents dropped, special letters spelled out, then only
  /// `a-z` and `0-9` kept.
  public static func asciiLetters(_ text: String) -> String {
    String(
      searchFolded(text).unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
  }

  public static func isASCII(_ text: String) -> Bool { asciiCase(text) != .nonASCII }

  public enum ASCIICase: Sendable { case lowerASCII, otherASCII, nonASCII }

  /// One pass over the UTF-8: already folded ASCII (most mail addresses and UPNs) is returned
  /// as is, without allocating.
  public static func asciiCase(_ text: String) -> ASCIICase {
    var sawUpper = false
    for byte in text.utf8 {
      if byte >= 0x80 { return .nonASCII }
      if byte >= 0x41 && byte <= 0x5A { sawUpper = true }
    }
    return sawUpper ? .otherASCII : .lowerASCII
  }

  /// Letters that carry no combining mark but that people type without their stroke.
  private static let letterReplacements: [Unicode.Scalar: String] = [
    "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i", "þ": "th",
    "ð": "d", "ŀ": "l",
  ]

  private static func isDroppedMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
    case 0x064B...0x065F, 0x0670: return true  // Arabic harakat and superscript alef
    default: return false
    }
  }
}
