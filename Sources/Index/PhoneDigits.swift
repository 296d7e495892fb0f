import Foundation
import GRDB

/// Phone numbers as four bits a character (schema v3, issue 22): "+44 20 7946 0532" is 9 bytes
/// instead of 16. Directory phones are nearly always digits, spaces and `+-()`; with the unit
/// separator that joins a person's business phones, that is sixteen characters. A value holding
/// any other character is stored as text, so every value reads back exactly as it was written
/// (the two are told apart by their type: a blob is packed).
///
/// The first four bits say whether the last byte's low four bits are padding.
enum PhoneDigits {
  private static let alphabet = Array("0123456789 +-()\u{1F}".unicodeScalars)
  private static let values: [UInt8?] = (0..<128).map { code in
    alphabet.firstIndex(of: Unicode.Scalar(UInt8(code))).map(UInt8.init)
  }

  /// What the row holds for `text`: packed when every character is in the alphabet.
  static func stored(_ text: String?) -> DatabaseValue? {
    guard let text else { return nil }
    var nibbles: [UInt8] = [UInt8(text.utf8.count % 2)]
    nibbles.reserveCapacity(text.utf8.count + 1)
    for byte in text.utf8 {
      guard byte < 0x80, let value = values[Int(byte)] else { return text.databaseValue }
      nibbles.append(value)
    }
    if !nibbles.count.isMultiple(of: 2) { nibbles.append(0) }
    var bytes = Data(capacity: nibbles.count / 2)
    for pair in stride(from: 0, to: nibbles.count, by: 2) { bytes.append(nibbles[pair] << 4 | nibbles[pair + 1]) }
    return bytes.databaseValue
  }

  /// The text a row's value holds: a packed blob is unpacked, text is read as it is.
  static func text(_ value: DatabaseValue) -> String? {
    switch value.storage {
    case .string(let text): return text
    case .blob(let data):
      guard let first = data.first else { return nil }
      var scalars = String.UnicodeScalarView()
      for (index, byte) in data.enumerated() {
        if index > 0 { scalars.append(alphabet[Int(byte >> 4)]) }
        if index < data.count - 1 || first >> 4 == 1 { scalars.append(alphabet[Int(byte & 0xF)]) }
      }
      return String(scalars)
    default: return nil
    }
  }

  /// Calls `body` with the ASCII digits of each number `value` holds (business phones are joined
  /// by U+001F), until it answers true; reads packed values without making a string, since a
  /// phone lookup reads every row (`DirectoryIndex+Phones`).
  static func anyNumber(_ value: DatabaseValue, _ body: ([UInt8]) -> Bool) -> Bool {
    guard case .blob(let data) = value.storage, let first = data.first else {
      guard let text = text(value) else { return false }
      return text.split(separator: "\u{1F}").contains { body($0.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }) }
    }
    var digits: [UInt8] = []
    digits.reserveCapacity(24)
    func take(_ nibble: UInt8) -> Bool {
      if nibble < 10 {
        digits.append(0x30 + nibble)
      } else if nibble == 15 {
        if body(digits) { return true }
        digits.removeAll(keepingCapacity: true)
      }
      return false
    }
    for (index, byte) in data.enumerated() {
      if index > 0, take(byte >> 4) { return true }
      if index < data.count - 1 || first >> 4 == 1, take(byte & 0xF) { return true }
    }
    return body(digits)
  }
}
