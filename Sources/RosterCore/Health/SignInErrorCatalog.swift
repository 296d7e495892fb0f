import Foundation

/// AADSTS numbers from sign-in logs, in plain words about the person who tried (not "you").
///
/// Identity's `ErrorExplainer` words the same codes for the signed-in user's own sign-in, and
/// lives where RosterCore cannot reach; these are the codes sign-in logs show most, worded from
/// Microsoft's error-code reference (learn.microsoft.com/entra/identity-platform/reference-error-codes,
/// the `entra-docs` file protocol.md §2.7 quotes). Codes change; an unknown one falls back to
/// Graph's own `failureReason`.
public enum SignInErrorCatalog {
  public static let explanations: [Int: String] = [
    50126: "Wrong user name or password",
    50053: "Account locked after too many failed attempts (or sign-ins from a blocked address)",
    50055: "Password expired: it must be changed before signing in",
    50144: "On-premises Active Directory password expired",
    50057: "Account disabled",
    50034: "No such account in this directory",
    50020: "Guest not allowed: the account is not (or no longer) a user of this tenant",
    90072: "Guest not set up: the external account is not a user of this tenant (invite it, or accept the invitation)",
    50074: "Strong authentication (MFA) required, and the sign-in stopped for it",
    50076: "Multi-factor authentication required (a new location or a policy change)",
    50079: "Must register for multi-factor authentication first",
    50078: "Multi-factor authentication expired; it must be done again",
    500121: "Multi-factor authentication was not completed (denied, timed out or failed)",
    53003: "Blocked by Conditional Access",
    53000: "Blocked by Conditional Access: the device is not compliant",
    53001: "Blocked by Conditional Access: the device is not domain-joined",
    53002: "Blocked by Conditional Access: this app is not an approved client app",
    530032: "Blocked by a security policy",
    50097: "Device authentication required",
    50105: "Not assigned to the application (an administrator must assign the user or a group)",
    50058: "Silent sign-in without a session (normal for background apps; not a real failure)",
    50140: "\"Stay signed in?\" prompt shown (an interruption, not a failure)",
    50133: "Session no longer valid after a password change or expiry",
    50173: "Session revoked (a password change or an administrator); must sign in again",
    70044: "Session expired; must sign in again",
    65001: "The application has no consent for the permissions it asked for",
    700016: "The application was not found in this tenant",
    50011: "The application's redirect address does not match its registration",
    50196: "Too many identical requests (a sign-in loop)",
    81010: "Seamless single sign-on failed (Kerberos ticket expired or invalid)",
  ]

  /// The words for `code`, nil for 0 (success) and for codes not in the table.
  public static func explanation(for code: Int) -> String? { explanations[code] }

  /// Codes that mean "nothing went wrong that a person must fix": interruptions that the same
  /// attempt goes on from, so the pane does not list them as the reason someone cannot sign in.
  public static let interruptions: Set<Int> = [50058, 50140]
}
