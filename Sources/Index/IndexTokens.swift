import RosterCore
import SearchRules

/// What the full-text table holds for one person, in two columns:
///
/// - `name`: the tokenized properties' `$search` tokens (the display name's parts and whole
///   words, folded: `NameTokenizer`);
/// - `fields`: the folded prefix-compared properties (given name, surname, mail and UPN), each
///   whole, as one token each, so a prefix query on the column is Graph's `startsWith` on any.
///
/// Tokens are written as they are, except what FTS5's `ascii` tokenizer would split at or fold
/// (`raw`): its own tokenizers split and fold text their own way (and would split `o'brien` or
/// `jo.smith@…`); the escaped token is exactly what `SearchRules` made, and a prefix stays a
/// prefix, so `"jo"*` is "starts with jo". (Until schema v3 they were hex, two bytes a byte:
/// 25 bytes a person more, measured; groups' tokens were until v5.)
enum IndexTokens {
  /// Sorted and without repeats, as `IndexTokenMemo` makes them.
  static func name(_ person: Person) -> String {
    Set(person.searchFields.values(matching: .tokens).flatMap(NameTokenizer.indexTokens).map(raw)).sorted()
      .joined(separator: " ")
  }

  /// The prefix-compared properties' tokens, then the mail-name words (`mailNames`).
  static func fields(_ person: Person) -> String {
    fields(plainFields(person), mailNames: mailNames(person))
  }

  /// The prefix-compared properties' tokens alone (what files before schema v4 hold).
  static func plainFields(_ person: Person) -> String {
    person.searchFields.values(matching: .prefix).map { raw(TextFolding.searchFolded($0)) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// The escape of a character with no single one: U+009F and two hex digits.
  private static let escape: Unicode.Scalar = "\u{9F}"
  /// Single-character escapes (the C1 controls U+0080–U+009E, which clean text never holds) for
  /// the ASCII punctuation names and addresses hold; U+009F then two lower-case hex digits for
  /// any other character FTS5's `ascii` tokenizer would not keep as it is (other ASCII, upper
  /// case, the C1 controls themselves), so the encoding is one to one.
  private static let punctuation = Array(" !\"#$%&'()*+,-./:;<=>?@[\\]^_{|}".unicodeScalars)
  private static let single: [Unicode.Scalar?] = (0..<128).map { value in
    punctuation.firstIndex(of: Unicode.Scalar(UInt8(value))).flatMap { Unicode.Scalar(0x80 + UInt32($0)) }
  }

  /// `text` as one token of FTS5's `ascii` tokenizer: lower-case ASCII letters, digits and
  /// characters past U+009F stay; everything else is escaped (see `single`).
  static func raw(_ text: String) -> String {
    if text.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }) { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || value > 0x9F {
        scalars.append(scalar)
      } else if value < 0x80, let one = single[Int(value)] {
        scalars.append(one)
      } else {
        scalars.append(escape)
        scalars.append(Unicode.Scalar(digits[Int(value >> 4)]))
        scalars.append(Unicode.Scalar(digits[Int(value & 0xF)]))
      }
    }
    return String(scalars)
  }

  /// The text a `raw` token was made from; nil when it is not one.
  static func unraw(_ token: String) -> String? {
    var scalars = String.UnicodeScalarView()
    var iterator = token.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      let value = scalar.value
      if scalar == escape {
        guard let high = iterator.next(), let low = iterator.next(),
          let byte = bytes(fromLowerHex: [UInt8(truncatingIfNeeded: high.value), UInt8(truncatingIfNeeded: low.value)]),
          high.isASCII, low.isASCII, let decoded = Unicode.Scalar(UInt32(byte[0]))
        else { return nil }
        scalars.append(decoded)
      } else if (0x80..<0x9F).contains(value) {
        let index = Int(value - 0x80)
        guard index < punctuation.count else { return nil }
        scalars.append(punctuation[index])
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  private static let digits = Array("0123456789abcdef".utf8)

  /// The bytes that lower-case hex digits spell, two digits a byte; nil for any other character
  /// or an odd number of digits: a `raw` escape's two digits, and stored object ids.
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
