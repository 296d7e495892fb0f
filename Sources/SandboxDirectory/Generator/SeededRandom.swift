/// SplitMix64: tiny, fast and the same on every platform, so a seed always gives the same
/// organisation (Swift's `SystemRandomNumberGenerator` cannot be seeded).
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
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
    let a = hex(versioned >> 32, width: 8)
    let b = hex((versioned >> 16) & 0xFFFF, width: 4)
    let c = hex(versioned & 0xFFFF, width: 4)
    let d = hex(varianted >> 48, width: 4)
    let e = hex(varianted & 0xFFFF_FFFF_FFFF, width: 12)
    return "\(a)-\(b)-\(c)-\(d)-\(e)"
  }

  /// A stable id from any text (FNV-1a over the UTF-8, mixed through SplitMix64).
  static func string(from text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    var random = SeededRandom(seed: hash)
    return string(high: random.next(), low: random.next())
  }

  private static let digits = Array("0123456789abcdef")

  private static func hex(_ value: UInt64, width: Int) -> String {
    var characters = [Character](repeating: "0", count: width)
    var remaining = value
    for position in stride(from: width - 1, through: 0, by: -1) {
      characters[position] = digits[Int(remaining & 0xF)]
      remaining >>= 4
    }
    return String(characters)
  }
}
