import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// An identity-platform refusal, rendered exactly as Entra's token endpoint shapes it:
/// `error`, `error_description` ("AADSTSnnnn: text" + Trace ID/Correlation ID/Timestamp suffix),
/// `error_codes`, `timestamp`, `trace_id`, `correlation_id`, `error_uri`.
struct AADError: Error, Sendable, Equatable {
  var error: String
  var code: Int
  var message: String
  var status: HTTPResponse.Status = .badRequest
  var suberror: String? = nil

  /// The response body and headers Entra sends with this error.
  func response(now: Date, correlationId: String? = nil) -> Response {
    let trace = UUID().uuidString.lowercased()
    let correlation = correlationId ?? UUID().uuidString.lowercased()
    let stamp = AADError.timestamp(now)
    let description =
      "AADSTS\(code): \(message)\r\nTrace ID: \(trace)\r\nCorrelation ID: \(correlation)\r\nTimestamp: \(stamp)"
    let body = JSONValue.members([
      ("error", .string(error)),
      ("error_description", .string(description)),
      ("error_codes", .array([.int(code)])),
      ("timestamp", .string(stamp)),
      ("trace_id", .string(trace)),
      ("correlation_id", .string(correlation)),
      ("error_uri", .string("https://login.microsoftonline.com/error?code=\(code)")),
      ("suberror", suberror.map(JSONValue.string)),
    ])
    return .json(body, status: status, headers: IdentityHeaders.noStore)
  }

  /// `yyyy-MM-dd HH:mm:ssZ` in UTC, Entra's error timestamp format.
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss'Z'"
    return formatter.string(from: date)
  }
}

/// Headers every identity-platform JSON response carries (tokens must never be cached).
enum IdentityHeaders {
  static var noStore: HTTPFields {
    var fields = HTTPFields()
    fields[.cacheControl] = "no-store, no-cache"
    fields[HTTPField.Name("Pragma")!] = "no-cache"
    fields[.expires] = "-1"
    fields[HTTPField.Name("x-ms-request-id")!] = UUID().uuidString.lowercased()
    return fields
  }
}

// MARK: - The errors the sandbox raises

