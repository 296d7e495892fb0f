import Foundation
import HTTPTypes
import Hummingbird

/// A request reduced to what the sandbox's handlers look at, read once by the responder.
struct IncomingRequest: Sendable {
  var method: String
  /// Percent-decoded path, e.g. `/v1.0/users/$count`.
  var path: String
  /// The raw query string (no `?`), for building links that keep the client's parameters.
  var rawQuery: String
  var query: FormFields
  var headers: HTTPFields
  /// The body as text (form or JSON bodies; limited in size by the responder).
  var body: String
  /// `scheme://host[:port]` as the client addressed us.
  var base: String
  var isLoopbackPeer: Bool

  /// Path components without empty ones: `/a//b/` → `["a", "b"]`.
  var components: [String] { path.split(separator: "/").map(String.init) }

  func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }

  /// Form fields of a url-encoded body.
  var form: FormFields { FormFields(body) }
}
