import Foundation
import Hummingbird
import SandboxDirectory

/// `/me/memberOf`, `/me/transitiveMemberOf`, `/users/{id}/…` and `/groups/{id}/…` of the same,
/// with the `/microsoft.graph.group` cast and `/$count`.
///
/// Permissions as Graph documents them: one's own memberships need only `User.Read`; another
/// user's need `User.Read.All` or a group permission. The groups come back whole only to a token
/// that may read groups (`GroupMember.Read.All`…); otherwise each is only `@odata.type` and `id`.
/// Someone else's hidden-membership groups are left out without `Member.Read.Hidden`.
/// `$search` (displayName) and `$filter` run as on `/groups`, with `ConsistencyLevel: eventual`.
extension GraphEndpoints {
  func memberships(
    of object: DirectoryObjectRef, path: [String], isSelf: Bool, request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    switch object {
    case .user:
      guard isSelf ? caller.canReadSelf || caller.canReadGroups : caller.canReadOthersMemberships else {
        throw .accessDenied
      }
    default: guard caller.canReadGroups else { throw .accessDenied }
    }
    let directory = tenant.directory
    let transitive = path[0].lowercased() == "transitivememberof"
    var rest = Array(path.dropFirst())
    var cast = false
    if let first = rest.first, first.lowercased().hasPrefix("microsoft.graph.") {
      guard first.lowercased() == "microsoft.graph.group" else {
        // The sandbox has no directory roles or administrative units: those casts are empty.
        guard ["microsoft.graph.directoryrole", "microsoft.graph.administrativeunit"].contains(first.lowercased())
        else {
          throw GraphError(
            status: 400, code: "Request_UnsupportedQuery",
            message: "The type '\(first)' is not a member type of this relationship.")
        }
        return try directoryObjectPage([], context: "directoryObjects", request: request, caller: caller)
      }
      cast = true
      rest.removeFirst()
    }
    let counting = rest.first?.lowercased() == "$count"
    if counting { rest.removeFirst() }
    guard rest.isEmpty else { throw .badSegment(rest[0]) }
    var groups = transitive ? directory.transitiveMemberOf(object) : directory.memberOf(object)
    if !isSelf { groups.removeAll { !caller.canReadMembers(ofGroup: $0, in: directory) } }
    let query = userListQuery(request)
    if query.search != nil || query.filter != nil || query.orderby != nil {
      var listQuery = query
      listQuery.select = nil
      let matching: [Int]
      do { matching = try directory.listGroups(listQuery) } catch { throw GraphError(error) }
      if query.orderby != nil {
        let mine = Set(groups)
        groups = matching.filter(mine.contains)
      } else {
        let allowed = Set(matching)
        groups = groups.filter(allowed.contains)
      }
    }
    if counting {
      guard query.consistencyLevelEventual else { throw Self.countNeedsEventual }
      return plainCount(groups.count, request)
    }
    return try directoryObjectPage(
      groups.map { .group(Int32($0)) }, context: cast ? "groups" : "directoryObjects", request: request, caller: caller)
  }
}

/// `$count` must be true or false, as on `/users`.
enum UserQueryEngineFlag {
  static func count(_ value: String?) throws(GraphQueryError) -> Bool {
    guard let value else { return false }
    switch value.lowercased() {
    case "true": return true
    case "false": return false
    default: throw GraphQueryError(status: 400, code: "BadRequest", message: "'\(value)' is not a valid count option.")
    }
  }
}
