import Foundation
import Hummingbird
import SandboxDirectory

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
    let buffer = ByteBuffer(string: value.jsonText)
    return Response(status: status, headers: fields, body: .init(byteBuffer: buffer))
  }

  /// A plain-text or HTML response.
  static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain; charset=utf-8")
    -> Response
  {
    Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
