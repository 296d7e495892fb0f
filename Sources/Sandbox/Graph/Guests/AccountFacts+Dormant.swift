import Foundation
import SandboxDirectory

/// Guests who stopped signing in: Graph keeps `signInActivity` past the sign-in log's 30 days
/// (learn.microsoft.com/graph/api/resources/signinactivity: the last sign-in, with no retention
/// limit of its own), so a guest idle for a year shows last year's date while the log shows
/// nothing. Half of the accepted guests are dormant: no sign-in in the 30-day log, and a last
/// interactive sign-in 31–400 days ago (a non-interactive one sometimes later, still past 30 days);
/// one dormant guest in four never signed in at all (null).
extension AccountFacts {
  var isDormant: Bool { externalUserState == "Accepted" && roll("dormant") % 2 == 0 }

  /// `signInActivity` for a person whose 30-day log is empty: null unless dormant with a date.
  var dormantSignInActivity: JSONValue {
    guard isDormant, roll("neverSignedIn") % 4 != 0 else { return .null }
    let day = 86_400.0
    // Never before the invitation, never inside the log's 30 days.
    let drawn = now.addingTimeInterval(-(31 * day + Double(roll("lastSeen") % 370) * day))
    let interactive = min(max(drawn, createdDateTime), now.addingTimeInterval(-31 * day)).wholeSeconds
    let laterClient = roll("lastClient") % 2 == 0
    let nonInteractive =
      laterClient
      ? max(interactive.addingTimeInterval(Double(roll("clientGap") % 20) * day), interactive)
      : nil
    let capped = nonInteractive.map { min($0, now.addingTimeInterval(-31 * day).wholeSeconds) }
    func time(_ date: Date?) -> JSONValue { date.map { .string($0.formatted(.iso8601)) } ?? .null }
    func id(_ date: Date?, _ kind: String) -> JSONValue {
      date.map { _ in .string(String(format: "%08x-0000-4000-9000-%012x", UInt32(truncatingIfNeeded: roll(kind)), 0)) }
        ?? .null
    }
    return .object([
      ("lastSignInDateTime", time(interactive)), ("lastSignInRequestId", id(interactive, "interactiveId")),
      ("lastNonInteractiveSignInDateTime", time(capped)),
      ("lastNonInteractiveSignInRequestId", id(capped, "clientId")),
      ("lastSuccessfulSignInDateTime", time(max(interactive, capped ?? interactive))),
      ("lastSuccessfulSignInRequestId", id(interactive, "successId")),
    ])
  }
}
