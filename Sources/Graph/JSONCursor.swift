/// A strict, streaming reader of JSON text (RFC 8259) over bytes, for the one body too large and
/// too frequent for `JSONSerialization`: a `/users/delta` page (999 people, ~600 KB, hundreds of
/// them in a first sync). The caller walks the document (`members`, `elements`), reads the values
/// it knows and `skip`s the rest; nothing is boxed into `Any`, and a key is a Swift string that is
/// short enough to live inline.
///
/// Strict: anything that is not JSON (a truncated body, a bare control character in a string, a
/// lone surrogate escape, invalid UTF-8, trailing text, nesting deeper than `maxDepth`) throws
/// `JSONCursor.Malformed` with the byte offset, so a bad page is refused whole and the sync keeps
/// its last committed page.
struct JSONCursor {
  struct Malformed: Error, Equatable {
    var offset: Int
    var reason: String
  }

  enum Kind { case object, array, string, number, bool, null }

  /// Deeper than any Graph body; bounds the recursion of `skip` on hostile input.
  static let maxDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var at = 0
  private var depth = 0

  /// `bytes` must stay valid while the cursor is used (`withUnsafeBytes` of the body).
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(Malformed) {
    self.bytes = bytes
    // Validated once here, so every string read later may be made without a check of its own.
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw Malformed(offset: 0, reason: "the body is not UTF-8")
    }
  }

  /// The kind of the next value (after white space); throws at the end of the text.
  mutating func peek() throws(Malformed) -> Kind {
    skipSpace()
    guard at < bytes.count else { throw fail("the text ends where a value was expected") }
    switch bytes[at] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw fail("unexpected character")
    }
  }

  /// Reads an object, calling `member` with each key; `member` must read or skip the value.
  mutating func members(_ member: (inout JSONCursor, String) throws(Malformed) -> Void) throws(Malformed) {
    try open(UInt8(ascii: "{"))
    defer { depth -= 1 }
    skipSpace()
    if take(UInt8(ascii: "}")) { return }
    while true {
      skipSpace()
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a key") }
      let key = try string()
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw fail("expected ':' after a key") }
      try member(&self, key)
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      if take(UInt8(ascii: "}")) { return }
      throw fail("expected ',' or '}' in an object")
    }
  }

  /// Reads an array, calling `element` for each value; `element` must read or skip it.
  mutating func elements(_ element: (inout JSONCursor) throws(Malformed) -> Void) throws(Malformed) {
    try open(UInt8(ascii: "["))
    defer { depth -= 1 }
    skipSpace()
    if take(UInt8(ascii: "]")) { return }
    while true {
      try element(&self)
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      if take(UInt8(ascii: "]")) { return }
      throw fail("expected ',' or ']' in an array")
    }
  }

  /// The next value when it is a string, else nil (the value is skipped): Graph's lenient
  /// reading, where a field of the wrong type counts as absent.
  mutating func stringIfAny() throws(Malformed) -> String? {
    if try peek() == .string { return try string() }
    try skip()
    return nil
  }

  /// The next value's string elements when it is an array (other elements dropped), else nil
  /// (skipped): a people or group entry's `businessPhones`, `proxyAddresses`, `groupTypes`.
  mutating func stringsIfAny() throws(Malformed) -> [String]? {
    guard try peek() == .array else {
      try skip()
      return nil
    }
    var values: [String] = []
    try elements { (cursor) throws(Malformed) in
      if let value = try cursor.stringIfAny() { values.append(value) }
    }
    return values
  }

  /// The next value when it is `true` or `false`, else nil (skipped).
  mutating func boolIfAny() throws(Malformed) -> Bool? {
    if try peek() == .bool { return try literal() }
    try skip()
    return nil
  }

  /// Reads past the next value, checking that it is JSON.
  mutating func skip() throws(Malformed) {
    switch try peek() {
    case .object: try members { (cursor, _) throws(Malformed) in try cursor.skip() }
    case .array: try elements { (cursor) throws(Malformed) in try cursor.skip() }
    case .string: try skipString()
    case .number: try number()
    case .bool, .null: _ = try literal()
    }
  }

  /// Reads past the next value (checked as `skip` checks it) and gives the offsets of its bytes:
  /// a value handed on whole, such as a `$batch` answer's inner body, which its own decoder reads
  /// later, without being boxed here first.
  mutating func span() throws(Malformed) -> Range<Int> {
    skipSpace()
    let start = at
    try skip()
    return start..<at
  }

  /// The next value when it is a number with an integer value (`200`, `200.0`), else nil (skipped).
  mutating func intIfAny() throws(Malformed) -> Int? {
    guard try peek() == .number else {
      try skip()
      return nil
    }
    let start = at
    try number()
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
    return Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
  }

  /// After the top-level value: only white space may follow.
  mutating func end() throws(Malformed) {
    skipSpace()
    guard at == bytes.count else { throw fail("text after the end of the JSON value") }
  }

  // MARK: - Scanning

  private func fail(_ reason: String) -> Malformed { Malformed(offset: at, reason: reason) }

  private mutating func open(_ bracket: UInt8) throws(Malformed) {
    skipSpace()
    guard take(bracket) else { throw fail("expected '\(Character(Unicode.Scalar(bracket)))'") }
    depth += 1
    guard depth <= Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard at < bytes.count, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  private mutating func skipSpace() {
    while at < bytes.count {
      switch bytes[at] {
      case 0x20, 0x0A, 0x0D, 0x09: at += 1
      default: return
      }
    }
  }

  /// `true`, `false` or `null` (nil).
  private mutating func literal() throws(Malformed) -> Bool? {
    if matches("true") {
      at += 4
      return true
    }
    if matches("false") {
      at += 5
      return false
    }
    if matches("null") {
      at += 4
      return nil
    }
    throw fail("unexpected character")
  }

  private func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard at + count <= bytes.count else { return false }
    let start = word.utf8Start
    for offset in 0..<count where bytes[at + offset] != start[offset] { return false }
    return true
  }

  /// A number, by the JSON grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
  private mutating func number() throws(Malformed) {
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
    } else if digits() == 0 {
      throw fail("a number without digits")
    }
    if take(UInt8(ascii: ".")), digits() == 0 { throw fail("a fraction without digits") }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      if digits() == 0 { throw fail("an exponent without digits") }
    }
  }

  private mutating func digits() -> Int {
    let start = at
    while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
    return at - start
  }

  /// Strings skipped are still decoded, so a bad escape anywhere refuses the page.
  private mutating func skipString() throws(Malformed) {
    _ = try string()
  }

  /// Reads a string at the cursor; the common case (no escapes) is one scan and one copy.
  mutating func string() throws(Malformed) -> String {
    let start = at + 1
    let (end, escaped) = try stringEnd()
    let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
    return escaped ? try unescape(body, from: start) : String(decoding: body, as: UTF8.self)
  }

  /// Moves past the string at the cursor; its closing quote's offset, and whether it has escapes.
  private mutating func stringEnd() throws(Malformed) -> (end: Int, escaped: Bool) {
    guard take(UInt8(ascii: "\"")) else { throw fail("expected a string") }
    var escaped = false
    while at < bytes.count {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") {
        at += 1
        return (at - 1, escaped)
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        at += 2
        continue
      }
      if byte < 0x20 { throw fail("a control character inside a string") }
      at += 1
    }
    throw fail("the text ends inside a string")
  }

  private func unescape(_ body: UnsafeBufferPointer<UInt8>, from base: Int) throws(Malformed) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(body.count)
    var index = 0
    func bad(_ reason: String) -> Malformed { Malformed(offset: base + index, reason: reason) }
    func hex4(_ position: Int) throws(Malformed) -> UInt32 {
      guard position + 4 <= body.count else { throw bad("a short \\u escape") }
      var value: UInt32 = 0
      for byte in body[position..<position + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw bad("a \\u escape that is not hexadecimal")
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < body.count {
      let byte = body[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < body.count else { throw bad("a string that ends in a backslash") }
      let code = body[index + 1]
      index += 2
      switch code {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var value = try hex4(index)
        index += 4
        if (0xD800...0xDBFF).contains(value) {
          // A high surrogate must be followed by an escaped low one: together one scalar.
          guard index + 1 < body.count, body[index] == UInt8(ascii: "\\"), body[index + 1] == UInt8(ascii: "u")
          else { throw bad("a lone surrogate in a \\u escape") }
          let low = try hex4(index + 2)
          guard (0xDC00...0xDFFF).contains(low) else { throw bad("a lone surrogate in a \\u escape") }
          index += 6
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
          throw bad("a lone surrogate in a \\u escape")
        }
        guard let scalar = Unicode.Scalar(value) else { throw bad("an escape that is not a character") }
        output.append(contentsOf: UTF8.encode(scalar)!)
      default:
        throw bad("an unknown escape")
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
