import Foundation
import SandboxDirectory

@testable import Sandbox

/// The people and groups of the harness's 50-person tenant (seed 1) the fix commands act on, found
/// the way the sandbox decides them (roles from `RoleGrants`, sync and invitations from `AccountFacts`).
struct FixTargets {
  let plain: DirectoryUser
  let synced: DirectoryUser
  let globalAdmin: DirectoryUser
  let pendingGuest: DirectoryUser
  let acceptedGuest: DirectoryUser
  let normalGroup: DirectoryGroup
  let dynamicGroup: DirectoryGroup

  struct Missing: Error {}

  init() throws {
    let directory = Directory.generated(seed: 1, size: 50)
    let now = Date()
    let admins = RoleGrants.admins(directory: directory, seed: 1, excluding: [directory.defaultUser.id])
    let roleGroupMembers: Set<String> =
      RoleGrants.roleGroup(directory).map { index in
        let members = directory.members(ofGroup: index)
        return Set((0..<members.count).map { directory.id(of: members[$0]) })
      } ?? []
    func facts(_ user: DirectoryUser) -> AccountFacts { AccountFacts(user: user, seed: 1, now: now) }
    let candidates = directory.users.filter { user in
      user.id != directory.defaultUser.id && user.accountEnabled && user.userType != "Guest"
        && !admins.prefix(9).contains(where: { $0.id == user.id }) && !roleGroupMembers.contains(user.id)
    }
    let roleGroup = RoleGrants.roleGroup(directory)
    let groups = Array(directory.groups.enumerated())
    guard let plain = candidates.first(where: { facts($0).onPremisesSyncEnabled == nil }),
      let synced = candidates.first(where: { facts($0).onPremisesSyncEnabled == true }),
      let admin = admins.first(where: { facts($0).onPremisesSyncEnabled == nil }),
      let pending = directory.users.first(where: {
        facts($0).externalUserState == "PendingAcceptance" && $0.mail != nil
      }),
      let accepted = directory.users.first(where: { facts($0).externalUserState == "Accepted" && $0.mail != nil }),
      let normal = groups.first(where: { index, group in
        let members = directory.members(ofGroup: index)
        return !group.isDynamic && index != roleGroup && !GraphEndpoints.isSynced(group: index, in: directory, seed: 1)
          && !group.hidesMembership && !(0..<members.count).contains { directory.id(of: members[$0]) == plain.id }
      })?.element,
      let dynamic = groups.first(where: { $0.element.isDynamic })?.element
    else { throw Missing() }
    self.plain = plain
    self.synced = synced
    globalAdmin = admin
    pendingGuest = pending
    acceptedGuest = accepted
    normalGroup = normal
    dynamicGroup = dynamic
  }
}
