import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /directory/deletedItems/microsoft.graph.user|group` and `/directory/deletedItems/{id}`
/// with Graph's rules (PROTOCOL.md "Deleted people and groups"; directory-deleteditems-list and
/// -get): the cast is required; users need User.Read.All, groups Group.Read.All (or
/// Directory.Read.All, or a ReadWrite permission above them), and the signed-in person a role
/// that may read them (the sandbox's role holders); `$select`, `$top` 1…999 with next links,
/// `$filter` only as `startswith(displayName,'…')`, `$search` on `displayName` (`DeletedSearch`),
/// and `$count` and `$orderby=deletedDateTime` only as advanced queries (`ConsistencyLevel:
/// eventual` with `$count=true`).
extension GraphEndpoints {
  func deletedItems(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard rest.count == 2, rest[0].lowercased() == "deleteditems" else { throw .badSegment(rest.last ?? "directory") }
    let items = tenant.recycleBin.items(history: tenant.history, now: tenant.now)
    switch rest[1].lowercased() {
    case "microsoft.graph.user": return try listDeleted(.user, items, request: request, caller: caller)
    case "microsoft.graph.group": return try listDeleted(.group, items, request: request, caller: caller)
    case let cast where cast.hasPrefix("microsoft.graph."):
      throw GraphError(
        status: 400, code: "Request_BadRequest",
        message: "The sandbox keeps deleted users and groups only; '\(rest[1])' is not one of them.")
    default:
      let id = Self.unwrapKey(rest[1])
      guard let item = items.first(where: { $0.id.lowercased() == id.lowercased() }) else {
        guard caller.canReadAllFull || caller.canReadGroups else { throw .accessDenied }
        throw .notFound(id)
      }
      try checkDeletedItemsAccess(item.kind, caller: caller)
      guard case .object(let members) = try item.selected(Self.selectList(request.query["$select"])) else {
        throw .notFound(id)
      }
      let context = ("@odata.context", JSONValue.string("\(request.base)/v1.0/$metadata#directoryObjects/$entity"))
      let type = ("@odata.type", JSONValue.string("#\(item.kind.castName)"))
      return ok(.object([context, type] + members), request)
    }
  }

  private func listDeleted(
    _ kind: DeletedObject.Kind, _ items: [DeletedObject], request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    try checkDeletedItemsAccess(kind, caller: caller)
    let query = request.query
    let select = Self.selectList(query["$select"])
    var matches = items.filter { $0.kind == kind }
    if let prefix = try Self.displayNamePrefix(query["$filter"]) {
      matches = matches.filter { $0.displayName.lowercased().hasPrefix(prefix.lowercased()) }
    }
    if let search = try DeletedSearch(query["$search"], eventual: userListQuery(request).consistencyLevelEventual) {
      matches = matches.filter { search.matches($0.displayName) }
    }
    if let order = query["$orderby"] {
      let advanced = userListQuery(request).consistencyLevelEventual && query["$count"]?.lowercased() == "true"
      let words = order.lowercased().split(separator: " ")
      guard advanced, words.first == "deleteddatetime", words.count <= 2 else {
        throw GraphError(
          status: 400, code: "Request_UnsupportedQuery", message: "Sorting not supported for current query.")
      }
      matches.sort {
        words.last == "desc" ? $0.deletedDateTime > $1.deletedDateTime : $0.deletedDateTime < $1.deletedDateTime
      }
    } else {
      // No order asked: the store's own (by id), which is stable while pages are read.
      matches.sort { $0.id < $1.id }
    }
    // Rendered first: an unknown `$select` name is a 400 even on an empty page.
    var rendered: [JSONValue] = []
    for match in matches { rendered.append(try match.selected(select)) }
    if matches.isEmpty { _ = try DeletedObject.probe(kind).selected(select) }
    return try collectionPage(rendered, entitySet: "directoryObjects/\(kind.castName)", request: request) { $0 }
  }

  /// The permission for the kind, then the role: Graph checks the token's scopes before the
  /// signed-in person's directory roles, and says the same words for both.
  func checkDeletedItemsAccess(_ kind: DeletedObject.Kind, caller: GraphCaller) throws(GraphError) {
    let permitted =
      switch kind {
      case .user: caller.canReadAllFull
      case .group:
        !caller.permissions.isDisjoint(with: [
          "Group.Read.All", "Group.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All",
        ])
      }
    guard permitted else { throw .accessDenied }
    let holders = tenant.configuration.reportsReaders ?? [tenant.directory.defaultUser.id]
    guard holders.contains(caller.user.id) else { throw .accessDenied }
  }

  static func selectList(_ text: String?) -> [String]? {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `startswith(displayName,'…')`, the one `$filter` the sandbox answers on deleted items; other
  /// filters are refused rather than guessed at.
  static func displayNamePrefix(_ text: String?) throws(GraphError) -> String? {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let head = "startswith(displayname,'"
    guard trimmed.lowercased().hasPrefix(head), trimmed.hasSuffix("')"), trimmed.count >= head.count + 2 else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "The sandbox answers $filter on deleted items only as startswith(displayName,'…').")
    }
    let literal = String(trimmed.dropFirst(head.count).dropLast(2))
    // A lone quote inside the literal ends it early: the filter is malformed, as in Graph.
    guard !literal.replacingOccurrences(of: "''", with: "").contains("'") else {
      throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
    }
    return literal.replacingOccurrences(of: "''", with: "'")
  }
}
