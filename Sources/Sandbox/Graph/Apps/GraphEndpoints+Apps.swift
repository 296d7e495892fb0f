import Foundation
import Hummingbird
import SandboxDirectory

/// App registrations and enterprise apps as Graph serves them (PROTOCOL.md "Apps and enterprise
/// apps"): `GET /applications` and `/servicePrincipals` (`$select`, `$top`, `$count`, `$search`,
/// `$filter`, next links), `/{collection}/$count`, `/{collection}/{id}` and its `owners` (a
/// directoryObject collection rendered like a group's owners, so an owner who has left is not
/// listed).
///
/// Reading either needs `Application.Read.All` or `Directory.Read.All` (application-list,
/// serviceprincipal-list permissions tables); without, 403 `Authorization_RequestDenied` as for
/// devices. Throttling and faults apply as to any identity request (`respond(to:)`).
extension GraphEndpoints {
  func applications(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadServicePrincipals else { throw .accessDenied }
    let apps = tenant.appRegistrations
    return try appCollection(
      rest, all: apps.applications, find: apps.application(id:), findAppId: apps.application(appId:),
      request: request, caller: caller
    ) {
      AppQuery.render($0, properties: $1)
    }
  }

  func servicePrincipals(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    guard caller.canReadServicePrincipals else { throw .accessDenied }
    let apps = tenant.appRegistrations
    if let relation = try servicePrincipalRelation(rest, apps: apps, request: request, caller: caller) {
      return relation
    }
    return try appCollection(
      rest, all: apps.servicePrincipals, find: apps.servicePrincipal(id:), findAppId: apps.servicePrincipal(appId:),
      request: request, caller: caller
    ) {
      AppQuery.render($0, properties: $1)
    }
  }

  /// One collection's paths; `render` writes one app's selected properties.
  private func appCollection<App: DirectoryApp>(
    _ rest: [String], all: [App], find: (String) -> App?, findAppId: (String) -> App?, request: IncomingRequest,
    caller: GraphCaller, render: (App, [String]) -> JSONValue
  ) throws(GraphError) -> Response {
    let kind = App.kind
    guard let key = rest.first else { return try listApps(all, request: request, render: render) }
    let lowered = key.lowercased()
    if lowered == "$count" && rest.count == 1 {
      let query = try countQuery(request)
      do { return plainCount(try AppQuery.run(query, over: all).count, request) } catch { throw GraphError(error) }
    }
    if ["delta", "microsoft.graph.delta", "delta()"].contains(lowered) && rest.count == 1 {
      return try appDelta(kind, request: request, caller: caller)
    }
    let app: App
    if let appId = Self.alternateAppId(key) {
      guard let found = findAppId(appId) else { throw .notFound(appId) }
      app = found
    } else {
      guard let found = find(Self.unwrapKey(key)) else { throw .notFound(Self.unwrapKey(key)) }
      app = found
    }
    let id = app.id
    switch rest.dropFirst().map({ $0.lowercased() }) {
    case []:
      let properties: [String]
      do { properties = try AppQuery.selected(request.query["$select"], kind: kind) } catch { throw GraphError(error) }
      guard case .object(let members) = render(app, properties) else { throw .notFound(id) }
      let context = ("@odata.context", JSONValue.string("\(request.base)/v1.0/$metadata#\(kind.entitySet)/$entity"))
      return ok(.object([context] + members), request)
    case ["owners"], ["owners", "microsoft.graph.user"]:
      let directory = tenant.directory
      let people = app.ownerIds.compactMap { directory.userIndex(id: $0) }.map { DirectoryObjectRef.user(Int32($0)) }
      return try directoryObjectPage(
        people, context: rest.count == 3 ? "directoryObjects/microsoft.graph.user" : "directoryObjects",
        request: request, caller: caller)
    default:
      throw .badSegment(rest.last ?? "")
    }
  }

  /// The list: Graph's directory-object paging (`$top` 1…999, default 100, an absolute
  /// `@odata.nextLink` with `$skiptoken`), `@odata.count` with `$count=true` and `ConsistencyLevel:
  /// eventual`, and `AppQuery`'s `$search` and `$filter`.
  private func listApps<App: DirectoryApp>(
    _ all: [App], request: IncomingRequest, render: (App, [String]) -> JSONValue
  ) throws(GraphError) -> Response {
    let query = request.query
    if query["$expand"] != nil {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "The sandbox does not expand app relationships; read /\(App.kind.entitySet)/{id}/owners.")
    }
    let properties: [String]
    let matches: [App]
    do {
      properties = try AppQuery.selected(query["$select"], kind: App.kind)
      matches = try AppQuery.run(userListQuery(request), over: all)
    } catch { throw GraphError(error) }
    return try collectionPage(matches, entitySet: App.kind.entitySet, request: request) { render($0, properties) }
  }
}
