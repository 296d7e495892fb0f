import Foundation

/// Exact JSON text for a `JSONValue`: object keys keep their order and nulls stay, which is what
/// Graph responses look like and what `JSONEncoder` cannot promise.
extension JSONValue {
  /// The value as compact JSON text (no spaces, keys in order, non-ASCII kept as it is): the one
  /// JSON writer, which the sandbox server's responses and tokens use.
  public var jsonText: String {
    var text = ""
    text.reserveCapacity(256)
    JSONValue.append(self, to: &text)
    return text
  }

  /// The value of `key` when this is an object (first match), nil otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  static func append(_ value: JSONValue, to text: inout String) {
    switch value {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .number(let number): text += formatNumber(number)
    case .string(let string): appendQuoted(string, to: &text)
    case .array(let elements):
      text += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { text += "," }
        append(element, to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (position, member) in members.enumerated() {
        if position > 0 { text += "," }
        appendQuoted(member.0, to: &text)
        text += ":"
        append(member.1, to: &text)
      }
      text += "}"
    }
  }

  /// Integers print without a fraction (Graph's counts and sizes); NaN and infinities are not JSON.
  static func formatNumber(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  static func appendQuoted(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{08}": text += "\\b"
      case "\u{0C}": text += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    text += "\""
  }
}
