import Foundation
import SandboxDirectory

/// The account facts Graph keeps about a user that the generated directory does not store:
/// created, a guest's invitation state, on-premises sync, the registration report, licences and
/// devices (issue 33). Each is derived from the user's id and the seed, so the same person has
/// the same facts in every run and every request, and a few carry what a terminal must not print.
struct AccountFacts {
  let user: DirectoryUser
  let seed: UInt64
  let now: Date

  /// A stable number for one fact of this user (FNV of id and fact name, mixed with the seed).
  func roll(_ fact: String) -> UInt64 {
    var value = SignInHistory.fnv(user.id + "/" + fact) ^ seed
    value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return value >> 33
  }

  var isGuest: Bool { user.userType?.lowercased() == "guest" }

  // MARK: - State (`/users/{id}` properties)

  /// Between 30 days and about seven years ago.
  var createdDateTime: Date { now.addingTimeInterval(-Double(30 * 86_400 + Int(roll("created") % (2_500 * 86_400)))) }

  /// Guests only: a third have not accepted their invitation yet.
  var externalUserState: String? {
    guard isGuest else { return nil }
    return roll("invitation") % 3 == 0 ? "PendingAcceptance" : "Accepted"
  }

  var externalUserStateChangeDateTime: Date? {
    guard isGuest else { return nil }
    return createdDateTime.addingTimeInterval(Double(roll("accepted") % (20 * 86_400)))
  }

  /// Two members in five come from on-premises AD (Entra Connect syncs every 30 minutes); a
  /// cloud-only account has null, as in Graph, not false.
  var onPremisesSyncEnabled: Bool? { !isGuest && roll("synced") % 5 < 2 ? true : nil }

  var onPremisesLastSyncDateTime: Date? {
    guard onPremisesSyncEnabled == true else { return nil }
    return now.addingTimeInterval(-Double(60 + roll("sync") % 1_740)).wholeSeconds
  }

  /// When a disabled account was disabled: six hours to about twenty days ago, so the sign-in
  /// log (30 days) shows the attempts before it and the 50057 failures after it. Nil for an
  /// enabled account. Graph has no such property; the log is where it shows.
  var disabledDateTime: Date? {
    guard !user.accountEnabled else { return nil }
    return now.addingTimeInterval(-Double(6 * 3_600 + Int(roll("disabled") % (20 * 86_400)))).wholeSeconds
  }

  /// The state properties this file answers, by their Graph names.
  func stateValue(_ name: String) -> JSONValue? {
    switch name {
    case "createdDateTime": return .string(createdDateTime.wholeSeconds.formatted(.iso8601))
    case "externalUserState": return externalUserState.map(JSONValue.string) ?? .null
    case "externalUserStateChangeDateTime":
      return externalUserStateChangeDateTime.map { .string($0.wholeSeconds.formatted(.iso8601)) } ?? .null
    case "onPremisesSyncEnabled": return onPremisesSyncEnabled.map(JSONValue.bool) ?? .null
    case "onPremisesLastSyncDateTime":
      return onPremisesLastSyncDateTime.map { .string($0.formatted(.iso8601)) } ?? .null
    default: return nil
    }
  }

  // MARK: - signInActivity

  /// Read from the same generated history `/auditLogs/signIns` serves, so the two agree:
  /// `lastSignInDateTime` is the last interactive attempt, failed or not; the successful one is
  /// apart. Null when the history is empty (never signed in, as far as 30 days tell).
  func signInActivity(history: [SignInHistory.Entry]) -> JSONValue {
    // Empty log: a dormant guest's older dates (`AccountFacts+Dormant`), else null.
    guard !history.isEmpty else { return dormantSignInActivity }
    let interactive = history.first { $0.isInteractive }
    let nonInteractive = history.first { !$0.isInteractive }
    let success = history.first { $0.errorCode == 0 }
    func time(_ entry: SignInHistory.Entry?) -> JSONValue {
      entry.map { .string($0.time.formatted(.iso8601)) } ?? .null
    }
    func id(_ entry: SignInHistory.Entry?) -> JSONValue { entry.map { .string($0.id) } ?? .null }
    return .object([
      ("lastSignInDateTime", time(interactive)), ("lastSignInRequestId", id(interactive)),
      ("lastNonInteractiveSignInDateTime", time(nonInteractive)),
      ("lastNonInteractiveSignInRequestId", id(nonInteractive)),
      ("lastSuccessfulSignInDateTime", time(success)), ("lastSuccessfulSignInRequestId", id(success)),
    ])
  }
}

extension Date {
  /// Whole seconds, as Graph writes these instants.
  var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