extension AADError {
  static func missingParameter(_ name: String) -> AADError {
    AADError(
      error: "invalid_request", code: 900144,
      message: "The request body must contain the following parameter: '\(name)'.")
  }
  static func unknownTenant(_ tenant: String) -> AADError {
    AADError(
      error: "invalid_request", code: 90002,
      message:
        "Tenant '\(tenant)' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant."
    )
  }
  static func unknownClient(_ clientId: String, tenant: String) -> AADError {
    AADError(
      error: "unauthorized_client", code: 700016,
      message:
        "Application with identifier '\(clientId)' was not found in the directory '\(tenant)'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant."
    )
  }
  static let publicClientSentSecret = AADError(
    error: "invalid_client", code: 700025,
    message: "Client is public so neither 'client_assertion' nor 'client_secret' should be presented.",
    status: .unauthorized)
  static let authorizationPending = AADError(
    error: "authorization_pending", code: 70016,
    message: "OAuth 2.0 device flow error. Authorization is pending. Continue polling.")
  static let slowDown = AADError(
    error: "slow_down", code: 70016,
    message: "OAuth 2.0 device flow error. Polling too frequently; slow down and add 5 seconds to the interval.")
  static let authorizationDeclined = AADError(
    error: "authorization_declined", code: 70015, message: "The user declined the authorization request.")
  static let deviceCodeExpired = AADError(
    error: "expired_token", code: 70020,
    message: "The provided value for the input parameter 'device_code' is not valid. This device code has expired.")
  static let badVerificationCode = AADError(
    error: "bad_verification_code", code: 70018,
    message: "The provided value for the input parameter 'device_code' is not valid.")
  static let deviceCodeRedeemed = AADError(
    error: "invalid_grant", code: 54005,
    message:
      "OAuth2 device code was already redeemed, please retry with a new device code or use an existing refresh token.")
  static let codeRedeemed = AADError(
    error: "invalid_grant", code: 54005,
    message:
      "OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token."
  )
  static let codeInvalid = AADError(
    error: "invalid_grant", code: 70000, message: "The provided value for the 'code' parameter is not valid.")
  static let codeExpired = AADError(
    error: "invalid_grant", code: 70008,
    message:
      "The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource."
  )
  static let pkceMismatch = AADError(
    error: "invalid_grant", code: 501481,
    message: "The Code_Verifier does not match the code_challenge supplied in the authorization request.")
  static let redirectMismatch = AADError(
    error: "invalid_grant", code: 500112,
    message: "The reply address does not match the reply address provided when requesting the authorization code.")
  static let refreshTokenRevoked = AADError(
    error: "invalid_grant", code: 50173,
    message:
      "The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password. The grant was issued on '2026-01-01T00:00:00Z' and the TokensValidFrom date (before which tokens are not valid) for this user is '2026-01-01T00:00:01Z'."
  )
  /// A refresh token issued before the user's sessions were revoked (`signInSessionsValidFromDateTime`).
  static func sessionsRevoked(issued: Date, validFrom: Date) -> AADError {
    AADError(
      error: "invalid_grant", code: 50173,
      message:
        "The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password. The grant was issued on '\(issued.wholeSeconds.formatted(.iso8601))' and the TokensValidFrom date (before which tokens are not valid) for this user is '\(validFrom.formatted(.iso8601))'."
    )
  }
  /// A refresh asked for a permission not yet consented (AADSTS65001, `consent_required`).
  static func consentRequired(clientId: String) -> AADError {
    AADError(
      error: "invalid_grant", code: 65001,
      message:
        "The user or administrator has not consented to use the application with ID '\(clientId)' named 'Roster'. Send an interactive authorization request for this user and resource.",
      suberror: "consent_required")
  }
  /// A token asked for a disabled account (AADSTS50057 UserDisabled).
  static let accountDisabled = AADError(
    error: "invalid_grant", code: 50057, message: "The user account is disabled.")
  static let refreshTokenExpired = AADError(
    error: "invalid_grant", code: 700082,
    message: "The refresh token has expired due to inactivity. The token was issued and was inactive for 90.00:00:00.")
  static let refreshTokenMalformed = AADError(
    error: "invalid_grant", code: 9_002_313,
    message: "Invalid request. Request is malformed or invalid. The refresh token is malformed or not valid.")
  static func unsupportedGrantType(_ grant: String) -> AADError {
    AADError(
      error: "unsupported_grant_type", code: 70003,
      message: "The app requested an unsupported grant type '\(grant)'.")
  }
  static func invalidScope(_ scope: String) -> AADError {
    AADError(
      error: "invalid_scope", code: 70011,
      message: "The provided value for the input parameter 'scope' is not valid. The scope \(scope) is not valid.")
  }
  /// `/.default` mixed with named permissions: Entra refuses the static and dynamic forms together
  /// (scopes-oidc.md: "`scope=https://graph.microsoft.com/.default Mail.Read` results in an error").
  static func defaultMixedWithNamed(_ scope: String) -> AADError {
    AADError(
      error: "invalid_scope", code: 70011,
      message: "The provided value for the input parameter 'scope' is not valid. The scope \(scope) is not valid. "
        + "static scope limit exceeded.")
  }
  static let noDeviceCodeForClient = AADError(
    error: "invalid_grant", code: 70000,
    message:
      "The provided value for the input parameter 'client_id' does not match the client that requested the device code."
  )
  static func temporarilyUnavailable(status: HTTPResponse.Status) -> AADError {
    AADError(
      error: "temporarily_unavailable", code: 90033,
      message: "A transient error has occurred. Please try again.", status: status)
  }
}
