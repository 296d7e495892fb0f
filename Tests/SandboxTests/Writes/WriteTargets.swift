import Foundation
import SandboxDirectory

@testable import Sandbox

/// The people and groups of the 50-person test tenant (seed 1) each write rule needs, found the way
/// the sandbox decides them: roles from `RoleGrants`, sync and invitation state from `AccountFacts`.
struct WriteTargets {
  static let small = Directory.generated(seed: 1, size: 50)
  static let now = Date()

  let directory: Directory
  var operatorUser: DirectoryUser { directory.defaultUser }
  /// Enabled members the sandbox makes administrators (`RoleGrants.admins`): 0 and 1 are Global
  /// Administrators, 3 a Helpdesk Administrator.
  let admins: [DirectoryUser]
  /// An enabled cloud-only member with no role and in no role group.
  let plain: DirectoryUser
  /// A second such person (a different target for tests that change the first).
  let otherPlain: DirectoryUser
  let synced: DirectoryUser
  let pendingGuest: DirectoryUser
  let acceptedGuest: DirectoryUser
  let normalGroup: DirectoryGroup
  let dynamicGroup: DirectoryGroup
  let syncedGroup: DirectoryGroup

  var globalAdmin: DirectoryUser { admins[0] }
  var helpdesk: DirectoryUser { admins[3] }

  /// The targets in `directory` (the 50-person test tenant unless given).
  init(_ directory: Directory = WriteTargets.small) throws {
    self.directory = directory
    let admins = RoleGrants.admins(directory: directory, seed: 1, excluding: [directory.defaultUser.id])
    self.admins = admins
    let roleGroupMembers: Set<String> =
      RoleGrants.roleGroup(directory).map { index in
        let members = directory.members(ofGroup: index)
        return Set((0..<members.count).map { directory.id(of: members[$0]) })
      } ?? []
    func facts(_ user: DirectoryUser) -> AccountFacts { AccountFacts(user: user, seed: 1, now: Self.now) }
    let candidates = directory.users.filter { user in
      user.id != directory.defaultUser.id && user.accountEnabled && user.userType != "Guest"
        && !admins.prefix(9).contains(where: { $0.id == user.id }) && !roleGroupMembers.contains(user.id)
    }
    let cloud = candidates.filter { facts($0).onPremisesSyncEnabled == nil }
    guard cloud.count >= 2, let synced = candidates.first(where: { facts($0).onPremisesSyncEnabled == true }),
      let pending = directory.users.first(where: {
        facts($0).externalUserState == "PendingAcceptance" && $0.mail != nil
      }),
      let accepted = directory.users.first(where: { facts($0).externalUserState == "Accepted" && $0.mail != nil })
    else { throw WriteTargetsError("the test tenant lacks a person a write test needs") }
    plain = cloud[0]
    otherPlain = cloud[1]
    self.synced = synced
    pendingGuest = pending
    acceptedGuest = accepted
    let groups = Array(directory.groups.enumerated())
    let roleGroup = RoleGrants.roleGroup(directory)
    guard
      let normal = groups.first(where: { index, group in
        !group.isDynamic && index != roleGroup && !GraphEndpoints.isSynced(group: index, in: directory, seed: 1)
          && !group.hidesMembership
          && [cloud[0], cloud[1]].allSatisfy { person in
            !group.members.contains(.user(Int32(directory.userIndex(id: person.id) ?? 0)))
          }
      })?.element,
      let dynamic = groups.first(where: { $0.element.isDynamic })?.element,
      let syncedGroup = groups.first(where: { GraphEndpoints.isSynced(group: $0.offset, in: directory, seed: 1) })?
        .element
    else { throw WriteTargetsError("the test tenant lacks a group a write test needs") }
    normalGroup = normal
    dynamicGroup = dynamic
    self.syncedGroup = syncedGroup
  }
}

struct WriteTargetsError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
