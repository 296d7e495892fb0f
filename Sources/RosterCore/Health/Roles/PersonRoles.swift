import Foundation

/// The directory roles one person holds, for the pane's Account section (issue 43): read in the
/// same load as the health report, by `RolesClient` (Graph target), and worded here so the pane
/// and its tests share the words with `roster show --roles`.
public struct PersonRoles: Sendable, Equatable {
  /// How the person holds a role: directly, through a group that holds it, or eligible (PIM).
  public enum How: Sendable, Equatable {
    case direct
    case throughGroup(CleanText)
    /// Eligible until the date; nil: permanently eligible.
    case eligible(until: Date?)
  }

  public struct Role: Sendable, Equatable {
    public var name: CleanText
    public var how: How

    public init(name: CleanText, how: How) {
      self.name = name
      self.how = how
    }
  }

  public var roles: [Role]
  /// The client's sentence for each part Graph refused (no P2 for eligibility, a missing role).
  public var refusals: [String]

  public init(roles: [Role], refusals: [String] = []) {
    self.roles = roles
    self.refusals = refusals
  }

  /// Any one of these lets the sign-in read role assignments (rbacapplication-list-roleassignments'
  /// permission table); without one the roles are never asked, so a colleague-browsing user sees
  /// nothing new.
  public static let readPermissions = ["RoleManagement.Read.Directory", "Directory.Read.All"]

  /// Whether a token holding `scopes` may ask (the scope's last path part, case-insensitive).
  public static func mayAsk(scopes: [String]) -> Bool {
    let held = Set(scopes.map(Account.permission(of:)))
    return readPermissions.contains { held.contains($0.lowercased()) }
  }

  /// The Roles part's lines, each with whether it reads muted (a refusal or failure); none when
  /// the roles were not asked.
  public static func lines(_ outcome: HealthOutcome<PersonRoles>) -> [(text: String, muted: Bool)] {
    switch outcome {
    case .notAsked, .lacking:
      return []
    case .refused(let text):
      return [("Roles:", false), ("  " + text, true)]
    case .failed:
      return [("Roles: could not be read", true)]
    case .loaded(let found):
      if found.roles.isEmpty, found.refusals.isEmpty { return [("Roles: none", false)] }
      return [("Roles:", false)] + found.roles.map { ("  " + line($0), false) }
        + found.refusals.map { ("  " + $0, true) }
    }
  }

  /// "Global Administrator — direct", "Helpdesk Administrator — through group Alerts RED Channel",
  /// "Global Administrator — eligible until 2027-01-01", "… — eligible (permanent)".
  public static func line(_ role: Role) -> String {
    let how =
      switch role.how {
      case .direct: "direct"
      case .throughGroup(let group): "through group \(group.string)"
      case .eligible(let until?): "eligible until \(HealthText.utc(until).prefix(10))"
      case .eligible(nil): "eligible (permanent)"
      }
    return role.name.string + " — " + how
  }
}
