/// SplitMix64: tiny, fast and the same on every platform, so a seed always gives the same
/// organisation (Swift's `SystemRandomNumberGenerator` cannot be seeded). Also the sandbox's
/// fault dice and the tests' random inputs: one generator for everything that must repeat.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A uniform integer in `0..<bound` (bound > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True with the given probability in percent.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

  /// `count` decimal digits, leading zeros allowed.
  mutating func digits(_ count: Int) -> String {
    var limit = 1
    for _ in 0..<count { limit *= 10 }
    let number = String(below(limit))
    return String(repeating: "0", count: count - number.count) + number
  }
}

/// GUID-shaped identifiers (version-4 layout) derived from a 128-bit value, so ids look like
/// Entra object ids and stay the same for the same input.
enum GUIDFormat {
  static func string(high: UInt64, low: UInt64) -> String {
    let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    let varianted = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
    var position = 0
    for (value, nibbles) in [(versioned, 16), (varianted, 16)] {
      for nibble in stride(from: nibbles - 1, through: 0, by: -1) {
        if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
        bytes[position] = digits[Int((value >> UInt64(nibble * 4)) & 0xF)]
        position += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A stable id from any text (FNV-1a over the UTF-8, mixed through SplitMix64).
  static func string(from text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    var random = SeededRandom(seed: hash)
    return string(high: random.next(), low: random.next())
  }

  /// The two 64-bit halves of a GUID string (either case), nil when it is not one.
  static func parse(_ text: String) -> (high: UInt64, low: UInt64)? {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var nibbles = 0
    var position = 0
    for byte in text.utf8 {
      defer { position += 1 }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      if nibbles < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
      nibbles += 1
    }
    guard position == 36, nibbles == 32 else { return nil }
    return (high, low)
  }

  private static let digits = Array("0123456789abcdef".utf8)
}
