import Foundation
import RosterCore
import Transport

/// Turns identity platform errors into one line a person can act on, keeping the raw code and
/// trace id alongside (`SignInFailure`).
///
/// The numeric codes pick the wording only; behaviour (retry, sign out) is decided from `error`
/// and `suberror`, as Microsoft asks, because codes and texts change.
enum ErrorExplainer {
  /// (explanation, can starting again help?) per AADSTS number.
  static let aadsts: [Int: (String, Bool)] = [
    50076: ("Your organisation requires multi-factor authentication here; sign in again to complete it", true),
    50079: ("You must register for multi-factor authentication first; sign in again to set it up", true),
    50078: ("Your multi-factor authentication has expired; sign in again", true),
    65001: (
      "Roster has not been given consent for the permissions it asks for; sign in again to consent, "
        + "or ask an administrator to grant consent for your organisation", true
    ),
    65004: ("You declined the permissions Roster asks for; it cannot sign in without them", true),
    90094: ("An administrator must approve Roster's permissions for your organisation (admin consent)", false),
    53003: (
      "Blocked by Conditional Access: your organisation does not allow this sign-in from here; "
        + "ask your IT administrator and give them the trace id", false
    ),
    50199: ("The identity platform wants you to confirm this sign-in in a browser; try roster login --browser", true),
    700016: (
      "The app (client id) was not found in this tenant; check clientId and the tenant in the authority, "
        + "and that the app registration exists there", false
    ),
    90002: ("The tenant in the authority was not found; check the authority setting or --tenant", false),
    7_000_218: (
      "Public client flows are off for this app registration; in the portal set "
        + "Authentication > Allow public client flows to Yes", false
    ),
    700082: ("Your sign-in expired after a long time unused; sign in again", true),
    50173: ("Your session was revoked (a password change or an administrator); sign in again", true),
    70008: ("The sign-in grant has expired; sign in again", true),
    70043: ("Your organisation's sign-in frequency policy requires signing in again", true),
    70020: ("The device code expired before sign-in finished; start again with roster login", true),
    70019: ("The device code expired before sign-in finished; start again with roster login", true),
    70018: ("The code entered was wrong or unknown; start again and enter the code shown", true),
    90120: ("That device code was already used or declined; start again", true),
    50196: ("Too many identical requests (loop detected); wait a minute and try again", true),
    54005: ("That authorization code was already used; sign in again", true),
    501481: ("The PKCE verifier did not match the challenge; sign in again", true),
    700025: ("The app is a public client, so no client secret may be sent; check the app registration", false),
    7_000_215: ("The client secret is invalid; Roster is a public client and needs public client flows enabled", false),
    70011: ("A requested scope is not valid; check the scopes setting or ROSTER_SCOPES", false),
    50011: (
      "The redirect URI does not match the app registration; add http://localhost as a "
        + "Mobile and desktop redirect URI", false
    ),
    50194: (
      "The app is single-tenant; use your tenant id or domain in the authority, not /common or /organizations", false
    ),
    9_002_332: ("The app accepts only work or school accounts; do not use /consumers", false),
    50059: ("No tenant could be determined; put your tenant id or domain in the authority", false),
    65002: ("This client id belongs to a Microsoft app that may not be reused; register your own app", false),
    50053: ("The account is locked after too many failed attempts; wait or ask your administrator", false),
    50057: ("The account is disabled; ask your administrator", false),
    50126: ("Wrong user name or password", true),
    90038: ("Your tenant lives in another national cloud; use that cloud's authority host", false),
    70016: ("Sign-in is still pending", true),
  ]

  /// Azure AD B2C codes (`AADB2Cnnnnn`).
  static let b2c: [Int: (String, Bool)] = [
    90080: ("Your sign-in has expired; sign in again", true),
    90129: ("Your sign-in was revoked; sign in again", true),
    90128: ("The account no longer exists in this directory", false),
    90091: ("You cancelled sign-in", true),
    90118: ("You chose to reset your password; reset it with the password-reset flow, then sign in again", true),
    90182: ("The PKCE verifier was rejected; sign in again", true),
    90183: ("The PKCE verifier was rejected; sign in again", true),
    90184: ("The PKCE challenge method was rejected; sign in again", true),
    90084: ("Public clients must not send a client secret; check the app registration", false),
    90088: ("The grant was issued for a different policy; sign in again with the same policy", true),
    90006: ("The redirect URI is not registered for this B2C app; add http://localhost", false),
    90117: ("A requested scope is not supported by B2C; check the scopes setting", false),
    90012: ("A requested scope is not supported by B2C; check the scopes setting", false),
    90205: ("The app lacks permission for this request; check the app's API permissions", false),
  ]

