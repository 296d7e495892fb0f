import Foundation
import SandboxDirectory

/// Who may act on whom, as data: Microsoft's tables "Who can reset passwords" and "Who can perform
/// sensitive actions" (learn.microsoft.com/entra/identity/role-based-access-control/privileged-roles-permissions,
/// and permissions-reference for which role holds which action). A signed-in person may make a
/// write when one of their active roles may make it at all (`actors`) and, for a person as target,
/// that role reaches every active role the target holds (`reach`); Graph refuses otherwise with its
/// 403 `Authorization_RequestDenied`, the words of a missing permission.
enum WriteRoleRules {
  enum Action: Sendable, CaseIterable {
    /// `revokeSignInSessions`: microsoft.directory/users/invalidateAllRefreshTokens.
    case revokeSessions
    /// `accountEnabled`: microsoft.directory/users/disable and /enable.
    case enableDisable
    /// A Temporary Access Pass: microsoft.directory/users/authenticationMethods/create.
    case temporaryAccessPass
    /// `resetRedemption` on an invitation (invitation-post: Helpdesk or User Administrator).
    case resetRedemption
    /// Members of a group: microsoft.directory/groups/members/update (owners may too).
    case groupMembers
  }

  typealias Role = String

  static let global = RoleCatalog.globalAdministrator
  static let privilegedAuthentication = RoleCatalog.privilegedAuthenticationAdministrator
  static let user = RoleCatalog.userAdministrator
  static let helpdesk = RoleCatalog.helpdeskAdministrator
  static let authentication = RoleCatalog.authenticationAdministrator
  static let groups = RoleCatalog.groupsAdministrator
  static let password = "966707d0-3269-4727-9be2-8c3a10f19b9d"
  static let guestInviter = "95e79109-95c0-4d8e-aee3-d01accf2d47b"
  static let messageCenterReader = "790c1fb9-7f7d-4f88-86a1-ef1f95c05c1b"
  static let usageSummaryReportsReader = "75934031-6c7e-415a-99d7-48dbd49e875e"

  /// The roles that may make each write at all.
  static let actors: [Action: Set<Role>] = [
    .revokeSessions: [helpdesk, password, authentication, user, privilegedAuthentication, global],
    .enableDisable: [user, privilegedAuthentication, global],
    .temporaryAccessPass: [authentication, privilegedAuthentication, global],
    .resetRedemption: [helpdesk, user, global],
    .groupMembers: [groups, user, global],
  ]

  /// Target role → the roles that may act on a person holding it (the tables' rows). A person
  /// with no role is reachable by every actor; a role not listed ("all other roles", custom roles
  /// and every privileged one such as Global Administrator) only by these two:
  static let anyone: Set<Role> = [privilegedAuthentication, global]

  private static let everyAdmin: Set<Role> = [
    authentication, helpdesk, password, user, privilegedAuthentication, global,
  ]

  static let reach: [Role: Set<Role>] = [
    RoleCatalog.directoryReaders: everyAdmin, RoleCatalog.globalReader: everyAdmin, guestInviter: everyAdmin,
    messageCenterReader: everyAdmin, RoleCatalog.reportsReader: everyAdmin, usageSummaryReportsReader: everyAdmin,
    authentication: [authentication, privilegedAuthentication, global],
    groups: [user, privilegedAuthentication, global],
    helpdesk: [helpdesk, user, privilegedAuthentication, global],
    password: [helpdesk, password, user, privilegedAuthentication, global],
    user: [user, privilegedAuthentication, global],
  ]

  /// Role-assignable groups: only Privileged Role Administrator and Global Administrator change
  /// their members (group-post-members, "groups that can be assigned to Microsoft Entra roles").
  static let roleAssignableGroupActors: Set<Role> = [RoleCatalog.privilegedRoleAdministrator, global]

  /// Whether a person holding `callerRoles` may make `action` on a person holding `targetRoles`.
  static func allows(_ action: Action, callerRoles: Set<Role>, targetRoles: Set<Role>) -> Bool {
    let usable = callerRoles.intersection(actors[action] ?? [])
    return usable.contains { role in
      targetRoles.allSatisfy { (reach[$0] ?? anyone).contains(role) }
    }
  }
}

extension GraphEndpoints {
  /// The role template ids `userId` holds actively, directly or through a group (`RoleGrants`).
  func activeRoles(of userId: String, grants: [RoleGrant]) -> Set<String> {
    let directory = tenant.directory
    let ref = directory.userIndex(id: userId).map { DirectoryObjectRef.user(Int32($0)) }
    var roles = Set<String>()
    for grant in grants where grant.kind == .active {
      if grant.principalId == userId {
        roles.insert(grant.roleId)
      } else if case .group(let index) = grant.principal, let ref, directory.members(ofGroup: Int(index)).contains(ref)
      {
        roles.insert(grant.roleId)
      }
    }
    return roles
  }

  /// The configured operator roles as active grants of the default user (`operatorRoles`).
  func operatorGrants() -> [RoleGrant] {
    let directory = tenant.directory
    guard let index = directory.userIndex(id: directory.defaultUser.id) else { return [] }
    return tenant.configuration.operatorRoles.map {
      RoleGrant(roleId: $0, principal: .user(Int32(index)), principalId: directory.defaultUser.id, kind: .active)
    }
  }

  /// Graph's role check for a write by `caller` on `target` (nil: a write on no person).
  func checkRole(_ action: WriteRoleRules.Action, caller: GraphCaller, target: DirectoryUser?) throws(GraphError) {
    let grants = roleGrants()
    let callerRoles = activeRoles(of: caller.user.id, grants: grants)
    let targetRoles = target.map { activeRoles(of: $0.id, grants: grants) } ?? []
    guard WriteRoleRules.allows(action, callerRoles: callerRoles, targetRoles: targetRoles) else {
      throw .accessDenied
    }
  }
}
