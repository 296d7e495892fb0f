import Foundation
import Hummingbird
import SandboxDirectory

/// `/groups/{id}/members`, `/transitiveMembers` and `/owners`, with the OData casts
/// (`/microsoft.graph.user`, `…group`, `…device`, `…servicePrincipal`), `/$count`
/// (`ConsistencyLevel: eventual`), `$select`, `$top` and `@odata.nextLink` paging.
///
/// Hidden-membership groups show their members to their owners and members and to holders of
/// `Member.Read.Hidden` (403 to anyone else, so a client can say so rather than show an empty
/// list); nested hidden groups the caller may not open are listed but not opened. v1.0's `/members` leaves service principals out (Graph's documented known issue);
/// `$count`, `transitiveMembers` and `$expand=members` include them.
extension GraphEndpoints {
  func groupMembers(
    _ index: Int, path: [String], directory: Directory, request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    let relation = path[0].lowercased()
    var rest = Array(path.dropFirst())
    var cast: String?
    if let first = rest.first, first.lowercased().hasPrefix("microsoft.graph.") {
      cast = "#" + first.lowercased().replacingOccurrences(of: "serviceprincipal", with: "servicePrincipal")
      guard Self.castTypes.contains(cast!) else {
        throw GraphError(
          status: 400, code: "Request_UnsupportedQuery",
          message: "The type '\(first)' is not a member type of this relationship.")
      }
      rest.removeFirst()
    }
    let counting = rest.first?.lowercased() == "$count"
    if counting { rest.removeFirst() }
    guard rest.isEmpty else { throw .badSegment(rest[0]) }
    if relation != "owners", !caller.canReadMembers(ofGroup: index, in: directory) { throw Self.hiddenMembership }
    var objects: [DirectoryObjectRef]
    switch relation {
    case "owners": objects = directory.groups[index].owners
    case "transitivemembers":
      objects = directory.transitiveMembers(ofGroup: index)
      if !caller.canReadHiddenMembers {
        objects = transitiveSkippingHidden(index, directory: directory, caller: caller)
      }
    default:
      let direct = directory.members(ofGroup: index)
      objects = (0..<direct.count).lazy.map { direct[$0] }.filter {
        counting || { if case .servicePrincipal = $0 { false } else { true } }($0)
      }
    }
    if let cast { objects = objects.filter { $0.odataType == cast } }
    objects = try narrowed(objects, cast: cast, directory: directory, request: request)
    if counting {
      guard userListQuery(request).consistencyLevelEventual else { throw Self.countNeedsEventual }
      if relation == "members" && cast == nil { return plainCount(directory.members(ofGroup: index).count, request) }
      return plainCount(objects.count, request)
    }
    return try directoryObjectPage(
      objects, context: cast.map { "directoryObjects/\($0.dropFirst())" } ?? "directoryObjects", request: request,
      caller: caller)
  }

  /// `$search` and `$filter` on a member list, as an advanced query (`ConsistencyLevel: eventual`
  /// and `$count=true`, Graph's rule for directoryObject relationships): users are matched with
  /// the users' rules, groups with the groups'; with a cast only that kind is asked. Without a
  /// cast a `$filter` must make sense for both kinds. `$orderby` is refused.
  private func narrowed(
    _ objects: [DirectoryObjectRef], cast: String?, directory: Directory, request: IncomingRequest
  ) throws(GraphError) -> [DirectoryObjectRef] {
    var query = userListQuery(request)
    guard query.search != nil || query.filter != nil || query.orderby != nil else { return objects }
    guard query.orderby == nil else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "Sorting not supported for current query.")
    }
    guard query.consistencyLevelEventual, query.count?.lowercased() == "true" else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message:
          "$search and $filter on a relationship need the ConsistencyLevel header set to eventual and $count=true.")
    }
    query.select = nil
    var users = Set<String>()
    var groups = Set<Int>()
    do {
      if cast == nil || cast == "#microsoft.graph.user" { users = Set(try directory.list(query).map(\.id)) }
      if cast == nil || cast == "#microsoft.graph.group" { groups = Set(try directory.listGroups(query)) }
    } catch { throw GraphError(error) }
    return objects.filter { object in
      switch object {
      case .user: users.contains(directory.id(of: object))
      case .group(let index): groups.contains(Int(index))
      default: false
      }
    }
  }

  static let castTypes: Set<String> = [
    "#microsoft.graph.user", "#microsoft.graph.group", "#microsoft.graph.device", "#microsoft.graph.servicePrincipal",
  ]

  /// Transitive members without opening nested groups whose membership is hidden.
  private func transitiveSkippingHidden(
    _ index: Int, directory: Directory, caller: GraphCaller
  ) -> [DirectoryObjectRef] {
    var seen = Set<DirectoryObjectRef>()
    var visited: Set<Int> = [index]
    var queue = [index]
    var head = 0
    var result: [DirectoryObjectRef] = []
    while head < queue.count {
      let members = directory.members(ofGroup: queue[head])
      head += 1
      for offset in 0..<members.count {
        let member = members[offset]
        if member != .group(Int32(index)), seen.insert(member).inserted { result.append(member) }
        if case .group(let child) = member, caller.canReadMembers(ofGroup: Int(child), in: directory),
          visited.insert(Int(child)).inserted
        {
          queue.append(Int(child))
        }
      }
    }
    return result
  }

  /// One page of a directoryObject collection: `$top` (1…999, default 100), `$skiptoken`,
  /// `@odata.count` with `$count=true` and `ConsistencyLevel: eventual`.
  func directoryObjectPage(
    _ objects: [DirectoryObjectRef], context: String, request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    let query = request.query
    let top = try pageSize(query["$top"])
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    do { _ = try UserQueryEngineFlag.count(query["$count"]) } catch { throw GraphError(error) }
    let renderer = DirectoryObjectRenderer(directory: tenant.directory, caller: caller, select: query["$select"])
    let page = objects.dropFirst(offset).prefix(top)
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#\(context)"))]
    if offset == 0, query["$count"]?.lowercased() == "true", userListQuery(request).consistencyLevelEventual {
      body.append(("@odata.count", .int(objects.count)))
    }
    if offset + page.count < objects.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page.map(renderer.render))))
    return ok(.object(body), request)
  }
}
