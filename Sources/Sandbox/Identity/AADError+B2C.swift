import Foundation
import Hummingbird
import SandboxDirectory

/// Azure AD B2C answers the same failures with its own `AADB2Cnnnnn` codes and a thinner body:
/// only `error` and `error_description` (with Correlation ID and Timestamp lines).
extension AADError {
  /// The B2C code and text for this refusal.
  var b2cEquivalent: (code: Int, message: String) {
    switch code {
    case 900144:
      return (
        90014,
        message.replacingOccurrences(
          of: "The request body must contain the following parameter", with: "The required field")
      )
    case 700016: return (90018, "The client id specified in the request is not registered in the tenant.")
    case 700025:
      return (90084, "Public clients should not send a client_secret when redeeming a publicly acquired grant.")
    case 54005, 70000, 70008, 700082:
      return (90080, "The provided grant has expired. Please re-authenticate and try again.")
    case 501481: return (90183, "The supplied code_verifier is invalid.")
    case 50173: return (90129, "The provided grant has been revoked. Please reauthenticate and try again.")
    case 70003: return (90086, "The supplied grant_type is not supported.")
    case 70011:
      return (
        90117,
        message.replacingOccurrences(
          of: "The provided value for the input parameter 'scope' is not valid. The scope ", with: "The scope '"
        ).replacingOccurrences(of: " is not valid.", with: "' provided in the request is not supported.")
      )
    case 500112, 50011: return (90006, "The redirect URI provided in the request is not registered for the client id.")
    case 88: return (90088, "The provided grant has not been issued for this endpoint.")
    default: return (90000 + (code % 1000), message)
    }
  }

  /// The response B2C sends for this refusal.
  func b2cResponse(now: Date) -> Response {
    let (b2cCode, text) = b2cEquivalent
    let correlation = UUID().uuidString.lowercased()
    let stamp = AADError.timestamp(now)
    let description = "AADB2C\(b2cCode): \(text)\r\nCorrelation ID: \(correlation)\r\nTimestamp: \(stamp)\r\n"
    let body = JSONValue.members([("error", .string(error)), ("error_description", .string(description))])
    return .json(body, status: status == .unauthorized ? .badRequest : status, headers: IdentityHeaders.noStore)
  }

  /// The grant belongs to another policy (B2C refuses to redeem it on this endpoint).
  static let wrongPolicy = AADError(
    error: "invalid_grant", code: 88, message: "The provided grant has not been issued for this endpoint.")
}
