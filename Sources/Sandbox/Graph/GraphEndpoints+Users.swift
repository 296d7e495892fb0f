import Foundation
import Hummingbird
import SandboxDirectory

extension GraphEndpoints {
  /// `GET /users`: the directory's `$search`/`$filter`/`$orderby` semantics, then `$top` pages
  /// linked by an absolute `@odata.nextLink` carrying an opaque `$skiptoken`.
  func listUsers(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadAllBasic else { throw .accessDenied }
    let query = request.query
    let properties = try selected(request)
    // With `signInActivity`, its gate first and pages of at most 120 (issue 33).
    let withActivity = properties.contains("signInActivity")
    if withActivity { try checkSignInActivity(caller) }
    let top = withActivity ? min(try pageSize(query["$top"]), Self.signInActivityPageMax) : try pageSize(query["$top"])
    var offset = 0
    var after: String?
    if let token = query["$skiptoken"] { (offset, after) = try Self.position(fromSkipToken: token) }
    let page: [DirectoryUser]
    let total: Int
    let next: Int
    do {
      (page, total, next) = try tenant.directory.listPage(
        userListQuery(request), offset: offset, after: after, limit: top)
    } catch { throw GraphError(error) }

    let values = page.map { user in renderWithAccount(user, properties: properties, caller: caller) }
    let selectList = query["$select"].map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#users\(selectList)"))]
    let eventual = userListQuery(request).consistencyLevelEventual
    if offset == 0, query["$count"]?.lowercased() == "true", eventual {
      body.append(("@odata.count", .int(total)))
    }
    if next < total, let last = page.last {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: next, after: last.id)))))
    }
    body.append(("value", .array(Array(values))))
    return ok(.object(body), request)
  }

  /// `GET /users/$count`: a plain number, only as an advanced query.
  func countUsers(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadAllBasic else { throw .accessDenied }
    let listQuery = try countQuery(request)
    let count: Int
    do { count = try tenant.directory.listPage(listQuery, offset: 0, limit: 0).total } catch { throw GraphError(error) }
    return plainCount(count, request)
  }

  /// `$count` is an advanced query: without `ConsistencyLevel: eventual` Graph answers 400.
  static let countNeedsEventual = GraphError(
    status: 400, code: "Request_BadRequest", message: "$count is not currently supported.")

  /// A `…/$count` request's query (the count option itself dropped), once it is an advanced one.
  func countQuery(_ request: IncomingRequest) throws(GraphError) -> UserListQuery {
    var query = userListQuery(request)
    guard query.consistencyLevelEventual else { throw Self.countNeedsEventual }
    query.count = nil
    return query
  }

  func userListQuery(_ request: IncomingRequest) -> UserListQuery {
    let query = request.query
    let level = request.header("ConsistencyLevel")?.trimmingCharacters(in: .whitespaces).lowercased()
    return UserListQuery(
      search: query["$search"], filter: query["$filter"], orderby: query["$orderby"], select: query["$select"],
      count: query["$count"], consistencyLevelEventual: level == "eventual")
  }

  /// `$top`: 1…999, default 100. Outside that Graph answers 400 `Request_UnsupportedQuery` with
  /// this message (observed; PROTOCOL.md "Graph's limits").
  func pageSize(_ text: String?) throws(GraphError) -> Int {
    guard let text else { return 100 }
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (1...999).contains(value) else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "Invalid page size specified: '\(text)'. Must be between 1 and 999 inclusive.")
    }
    return value
  }

  /// The request's own URL (absolute, from the Host it used) with `$skiptoken` replaced.
  func nextLink(_ request: IncomingRequest, skipToken: String) -> String {
    let kept = request.rawQuery.split(separator: "&").filter { part in
      let name = (part.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "").removingPercentEncoding ?? ""
      return name.lowercased() != "$skiptoken"
    }
    let parts = kept.map(String.init) + ["$skiptoken=\(skipToken)"]
    return "\(request.base)\(request.path)?\(parts.joined(separator: "&"))"
  }

  // MARK: - Skip tokens

  /// Where the next page starts: its offset and, for `/users`, the id of the last person served
  /// (a keyset, like the directory's own paging tokens, so changes between pages skip nobody).
  static func skipToken(offset: Int, after: String? = nil) -> String {
    "RFNwdAIAAQAAA" + Base64URL.encode(Data("sandbox-offset:\(offset)\(after.map { ":" + $0 } ?? "")".utf8))
  }

  static func offset(fromSkipToken token: String) throws(GraphError) -> Int {
    try position(fromSkipToken: token).offset
  }

  static func position(fromSkipToken token: String) throws(GraphError) -> (offset: Int, after: String?) {
    let invalid = GraphError(
      status: 400, code: "Directory_ExpiredPageToken",
      message: "The specified page token value has expired and can no longer be included in your request.")
    guard token.hasPrefix("RFNwdAIAAQAAA"), let data = Base64URL.decode(token.dropFirst(13)),
      let text = String(data: data, encoding: .utf8), text.hasPrefix("sandbox-offset:")
    else { throw invalid }
    let parts = text.dropFirst(15).split(separator: ":", maxSplits: 1)
    guard let first = parts.first, let offset = Int(first), offset >= 0 else { throw invalid }
    return (offset, parts.count > 1 ? String(parts[1]) : nil)
  }
}
