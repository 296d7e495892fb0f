import Foundation
import Hummingbird
import SandboxDirectory

/// `POST /groups/{id}/members/$ref` with `{"@odata.id": ".../directoryObjects/{id}"}`
/// (group-post-members) and `DELETE /groups/{id}/members/{id}/$ref` (group-delete-members):
/// GroupMember.ReadWrite.All (or Group.ReadWrite.All, Directory.ReadWrite.All); Groups or User
/// Administrator, Global Administrator or an owner of the group, and for the role-assignable group
/// Privileged Role Administrator or Global Administrator; 204. A dynamic group's rule decides its
/// members and a synced group is mastered on premises (400 each); adding a member twice is Graph's
/// 400 "One or more added object references already exist…"; removing a non-member its 404.
extension GraphEndpoints {
  static let memberWritePermissions: Set<String> = [
    "GroupMember.ReadWrite.All", "Group.ReadWrite.All", "Directory.ReadWrite.All",
  ]

  static let dynamicGroup = GraphError(
    status: 400, code: "Request_BadRequest",
    message: "Members of a group with dynamic membership cannot be added or removed; its membershipRule decides them.")
  static let alreadyMember = GraphError(
    status: 400, code: "Request_BadRequest",
    message: "One or more added object references already exist for the following modified properties: 'members'.")

  func changeMembers(_ path: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard !caller.permissions.isDisjoint(with: Self.memberWritePermissions) else { throw .accessDenied }
    let directory = tenant.directory
    let groupId = Self.unwrapKey(path[1])
    guard let index = directory.groupIndex(idOrNickname: groupId),
      directory.groups[index].id.lowercased() == groupId.lowercased()
    else { throw .notFound(groupId) }
    let group = directory.groups[index]
    let adding = request.method == "POST"
    let memberId = adding ? try Self.referencedId(request) : path[3]
    guard let member = directory.object(id: memberId) else { throw .notFound(memberId) }
    try checkGroupRole(index, caller: caller)
    if group.isDynamic { throw Self.dynamicGroup }
    if groupIsSynced(index) { throw Self.syncedObject }
    let isMember = directory.members(ofGroup: index).contains(member)
    if adding && isMember { throw Self.alreadyMember }
    if !adding && !isMember { throw .notFound(memberId) }
    let edit: GroupEdit =
      adding
      ? .addMember(groupId: group.id, memberId: directory.id(of: member))
      : .removeMember(groupId: group.id, memberId: directory.id(of: member))
    do { try tenant.history.apply(groupEdits: [edit]) } catch {
      throw GraphError(status: 400, code: "Request_BadRequest", message: error.description)
    }
    audit(adding ? .addMember : .removeMember, by: caller, on: [memberTarget(member), groupTarget(group)])
    return noContent(request)
  }

  /// The id at the end of `@odata.id` (`…/directoryObjects/{id}`, also `…/users/{id}`).
  static func referencedId(_ request: IncomingRequest) throws(GraphError) -> String {
    let body = try jsonObject(request)
    guard case .string(let reference)? = body.first(where: { $0.0 == "@odata.id" })?.1,
      let last = reference.split(separator: "/").last, reference.contains("/")
    else {
      throw GraphError(
        status: 400, code: "Request_BadRequest",
        message: "Invalid object identifier '\(body.first(where: { $0.0 == "@odata.id" }).map { "\($0.1)" } ?? "")'.")
    }
    return unwrapKey(String(last))
  }

  private func checkGroupRole(_ index: Int, caller: GraphCaller) throws(GraphError) {
    let directory = tenant.directory
    let grants = roleGrants()
    let roles = activeRoles(of: caller.user.id, grants: grants)
    if index == RoleGrants.roleGroup(directory) {
      guard !roles.isDisjoint(with: WriteRoleRules.roleAssignableGroupActors) else { throw .accessDenied }
      return
    }
    if WriteRoleRules.allows(.groupMembers, callerRoles: roles, targetRoles: []) { return }
    let callerRef = directory.userIndex(id: caller.user.id).map { DirectoryObjectRef.user(Int32($0)) }
    guard let callerRef, directory.groups[index].owners.contains(callerRef) else { throw .accessDenied }
  }

  /// Groups synced from on-premises AD: one assigned security group in five (not Microsoft 365,
  /// not dynamic, not the role-assignable one), fixed by the group's id and the seed.
  func groupIsSynced(_ index: Int) -> Bool {
    Self.isSynced(group: index, in: tenant.directory, seed: tenant.configuration.seed)
  }

  static func isSynced(group index: Int, in directory: Directory, seed: UInt64) -> Bool {
    let group = directory.groups[index]
    guard group.securityEnabled, !group.isUnified, !group.isDynamic, index != RoleGrants.roleGroup(directory) else {
      return false
    }
    return (SignInHistory.fnv(group.id + "/synced") ^ seed) % 5 == 0
  }

  /// A rendered group with `onPremisesSyncEnabled` true where it is synced (when selected).
  func withSyncState(_ members: [(String, JSONValue)], index: Int) -> [(String, JSONValue)] {
    guard members.contains(where: { $0.0 == "onPremisesSyncEnabled" }), groupIsSynced(index) else { return members }
    return members.map { $0.0 == "onPremisesSyncEnabled" ? ($0.0, .bool(true)) : $0 }
  }

  private func memberTarget(_ member: DirectoryObjectRef) -> WriteAudit.Target {
    let directory = tenant.directory
    if case .user(let index) = member { return WriteAudit.user(directory.users[Int(index)]) }
    let type = String(member.odataType.dropFirst("#microsoft.graph.".count))
    return WriteAudit.Target(id: directory.id(of: member), displayName: nil, type: type.capitalized)
  }

  private func groupTarget(_ group: DirectoryGroup) -> WriteAudit.Target {
    WriteAudit.Target(id: group.id, displayName: group.displayName, type: "Group")
  }
}
