import RosterCore
import SearchRules

/// What the full-text table holds for one person, in two columns:
///
/// - `name`: the tokenized properties' `$search` tokens (the display name's parts and whole
///   words, folded: `NameTokenizer`);
/// - `fields`: the folded prefix-compared properties (given name, surname, mail and UPN), each
///   whole, as one token each, so a prefix query on the column is Graph's `startsWith` on any.
///
/// Tokens are written in hex of their UTF-8. FTS5's own tokenizers split and fold text their
/// own way (and would split `o'brien` or `jo.smith@…`); hex keeps each token exactly as
/// `SearchRules` made it, and a byte prefix stays a hex prefix, so `"6a6f"*` is "starts with jo".
enum IndexTokens {
  static func name(_ person: Person) -> String {
    person.searchFields.values(matching: .tokens).flatMap(NameTokenizer.indexTokens).map(hex).joined(separator: " ")
  }

  static func fields(_ person: Person) -> String {
    person.searchFields.values(matching: .prefix).map { hex(TextFolding.searchFolded($0)) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  private static let digits = Array("0123456789abcdef".utf8)

  static func hex(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 2)
    for byte in text.utf8 {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text a `hex` token was made from; nil when it is not one.
  static func unhex(_ token: String) -> String? {
    bytes(fromLowerHex: token.utf8).flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// The bytes that lower-case hex digits spell, two digits a byte; nil for any other character
  /// or an odd number of digits. Tokens and stored object ids are both written this way.
  static func bytes(fromLowerHex digits: some Sequence<UInt8>) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.underestimatedCount / 2)
    var high: UInt8?
    for digit in digits {
      let value: UInt8
      switch digit {
      case 0x30...0x39: value = digit - 0x30
      case 0x61...0x66: value = digit - 0x61 + 10
      default: return nil
      }
      if let first = high {
        bytes.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return high == nil ? bytes : nil
  }
}
