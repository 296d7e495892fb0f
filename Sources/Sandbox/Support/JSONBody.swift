import Foundation
import Hummingbird
import SandboxDirectory

/// Serialises `JSONValue` trees by hand so property order and explicit nulls survive exactly
/// as Graph and Entra send them (JSONSerialization would sort or drop them).
enum JSONText {
  static func render(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 { out += String(Int64(number)) } else { out += "\(number)" }
    case .string(let text): writeString(text, into: &out)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        write(item, into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        writeString(member.0, into: &out)
        out += ":"
        write(member.1, into: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}

extension JSONValue {
  /// Builds an object from ordered pairs, skipping nil values (optional fields that are absent).
  static func members(_ pairs: [(String, JSONValue?)]) -> JSONValue {
    .object(pairs.compactMap { name, value in value.map { (name, $0) } })
  }

  static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
}

extension Response {
  /// A JSON response with the given status and content type.
  static func json(
    _ value: JSONValue, status: HTTPResponse.Status = .ok,
    contentType: String = "application/json; charset=utf-8", headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = contentType
    let buffer = ByteBuffer(string: JSONText.render(value))
    return Response(status: status, headers: fields, body: .init(byteBuffer: buffer))
  }

  /// A plain-text or HTML response.
  static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain; charset=utf-8")
    -> Response
  {
    Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
