import Foundation
import RosterCore

extension GraphGroups {
  /// Owners listed at most: Graph allows 100 owners per group, one page holds them all.
  static let ownerPageSize = 100

  /// The group by id, mail, mail nickname or exact display name, with its owners and its member
  /// counts (`/members/$count`, `/transitiveMembers/$count`), the three asked at once. A group
  /// whose members the token may not list says why (`membersProblem`) instead of counting none.
  func groupDetail(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> GroupDetail
  {
    var group = try await findGroup(key, onRetry: onRetry)
    let id = group.id
    let path = Self.groupPath(id)
    async let direct = count(path + "/members", onRetry: onRetry)
    async let transitive = count(path + "/transitiveMembers", onRetry: onRetry)
    async let ownerList = owners(of: id, onRetry: onRetry)
    group.memberCount = await direct
    let transitiveCount = await transitive
    let owners = await ownerList
    var problem: GroupPermissionNeed?
    if group.memberCount == nil {
      problem = await membersProblem(group, onRetry: onRetry)
    }
    return GroupDetail(
      group: group, owners: owners.objects, transitiveMemberCount: transitiveCount,
      membersProblem: problem ?? owners.problem)
  }

  /// Why a group's members cannot be counted, when it is a permission: asks for one member.
  private func membersProblem(_ group: Group, onRetry: @escaping @Sendable (RetryNotice) -> Void) async
    -> GroupPermissionNeed?
  {
    do {
      _ = try await get(
        Self.groupPath(group.id) + "/members" + Self.query([("$select", "id"), ("$top", "1")]), advanced: false,
        onRetry: onRetry)
      return nil
    } catch {
      return GroupPermissionNeed(error)
    }
  }

  /// The owners (first page; a group has at most 100), or the permission that hides them.
  private func owners(of id: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async
    -> (objects: [DirectoryObject], problem: GroupPermissionNeed?)
  {
    let options = [
      ("$select", GroupDecoding.memberFields.joined(separator: ",")), ("$top", String(Self.ownerPageSize)),
    ]
    do {
      let body = try await get(Self.groupPath(id) + "/owners" + Self.query(options), advanced: false, onRetry: onRetry)
      let listed = try GroupDecoding.page(from: body).objects.filter { object in
        object.person.map { !$0.isHiddenFromAddressList } ?? true
      }
      return (listed, nil)
    } catch {
      return ([], GroupPermissionNeed(error))
    }
  }

  /// `GET /groups/{id}` for an id; else the group whose mail (for an address), mail nickname or
  /// display name is exactly `key` (`$filter … eq`, case-insensitive as Graph compares).
  func findGroup(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> Group
  {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .notFound }
    let select = ("$select", GroupDecoding.fields.joined(separator: ","))
    if UUID(uuidString: trimmed) != nil {
      let body = try await get(Self.groupPath(trimmed) + Self.query([select]), advanced: false, onRetry: onRetry)
      return try GroupDecoding.single(from: body)
    }
    let literal = ODataText.filterLiteral(trimmed)
    let properties = trimmed.contains("@") ? ["mail"] : ["mailNickname", "displayName"]
    for property in properties {
      let options = [("$filter", "\(property) eq \(literal)"), select, ("$top", "2")]
      let body = try await get("/groups" + Self.query(options), advanced: false, onRetry: onRetry)
      if let match = try GroupDecoding.page(from: body, assumed: .group).objects.compactMap(\.group).first {
        return match
      }
    }
    throw .notFound
  }
}
