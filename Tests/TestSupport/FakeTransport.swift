import Foundation
import RosterCore
import Transport

/// A transport that answers from a closure and records what was sent.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
  // @unchecked: state behind `lock`.
  private let lock = NSLock()
  private var sent: [HTTPRequest] = []
  private let handler: @Sendable (HTTPRequest) throws -> HTTPResponse

  init(_ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) { self.handler = handler }

  var requests: [HTTPRequest] { lock.withLock { sent } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    lock.withLock { sent.append(request) }
    return try handler(request)
  }

  /// The form fields of a recorded request body.
  static func form(_ request: HTTPRequest) -> [String: String] {
    let body = String(decoding: request.body ?? Data(), as: UTF8.self)
    var fields: [String: String] = [:]
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
  }
}

/// JSON and discovery helpers for fake answers.
enum Fixtures {
  static let base = "https://login.example.test/contoso"

  static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json")],
      body: try! JSONSerialization.data(withJSONObject: object))
  }

  static func discovery(device: Bool = true) -> HTTPResponse {
    var document: [String: Any] = [
      "issuer": "\(base)/v2.0",
      "authorization_endpoint": "\(base)/oauth2/v2.0/authorize",
      "token_endpoint": "\(base)/oauth2/v2.0/token",
    ]
    if device { document["device_authorization_endpoint"] = "\(base)/oauth2/v2.0/devicecode" }
    return json(200, document)
  }

  static func oauthError(_ error: String, code: Int? = nil, suberror: String? = nil, status: Int = 400) -> HTTPResponse {
    var body: [String: Any] = [
      "error": error,
      "error_description": "\(code.map { "AADSTS\($0): " } ?? "")Something.\r\nTrace ID: 0000aaaa-11bb\r\nCorrelation ID: x",
      "trace_id": "0000aaaa-11bb",
    ]
    if let code { body["error_codes"] = [code] }
    if let suberror { body["suberror"] = suberror }
    return json(status, body)
  }

  /// An unsigned JWT carrying the claims that name an account.
  static func idToken(oid: String = "oid-1", tid: String = "tid-1", username: String = "adele@contoso.test") -> String {
    func part(_ object: [String: Any]) -> String {
      let data = try! JSONSerialization.data(withJSONObject: object)
      return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
    return part(["alg": "none"]) + "." + part(["oid": oid, "tid": tid, "preferred_username": username, "name": "Adele"])
      + ".sig"
  }

  static func tokens(access: String, refresh: String?, expiresIn: Any = 3600) -> HTTPResponse {
    var body: [String: Any] = [
      "token_type": "Bearer", "access_token": access, "expires_in": expiresIn,
      "scope": "User.Read User.ReadBasic.All profile openid", "id_token": idToken(),
    ]
    if let refresh { body["refresh_token"] = refresh }
    return json(200, body)
  }
}