  /// Wording when there is no known code, by OAuth `error`.
  static let byError: [String: (String, Bool)] = [
    "authorization_declined": ("Sign-in was declined", true),
    "access_denied": ("Sign-in was cancelled or declined", true),
    "expired_token": ("The code expired before sign-in finished; start again", true),
    "code_expired": ("The code expired before sign-in finished; start again", true),
    "bad_verification_code": ("The sign-in service did not recognise the device code; start again", true),
    "invalid_grant": ("Your sign-in is no longer valid; sign in again", true),
    "interaction_required": ("You need to sign in again interactively", true),
    "login_required": ("You need to sign in again", true),
    "consent_required": ("Consent is needed for Roster's permissions; sign in again to consent", true),
    "invalid_client": (
      "The app registration rejected this client; check clientId and that public client flows "
        + "are enabled", false
    ),
    "unauthorized_client": ("This app is not allowed to sign in this way; check the app registration", false),
    "invalid_scope": ("A requested scope is not valid; check the scopes setting", false),
    "invalid_request": ("The sign-in request was rejected as invalid", false),
    "unsupported_grant_type": ("The sign-in service does not support this sign-in method", false),
    "unsupported_response_type": ("The sign-in service does not support this sign-in method", false),
    "invalid_resource": ("The requested resource is not known to this tenant", false),
    "temporarily_unavailable": ("The sign-in service is temporarily unavailable; try again shortly", true),
    "server_error": ("The sign-in service had an internal error; try again shortly", true),
  ]

  /// Extra words for a `suberror`, which says why interaction is needed.
  static let subErrors: [String: String] = [
    "basic_action": "multi-factor authentication or another sign-in step is required",
    "additional_action": "an extra sign-in step is required",
    "message_only": "the sign-in service has a message for you in the browser",
    "consent_required": "consent for Roster's permissions is required",
    "user_password_expired": "your password has expired; change it first",
    "cancel": "you cancelled",
  ]

  /// The plain-language failure for an OAuth error body.
  static func failure(for body: OAuthErrorBody) -> SignInFailure {
    var entry: (String, Bool)?
    if let number = body.codeNumber {
      entry = body.code?.hasPrefix("AADB2C") == true ? b2c[number] : aadsts[number]
    }
    if entry == nil { entry = byError[body.error] }
    var message = entry?.0 ?? "Sign-in failed (\(body.error))"
    if let sub = body.suberror, let extra = subErrors[sub], !message.lowercased().contains(extra) {
      message += " (\(extra))"
    }
    return SignInFailure(
      message: CleanText(message + "."), code: body.code.map { CleanText($0) }, error: body.error,
      traceId: body.traceId.map { CleanText($0) },
      canRetry: entry?.1 ?? true)
  }

  /// The failure for a non-success HTTP answer: the OAuth body when there is one, a server-error
  /// line for 5xx, an "unexpected content" line for HTML, else `fallback`.
  static func failure(from response: HTTPResponse, fallback: String) -> SignInFailure {
    if let body = OAuthErrorBody.parse(response.body) { return failure(for: body) }
    let traceId = response.header("x-ms-request-id")
    if response.status >= 500 {
      return SignInFailure(
        message: "The sign-in service had a problem (HTTP \(response.status)); try again in a moment.",
        error: "server_error", traceId: traceId.map { CleanText($0) })
    }
    if !response.body.isEmpty, ResponseText.looksLikeHTML(response.body) {
      return ResponseText.unexpected(response.body, what: "a sign-in request", url: nil, status: response.status)
    }
    return SignInFailure(
      message: CleanText(fallback + "."), error: "http_\(response.status)", traceId: traceId.map { CleanText($0) })
  }
}
