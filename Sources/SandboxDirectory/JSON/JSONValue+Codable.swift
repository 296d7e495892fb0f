import Foundation

/// `Codable` for `JSONValue`, so it can sit inside other Codable types. Encoding writes object
/// members in order through a keyed container; whether the encoder keeps that order is up to the
/// encoder, so the server writes exact bytes with `jsonText`.
extension JSONValue {
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  static func decoded(from decoder: any Decoder) throws -> JSONValue {
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [(String, JSONValue)] = []
      for key in keyed.allKeys {
        members.append((key.stringValue, try keyed.decode(JSONValue.self, forKey: key)))
      }
      return .object(members)
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
      return .array(elements)
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() { return .null }
    if let flag = try? single.decode(Bool.self) { return .bool(flag) }
    if let number = try? single.decode(Double.self) { return .number(number) }
    return .string(try single.decode(String.self))
  }

  func encodeValue(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .number(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .string(let string):
      var single = encoder.singleValueContainer()
      try single.encode(string)
    case .array(let elements):
      var unkeyed = encoder.unkeyedContainer()
      for element in elements { try unkeyed.encode(element) }
    case .object(let members):
      var keyed = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try keyed.encode(value, forKey: AnyKey(stringValue: key)) }
    }
  }
}
