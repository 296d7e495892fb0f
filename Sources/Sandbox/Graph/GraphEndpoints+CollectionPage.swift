import Foundation
import Hummingbird
import SandboxDirectory

extension GraphEndpoints {
  /// One page of a directory-object list whose matches are already chosen (devices, apps,
  /// enterprise apps): Graph's paging (`$top` 1…999, default 100, an absolute
  /// `@odata.nextLink` with `$skiptoken`), `@odata.count` on the first page with `$count=true`
  /// and `ConsistencyLevel: eventual`, and `@odata.context` naming the entity set and `$select`.
  /// Written once so the kinds' lists page alike, as Graph's do.
  func collectionPage<Object>(
    _ matches: [Object], entitySet: String, request: IncomingRequest, render: (Object) -> JSONValue
  ) throws(GraphError) -> Response {
    let query = request.query
    let top = try pageSize(query["$top"])
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let page = matches.dropFirst(offset).prefix(top)
    let selectList = query["$select"].map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#\(entitySet)\(selectList)"))
    ]
    if offset == 0, query["$count"]?.lowercased() == "true", userListQuery(request).consistencyLevelEventual {
      body.append(("@odata.count", .int(matches.count)))
    }
    if offset + page.count < matches.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page.map(render))))
    return ok(.object(body), request)
  }
}
