import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /groups` (list, `$count`, one group with `$expand=members`) and the routing of a group's
/// relationships (`GraphEndpoints+GroupMembers`, `+MemberOf`, `+GroupDelta`). Every group read
/// needs `GroupMember.Read.All` or a permission that includes it (Graph's group pages).
extension GraphEndpoints {
  func groups(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadGroups else { throw .accessDenied }
    guard let key = rest.first else { return try listGroups(request, caller: caller) }
    let lowered = key.lowercased()
    if lowered == "$count" && rest.count == 1 { return try countGroups(request) }
    if ["delta", "microsoft.graph.delta", "delta()"].contains(lowered) && rest.count == 1 {
      return try groupDelta(request, caller: caller)
    }
    let directory = tenant.directory
    let id = Self.unwrapKey(key)
    guard let index = directory.groupIndex(idOrNickname: id), directory.groups[index].id.lowercased() == id.lowercased()
    else { throw .notFound(id) }
    let tail = Array(rest.dropFirst())
    switch tail.first?.lowercased() {
    case nil: return try group(index, request: request, caller: caller)
    case "members", "transitivemembers", "owners":
      return try groupMembers(index, path: tail, directory: directory, request: request, caller: caller)
    case "memberof", "transitivememberof":
      return try memberships(of: .group(Int32(index)), path: tail, isSelf: false, request: request, caller: caller)
    default: throw .badSegment(tail[0])
    }
  }

  private func listGroups(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let directory = tenant.directory
    let query = request.query
    let top = try pageSize(query["$top"])
    let properties = try selectedGroups(query["$select"])
    if query["$expand"] != nil { throw Self.expandOnlyOnOne }
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let matches: [Int]
    do { matches = try directory.listGroups(userListQuery(request)) } catch { throw GraphError(error) }
    let page = matches.dropFirst(offset).prefix(top)
    let selectList = query["$select"].map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#groups\(selectList)"))
    ]
    if offset == 0, query["$count"]?.lowercased() == "true", userListQuery(request).consistencyLevelEventual {
      body.append(("@odata.count", .int(matches.count)))
    }
    if offset + page.count < matches.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    // Synced groups say so when `onPremisesSyncEnabled` is selected (`Writes/+GroupMemberWrites`).
    body.append(
      (
        "value",
        .array(
          page.map { index in
            guard case .object(let members) = directory.render(group: directory.groups[index], properties: properties)
            else { return .null }
            return .object(withSyncState(members, index: index))
          })
      ))
    return ok(.object(body), request)
  }

  private func countGroups(_ request: IncomingRequest) throws(GraphError) -> Response {
    let listQuery = try countQuery(request)
    let count: Int
    do { count = try tenant.directory.listGroups(listQuery).count } catch { throw GraphError(error) }
    return plainCount(count, request)
  }

  /// One group; `$expand=members` embeds at most 20 members and no next link, as Graph does.
  private func group(_ index: Int, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let directory = tenant.directory
    let group = directory.groups[index]
    let properties = try selectedGroups(request.query["$select"])
    guard case .object(var members) = directory.render(group: group, properties: properties) else {
      throw .notFound(group.id)
    }
    members = withSyncState(members, index: index)
    if let expand = request.query["$expand"] {
      let expansion = Self.expansion(expand)
      guard expansion.name == "members" else { throw Self.expandOnlyMembers(expand) }
      guard caller.canReadMembers(ofGroup: index, in: directory) else { throw Self.hiddenMembership }
      // Graph does not run options nested in $expand on directory objects (known issue 13635): ignored.
      let renderer = DirectoryObjectRenderer(directory: directory, caller: caller, select: nil)
      let direct = directory.members(ofGroup: index)
      let shown = (0..<min(Self.expandLimit, direct.count)).map { renderer.render(direct[$0]) }
      members.append(("members", .array(shown)))
    }
    let context = ("@odata.context", JSONValue.string("\(request.base)/v1.0/$metadata#groups/$entity"))
    return ok(.object([context] + members), request)
  }

  /// Graph returns at most 20 objects for an expanded directoryObject relationship, without a link.
  static let expandLimit = 20

  func selectedGroups(_ select: String?) throws(GraphError) -> [String] {
    do { return try tenant.directory.selectedGroupProperties(select) } catch { throw GraphError(error) }
  }

  /// `members` or `members($select=id,displayName)`.
  static func expansion(_ text: String) -> (name: String, select: String?) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return (trimmed.lowercased(), nil) }
    let name = trimmed[..<open].lowercased()
    let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    let select = inner.split(separator: ";").first { $0.lowercased().hasPrefix("$select=") }.map {
      String($0.dropFirst("$select=".count))
    }
    return (name, select)
  }

  func plainCount(_ count: Int, _ request: IncomingRequest) -> Response {
    var headers = Self.headers(Self.requestIds(request))
    headers[.contentType] = "text/plain"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: String(count))))
  }

  static let hiddenMembership = GraphError(
    status: 403, code: "Authorization_RequestDenied",
    message: "Insufficient privileges to complete the operation. Reading the members of a group with hidden "
      + "membership requires the Member.Read.Hidden permission.")
  static let expandOnlyOnOne = GraphError(
    status: 400, code: "Request_UnsupportedQuery",
    message: "The sandbox expands members only on a single group (GET /groups/{id}?$expand=members).")
  static func expandOnlyMembers(_ text: String) -> GraphError {
    GraphError(
      status: 400, code: "Request_BadRequest",
      message:
        "Could not find a navigation property named '\(text)' on type 'microsoft.graph.group' that can be expanded.")
  }
}
