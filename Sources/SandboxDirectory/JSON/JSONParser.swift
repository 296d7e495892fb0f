import Foundation

/// A strict JSON parser that keeps object member order and tells `true` from `1`, so the people
/// file loader can say exactly which value has the wrong type and where the text stops being JSON.
struct JSONParser {
  /// Why the text is not JSON, with a 1-based line and column.
  struct SyntaxError: Error, Equatable, CustomStringConvertible {
    var reason: String
    var line: Int
    var column: Int
    /// Where in the document it happened: the index in the top-level array and the member name
    /// in that element, when the error is inside one (so a people file names the entry).
    var entry: Int? = nil
    var member: String? = nil
    var description: String { "\(reason) at line \(line), column \(column)" }
  }

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  private var entry: Int?
  private var member: String?
  private static let maximumDepth = 512

  init(_ data: Data) { bytes = [UInt8](data) }

  /// Parses one JSON document (UTF-8, optional BOM) and refuses trailing text.
  static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(data)
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  private func error(_ reason: String) -> SyntaxError {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
    return SyntaxError(reason: reason, line: line, column: column, entry: entry, member: member)
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  private mutating func parseValue() throws(SyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else { throw error("unexpected end of text") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character \(describeCurrent())")
    }
  }

  private func describeCurrent() -> String {
    let end = min(bytes.count, position + 4)
    let fragment = String(decoding: bytes[position..<end], as: UTF8.self)
    return "'\(fragment.first.map(String.init) ?? "")'"
  }

  private mutating func expectWord(_ word: String) throws(SyntaxError) {
    let expected = Array(word.utf8)
    guard bytes.count - position >= expected.count,
      Array(bytes[position..<position + expected.count]) == expected
    else { throw error("unexpected character \(describeCurrent())") }
    position += expected.count
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(SyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a quoted member name")
      }
      let key = try parseString()
      if depth == 2 { member = key }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
      position += 1
      members.append((key, try parseValue()))
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of text inside an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      throw error("expected ',' or '}'")
    }
  }

  private mutating func parseArray() throws(SyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      if depth == 1 {
        entry = elements.count
        member = nil
      }
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of text inside an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      throw error("expected ',' or ']'")
    }
  }

  private mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    func skipDigits(_ parser: inout JSONParser) -> Int {
      let begin = parser.position
      while parser.position < parser.bytes.count, digits.contains(parser.bytes[parser.position]) {
        parser.position += 1
      }
      return parser.position - begin
    }
    guard skipDigits(&self) > 0 else { throw error("expected a digit") }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard skipDigits(&self) > 0 else { throw error("expected a digit after '.'") }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard skipDigits(&self) > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let number = Double(text) else { throw error("invalid number '\(text)'") }
    return number
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var runStart = position
    // Bytes that are not UTF-8 are refused, never decoded as U+FFFD: a name would silently change.
    func flushRun(_ parser: JSONParser, until end: Int, into scalars: inout String.UnicodeScalarView)
      throws(SyntaxError)
    {
      guard end > runStart else { return }
      guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
        throw parser.error("bytes that are not UTF-8 inside a string")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try flushRun(self, until: position, into: &scalars)
        position += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        try flushRun(self, until: position, into: &scalars)
        position += 1
        scalars.append(try parseEscape())
        runStart = position
        continue
      }
      position += 1
    }
    throw error("unterminated string")
  }

  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    guard position < bytes.count else { throw error("unterminated escape") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw error("lone surrogate in \\u escape") }
        position += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("lone surrogate in \\u escape") }
      return scalar
    default:
      position -= 1
      throw error("invalid escape \\\(describeCurrent().dropFirst().dropLast())")
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    guard bytes.count - position >= 4 else { throw error("incomplete \\u escape") }
    let text = String(decoding: bytes[position..<position + 4], as: UTF8.self)
    guard let value = UInt32(text, radix: 16) else { throw error("invalid \\u escape") }
    position += 4
    return value
  }
}
