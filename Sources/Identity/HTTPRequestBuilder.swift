import Foundation
import Transport

/// Builds the identity platform's requests as plain data (`HTTPRequest`), so they are testable
/// without a network.
enum HTTPRequestBuilder {
  /// Identity requests are small; a slow answer means trouble, not a big body.
  static let timeout: Duration = .seconds(30)

  static func get(_ url: URL) -> HTTPRequest {
    HTTPRequest(method: "GET", url: url, headers: [("Accept", "application/json")], timeout: timeout)
  }

  /// A form POST (`application/x-www-form-urlencoded`), as the token and devicecode endpoints take.
  static func form(_ url: URL, _ fields: [(String, String)]) -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: url,
      headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
      body: Data(FormEncoding.encode(fields).utf8),
      timeout: timeout)
  }
}

/// `application/x-www-form-urlencoded` with the RFC 3986 unreserved set, so `+`, `&`, `=`, `/`
/// and `:` in a value can never change the shape of the body.
enum FormEncoding {
  static let unreserved = CharacterSet(charactersIn:
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  static func encode(_ fields: [(String, String)]) -> String {
    fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
  }

  static func escape(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }
}
