import Foundation
import RosterCore

/// A successful token endpoint answer (device code, authorization code or refresh).
///
/// Decoded leniently: B2C sends numbers as strings (`"expires_in": "3600"`) and extra fields
/// (`not_before`, `profile_info`, `refresh_token_expires_in`), all of which are accepted.
struct TokenResponse: Sendable, Equatable {
  var accessToken: Secret
  var tokenType: String?
  var expiresIn: Int?
  /// Space-separated scopes the access token was granted; nil means "what was asked for".
  var scope: String?
  var refreshToken: Secret?
  var idToken: Secret?

  /// Parses the JSON body; a body without `access_token` is an error that says so.
  static func parse(_ data: Data, from url: URL) throws(SignInFailure) -> TokenResponse {
    guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
      throw ResponseText.unexpected(data, what: "the token response", url: url)
    }
    guard let access = json["access_token"] as? String, !access.isEmpty else {
      throw SignInFailure(
        message: "The sign-in service answered without an access token; try signing in again.",
        error: "invalid_response")
    }
    return TokenResponse(
      accessToken: Secret(access),
      tokenType: json["token_type"] as? String,
      expiresIn: flexibleInt(json["expires_in"]),
      scope: json["scope"] as? String,
      refreshToken: (json["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : Secret($0) },
      idToken: (json["id_token"] as? String).flatMap { $0.isEmpty ? nil : Secret($0) }
    )
  }

  /// An Int from a JSON number or a numeric string (B2C), nil otherwise; a number too large for
  /// an Int (`1e300`) is nil, never a trap.
  static func flexibleInt(_ value: Any?) -> Int? {
    if isJSONBoolean(value) { return nil }
    if let number = value as? Int { return number }
    if let number = value as? Double { return bounded(number) }
    if let text = value as? String {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      return Int(trimmed) ?? Double(trimmed).flatMap(bounded)
    }
    return nil
  }

  /// Whether `value` is JSON's `true` or `false`. Not `value is Bool`: Foundation's JSON numbers
  /// are `NSNumber`s, and `1 is Bool` holds for them, so a device code's `"interval": 1` read as
  /// a boolean and fell back to 5 s (issue 28: every demo call waited 5.2 s). JSONSerialization
  /// makes booleans as the one `NSNumber` kind whose type encoding is `c`.
  static func isJSONBoolean(_ value: Any?) -> Bool {
    guard let number = value as? NSNumber else { return value is Bool }
    return String(cString: number.objCType) == "c"
  }

  private static func bounded(_ number: Double) -> Int? {
    number.isFinite && abs(number) < 1e15 ? Int(number) : nil
  }
}
