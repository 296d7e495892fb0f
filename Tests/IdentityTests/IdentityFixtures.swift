import Foundation
import Transport

/// JSON and discovery helpers for fake answers.
enum IdentityFixtures {
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

  static func oauthError(_ error: String, code: Int? = nil, suberror: String? = nil, status: Int = 400) -> HTTPResponse
  {
    var body: [String: Any] = [
      "error": error,
      "error_description":
        "\(code.map { "AADSTS\($0): " } ?? "")Something.\r\nTrace ID: 0000aaaa-11bb\r\nCorrelation ID: x",
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
    return part(["alg": "none"]) + "."
      + part(["oid": oid, "tid": tid, "preferred_username": username, "name": "Adele"])
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
