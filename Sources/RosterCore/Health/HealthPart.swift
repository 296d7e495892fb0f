import Foundation

/// One part of a person's account health, each read by its own request so that one refusal (a
/// missing permission, role or licence) never blanks the others.
///
/// What each part needs comes from Graph's permission pages and the reference table in
/// `peers.md` ("Graph for account and sign-in health"); it is said with every refusal, because an
/// operator over SSH cannot see the portal that would tell them.
public enum HealthPart: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  case state
  case lastSignIn
  case mfa
  case licences
  case devices
  case signIns

  /// A short name, for the pane's headings, the CLI and `roster doctor`.
  public var title: String {
    switch self {
    case .state: return "Account state"
    case .lastSignIn: return "Last sign-in"
    case .mfa: return "MFA registration"
    case .licences: return "Licences"
    case .devices: return "Devices"
    case .signIns: return "Sign-in log"
    }
  }

  /// What the part needs: delegated permissions, the directory role that must also be held, and
  /// the tenant licence.
  public var requirement: HealthRequirement {
    switch self {
    case .state:
      return HealthRequirement(permissions: ["User.Read.All"])
    case .lastSignIn:
      return HealthRequirement(
        permissions: ["AuditLog.Read.All", "User.Read.All"], roles: HealthRequirement.reportRoles,
        licence: HealthRequirement.premium)
    case .mfa:
      return HealthRequirement(
        permissions: ["AuditLog.Read.All"], roles: ["Reports Reader", "Security Reader", "Security Administrator"],
        licence: HealthRequirement.premium)
    case .licences:
      return HealthRequirement(permissions: ["LicenseAssignment.Read.All"])
    case .devices:
      return HealthRequirement(permissions: ["User.Read.All"])
    case .signIns:
      return HealthRequirement(
        permissions: ["AuditLog.Read.All", "Directory.Read.All"], roles: HealthRequirement.reportRoles,
        licence: HealthRequirement.premium)
    }
  }
}

/// Permissions, directory role and licence one `HealthPart` needs.
public struct HealthRequirement: Sendable, Equatable {
  /// Every one of these delegated permissions (each needs an administrator's consent).
  public var permissions: [String]
  /// Any one of these directory roles, held by the signed-in person: with delegated tokens Graph
  /// checks the role as well as the permission.
  public var roles: [String]
  /// The tenant licence the data needs, when there is one.
  public var licence: String?

  public init(permissions: [String], roles: [String] = [], licence: String? = nil) {
    self.permissions = permissions
    self.roles = roles
    self.licence = licence
  }

  /// The roles signIn-list's permission page names for reading reports.
  public static let reportRoles = [
    "Reports Reader", "Security Reader", "Security Operator", "Security Administrator", "Global Reader",
  ]

  /// Sign-in activity, sign-in logs and the registration report need a premium tenant.
  public static let premium = "Microsoft Entra ID P1 (or P2)"

  /// Graph's 403 `Authentication_RequestFromNonPremiumTenantOrB2CTenant`, in plain words.
  public static let premiumRefusal =
    "Microsoft Graph refused this: it needs a Microsoft Entra ID P1 (or P2) licence in the tenant."

  /// The line a refusal shows: which permission, which role and which licence.
  public var explanation: String {
    var parts = ["needs " + permissions.joined(separator: " and ") + " (administrator consent)"]
    if !roles.isEmpty { parts.append("a directory role such as " + roles.joined(separator: ", ")) }
    if let licence { parts.append(licence + " in the tenant") }
    return parts.joined(separator: "; ")
  }

  /// Whether a token holding `scopes` may ask (the scope's last path part, case-insensitive;
  /// `Directory.Read.All` also reads users). Roles and licences show only in Graph's answer.
  public func isGranted(by scopes: [String]) -> Bool {
    missing(from: scopes).isEmpty
  }

  /// The permissions `scopes` lacks.
  public func missing(from scopes: [String]) -> [String] {
    let held = Set(scopes.map(Account.permission(of:)))
    return permissions.filter { permission in
      let name = permission.lowercased()
      if held.contains(name) { return false }
      if name == "user.read.all" { return !held.contains("directory.read.all") && !held.contains("user.readwrite.all") }
      // licenseDetails' page lists Directory.Read.All and User.Read.All as higher permissions.
      if name == "licenseassignment.read.all" {
        return !held.contains("directory.read.all") && !held.contains("user.read.all")
      }
      return true
    }
  }
}
