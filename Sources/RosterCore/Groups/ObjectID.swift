/// A directory object's id as Graph gave it, kept without an allocation in the usual case: a
/// lower-case GUID (`8-4-4-4-12` hexadecimal digits) is its 16 bytes, any other text stays as it
/// is. A Swift string of 36 characters is a heap object of ~80 bytes, and a groups fill's page
/// holds ~100,000 member ids (issue 30). The text comes back byte for byte (an upper-case GUID
/// is kept as text), so two ids are equal exactly when their texts are.
enum ObjectID: Sendable, Hashable {
  case guid(UInt64, UInt64)
  case text(String)

  init(_ text: String) {
    self = Self.guid(text) ?? .text(text)
  }

  var text: String {
    switch self {
    case .text(let text): return text
    case .guid(let high, let low):
      return String(unsafeUninitializedCapacity: 36) { buffer in
        var at = 0
        for index in 0..<32 {
          if index == 8 || index == 12 || index == 16 || index == 20 {
            buffer[at] = UInt8(ascii: "-")
            at += 1
          }
          let word = index < 16 ? high : low
          let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (index % 16))) & 0x0F
          buffer[at] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
          at += 1
        }
        return at
      }
    }
  }

  /// The GUID's two halves, when `text` is a lower-case GUID.
  private static func guid(_ text: String) -> ObjectID? {
    let utf8 = text.utf8
    guard utf8.count == 36 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var digits = 0
    for (offset, byte) in utf8.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
      digits += 1
    }
    return .guid(high, low)
  }
}
