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
      body: Data(PercentEncoding.form(fields).utf8),
      timeout: timeout)
  }
}
