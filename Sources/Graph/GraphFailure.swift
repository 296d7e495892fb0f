import Foundation
import RosterCore
import Transport

/// Turns a final (not retried) Graph answer or transport failure into a `DirectoryError`.
enum GraphFailure {
  /// A non-success response that retrying will not fix.
  static func error(for response: HTTPResponse, permission: String) -> DirectoryError {
    let body = GraphErrorBody(data: response.body)
    let message = body.text(status: response.status)
    switch response.status {
    case 400 where isPersonalAccountRefusal(body):
      return .personalAccount
    case 401:
      return .signInRequired(
        SignInFailure(
          message: "Microsoft Graph did not accept the sign-in, even after a refresh; sign in again.",
          code: body.code.map { CleanText($0) }, canRetry: true))
    case 403 where body.code == "Authentication_RequestFromNonPremiumTenantOrB2CTenant":
      // Sign-in activity and logs on a tenant without Entra ID P1: no permission would help.
      return .permissionDenied(HealthRequirement.premiumRefusal)
    case 403:
      return .permissionDenied(
        "Microsoft Graph refused this: the sign-in lacks the \(permission) permission "
          + "(an administrator may need to consent). Graph said: \(message)")
    case 404:
      return .notFound
    default:
      return .service(status: response.status, code: body.code, message: message)
    }
  }

  /// A personal Microsoft account calling `/users` gets a 400 whose OData parse message names the
  /// consumer profile type (protocol.md §4.7), not a stable code; the message is all there is.
  static func isPersonalAccountRefusal(_ body: GraphErrorBody) -> Bool {
    guard let message = body.message else { return false }
    return message.contains("Microsoft.Fast.Profile")
      || message.localizedCaseInsensitiveContains("personal Microsoft account")
  }

  /// Whether a 400 means the tenant refuses advanced queries (`$search`, `$count`, the header).
  static func isAdvancedQueryRefusal(_ error: DirectoryError) -> Bool {
    guard case .service(let status, let code, let message) = error, status == 400 else { return false }
    if code == "Request_UnsupportedQuery" { return true }
    return message.contains("$search") || message.contains("ConsistencyLevel") || message.contains("$count")
  }

  /// A transport failure that retrying may fix.
  static func isTransient(_ error: TransportError) -> Bool {
    switch error {
    case .timedOut, .connectionFailed: return true
    case .cancelled, .tls, .bodyTooLarge: return false
    }
  }

  static func error(for transportError: TransportError) -> DirectoryError {
    switch transportError {
    case .timedOut: return .offline("Microsoft Graph did not answer in time.")
    case .connectionFailed(let text): return .offline("Could not reach Microsoft Graph: \(text)")
    case .cancelled: return .cancelled
    case .tls(let text): return .offline("The secure connection to Microsoft Graph failed: \(text)")
    case .bodyTooLarge(let limit): return .malformedResponse("The answer was larger than \(limit) bytes.")
    }
  }

  /// Errors from the token provider, in directory terms. Never carries a token: providers throw
  /// `SignInRequired` / `SignInFailure`, whose messages are written to be shown.
  static func error(forTokenFailure error: any Error) -> DirectoryError {
    switch error {
    case let required as SignInRequired: return .signInRequired(required.failure)
    case let trouble as TokenServiceUnavailable: return .offline(trouble.message.string)
    case let failure as SignInFailure: return .signInRequired(failure)
    case let directory as DirectoryError: return directory
    case let transport as TransportError: return Self.error(for: transport)
    case is CancellationError: return .cancelled
    default:
      return .signInRequired(SignInFailure(message: "Could not get an access token; sign in again.", canRetry: true))
    }
  }
}
