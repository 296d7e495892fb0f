import Foundation

/// The pane's Account section (issue 33): shown on a key, for the person in the pane, only to a
/// sign-in whose scopes allow at least one part. Kept per person for the session and never
/// written to the local index.
public struct HealthState: Equatable, Sendable {
  /// The person whose Account section is open; nil when it is closed.
  public var shownFor: String?
  /// What was read, by person id.
  public var byPerson: [String: HealthReport] = [:]
  /// The read in flight, if any (a newer request drops an older answer).
  public var requestID = 0
  public var pendingPersonID: String?

  public init() {}

  /// Recent failed sign-ins shown in the pane; `roster signins` lists more.
  public static let paneSignIns = 5
}

/// One person's account section: the parts, and their recent failed sign-ins.
public struct HealthReport: Equatable, Sendable {
  public var health: AccountHealth
  public var failedSignIns: HealthOutcome<[SignInLogEntry]>
  /// The person's directory roles (issue 43); not asked without a role-reading permission.
  public var roles: HealthOutcome<PersonRoles> = .notAsked

  public init(health: AccountHealth, failedSignIns: HealthOutcome<[SignInLogEntry]> = .notAsked) {
    self.health = health
    self.failedSignIns = failedSignIns
  }
}

/// The Account section's events.
public enum HealthAction: Equatable, Sendable {
  /// The key was pressed on the pane's person: open (and read) or close the section.
  case toggled
  /// The read `id` for `personID` came back.
  case loaded(id: Int, personID: String, HealthReport)
}

extension AppState {
  /// Whether the Account section is offered at all: only when the token holds the permissions
  /// of at least one part, so someone browsing colleagues never sees the key or an error.
  public var mayAskHealth: Bool {
    let scopes = account?.grantedScopes ?? []
    return HealthPart.allCases.contains { $0.requirement.isGranted(by: scopes) }
  }
}
