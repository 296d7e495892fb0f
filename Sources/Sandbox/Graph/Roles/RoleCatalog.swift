import Foundation

/// The built-in Microsoft Entra roles the sandbox's tenant uses, with their real template ids
/// (permissions-reference, "All roles"): a built-in role definition's `id` is its `templateId`
/// (unifiedroledefinition resource), so a client can ask for a role by the id it knows.
enum RoleCatalog {
  struct Role: Sendable {
    var id: String
    var displayName: String
    var description: String
    var isPrivileged: Bool
  }

  static let globalAdministrator = "62e90394-69f5-4237-9190-012177145e10"
  static let userAdministrator = "fe930be7-5e62-47db-91af-98c3a49a38b1"
  static let helpdeskAdministrator = "729827e3-9c14-49f7-bb1b-9608f156bbb8"
  static let groupsAdministrator = "fdd7a751-b60b-444a-984c-02652fe8fa1c"
  static let authenticationAdministrator = "c4e39bd9-1100-46d3-8c65-fb160da0071f"
  static let privilegedAuthenticationAdministrator = "7be44c8a-adaf-4e2a-84d6-ab2649e08a13"
  static let reportsReader = "4a5d8f65-41da-4de4-8968-e035b65339cf"
  static let globalReader = "f2ef992c-3afb-46b9-b7cf-a126ee74c451"
  static let securityReader = "5d6b6bb7-de71-4623-b4af-96380a352509"
  static let privilegedRoleAdministrator = "e8611ab8-c189-46e8-94e1-60213ab1f814"
  static let directoryReaders = "88d8e3e3-8f55-4a1e-953a-9b9898b8876b"

  /// In the order `roleDefinitions` lists them (Graph lists by display name).
  static let roles: [Role] = [
    Role(
      id: authenticationAdministrator, displayName: "Authentication Administrator",
      description: "Can access to view, set and reset authentication method information for any non-admin user.",
      isPrivileged: true),
    Role(
      id: globalAdministrator, displayName: "Global Administrator",
      description:
        "Can manage all aspects of Microsoft Entra ID and Microsoft services that use Microsoft Entra identities.",
      isPrivileged: true),
    Role(
      id: globalReader, displayName: "Global Reader",
      description: "Can read everything that a Global Administrator can, but not update anything.", isPrivileged: true
    ),
    Role(
      id: groupsAdministrator, displayName: "Groups Administrator",
      description:
        "Members of this role can create/manage groups, create/manage groups settings like naming and expiration "
        + "policies, and view groups activity and audit reports.", isPrivileged: false),
    Role(
      id: helpdeskAdministrator, displayName: "Helpdesk Administrator",
      description: "Can reset passwords for non-administrators and Helpdesk Administrators.", isPrivileged: true),
    Role(
      id: privilegedAuthenticationAdministrator, displayName: "Privileged Authentication Administrator",
      description:
        "Can access to view, set and reset authentication method information for any user (admin or non-admin).",
      isPrivileged: true),
    Role(
      id: reportsReader, displayName: "Reports Reader", description: "Can read sign-in and audit reports.",
      isPrivileged: false),
    Role(
      id: securityReader, displayName: "Security Reader",
      description: "Can read security information and reports in Microsoft Entra ID and Office 365.",
      isPrivileged: true),
    Role(
      id: userAdministrator, displayName: "User Administrator",
      description: "Can manage all aspects of users and groups, including resetting passwords for limited admins.",
      isPrivileged: true),
  ]

  static func role(id: String) -> Role? { roles.first { $0.id.lowercased() == id.lowercased() } }

  /// Roles that may list role assignments (rbacapplication-list-roleassignments: Directory
  /// Readers, Global Reader, Privileged Role Administrator are the least privileged; Global
  /// Administrator holds them all).
  static let assignmentReaders: Set<String> = [
    directoryReaders, globalReader, privilegedRoleAdministrator, globalAdministrator,
  ]

  /// Roles that may list eligibility instances (rbacapplication-list-roleeligibilityscheduleinstances:
  /// Global Reader, Security Operator, Security Reader, Security Administrator, Privileged Role
  /// Administrator; Global Administrator above them).
  static let eligibilityReaders: Set<String> = [
    globalReader, securityReader, privilegedRoleAdministrator, globalAdministrator,
    "5f2222b1-57c3-48ba-8ad5-d4759f1fde6f", "194ae4cb-b126-40b2-bd5b-6091b380977d",
  ]
}
