import Foundation
import SandboxDirectory

/// One active role assignment or PIM eligibility in the sandbox's tenant.
struct RoleGrant: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case active
    /// Eligible from `start` until `end` (nil: permanently eligible).
    case eligible(start: Date, end: Date?)
  }

  var roleId: String
  var principal: DirectoryObjectRef
  var principalId: String
  var kind: Kind

  /// Graph's assignment ids are the role definition's and the principal's GUID bytes, each
  /// base64url without padding, then `-1` (the ids in rbacapplication-list-roleassignments'
  /// examples decode so) [observed].
  var id: String { Self.base64url(roleId) + Self.base64url(principalId) + "-1" }

  static func base64url(_ guid: String) -> String {
    guard let uuid = UUID(uuidString: guid) else { return guid.replacingOccurrences(of: "-", with: "") }
    let b = uuid.uuid
    // .NET's GUID byte order: the first three fields little-endian.
    let bytes: [UInt8] = [
      b.3, b.2, b.1, b.0, b.5, b.4, b.7, b.6, b.8, b.9, b.10, b.11, b.12, b.13, b.14, b.15,
    ]
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}

/// Who holds which directory role in the generated tenant, derived from the directory, the seed
/// and the day, so every request (and every page) sees the same answer:
/// - the reports-role holders (`reportsReaders`, by default the signed-in default user) hold
///   Reports Reader and Global Reader directly, which is what lets them read reports and roles;
/// - a handful of enabled members hold Global, User, Helpdesk and Groups Administrator directly;
/// - one assigned security group holds Helpdesk Administrator, so its members hold it through the group;
/// - the first enterprise app holds Security Reader;
/// - PIM eligibilities: some until a date 14–60 days ahead, some permanent.
enum RoleGrants {
  static func grants(directory: Directory, seed: UInt64, readers: Set<String>?, now: Date) -> [RoleGrant] {
    var grants: [RoleGrant] = []
    func user(_ user: DirectoryUser, _ role: String, _ kind: RoleGrant.Kind = .active) {
      guard let index = directory.userIndex(id: user.id) else { return }
      grants.append(RoleGrant(roleId: role, principal: .user(Int32(index)), principalId: user.id, kind: kind))
    }
    let readerIds = readers ?? [directory.defaultUser.id]
    for id in readerIds.sorted() {
      guard let reader = directory.user(idOrUPN: id) else { continue }
      user(reader, RoleCatalog.reportsReader)
      user(reader, RoleCatalog.globalReader)
    }
    let people = admins(directory: directory, seed: seed, excluding: readerIds.union([directory.defaultUser.id]))
    func person(_ index: Int, _ role: String, _ kind: RoleGrant.Kind = .active) {
      if index < people.count { user(people[index], role, kind) }
    }
    person(0, RoleCatalog.globalAdministrator)
    person(1, RoleCatalog.globalAdministrator)
    person(2, RoleCatalog.userAdministrator)
    person(3, RoleCatalog.helpdeskAdministrator)
    person(4, RoleCatalog.groupsAdministrator)
    person(5, RoleCatalog.securityReader)
    if let index = roleGroup(directory) {
      grants.append(
        RoleGrant(
          roleId: RoleCatalog.helpdeskAdministrator, principal: .group(Int32(index)),
          principalId: directory.groups[index].id, kind: .active))
    }
    if let principal = directory.servicePrincipals.first {
      grants.append(
        RoleGrant(
          roleId: RoleCatalog.securityReader, principal: .servicePrincipal(0), principalId: principal.id, kind: .active)
      )
    }
    // Eligibility starts and ends on whole days, so a day's requests all agree.
    let day = floor(now.timeIntervalSince1970 / 86_400) * 86_400
    func days(_ count: Double) -> Date { Date(timeIntervalSince1970: day + count * 86_400) }
    person(6, RoleCatalog.globalAdministrator, .eligible(start: days(-40), end: days(30)))
    person(7, RoleCatalog.privilegedAuthenticationAdministrator, .eligible(start: days(-10), end: days(14)))
    person(8, RoleCatalog.authenticationAdministrator, .eligible(start: days(-200), end: nil))
    person(1, RoleCatalog.authenticationAdministrator, .eligible(start: days(-5), end: days(60)))
    person(4, RoleCatalog.groupsAdministrator, .eligible(start: days(-90), end: nil))
    return grants
  }

  /// Up to nine enabled members (no guests, no room mailboxes, none of `excluded`), walking the
  /// directory from a seeded place so a larger tenant does not read every person.
  static func admins(directory: Directory, seed: UInt64, excluding excluded: Set<String>) -> [DirectoryUser] {
    let users = directory.users
    guard !users.isEmpty else { return [] }
    var random = SeededRandom(seed: seed ^ 0x0A0D_1105)
    let start = Int(random.next() % UInt64(users.count))
    var found: [DirectoryUser] = []
    for step in 0..<min(users.count, 2_000) {
      let candidate = users[(start + step * 7) % users.count]
      guard candidate.accountEnabled, candidate.userType != "Guest", !excluded.contains(candidate.id),
        !(candidate.displayName ?? "").contains("Room"), !found.contains(where: { $0.id == candidate.id })
      else { continue }
      found.append(candidate)
      if found.count == 9 { break }
    }
    return found
  }

  /// The group that holds a role: the first assigned (not dynamic, not Microsoft 365) security
  /// group whose members are people, 2 to 50 of them. Graph lets only a group created role-assignable
  /// hold a role; the sandbox renders this one's `isAssignableToRole` true where it is a principal.
  static func roleGroup(_ directory: Directory) -> Int? {
    directory.groups.firstIndex { group in
      group.securityEnabled && group.groupTypes.isEmpty && group.membershipRule == nil
        && group.visibility != "HiddenMembership" && (2...50).contains(group.members.userRange.count)
        && group.members.others.isEmpty
    }
  }
}
