import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /users/{id | upn}/ownedObjects` (and `/me/ownedObjects`): the directory objects the user
/// owns, each with its `@odata.type`, paged like a group's members (PROTOCOL.md "Owned objects"):
/// groups, then app registrations, then enterprise apps (PROTOCOL.md "Apps and enterprise apps").
///
/// user-list-ownedobjects: delegated `User.Read` is the least privileged permission (higher:
/// `User.Read.All`, `Directory.Read.All`); an object of a kind the token may not read comes back
/// with its type and id only, as every directoryObject collection answers
/// (`DirectoryObjectRenderer`; apps need `Application.Read.All` or `Directory.Read.All`). Devices
/// a user owns are `ownedDevices`.
extension GraphEndpoints {
  /// One owned object: a directory object the renderer knows, or an app from `AppSet`.
  private enum Owned {
    case object(DirectoryObjectRef)
    case application(RegisteredApplication)
    case servicePrincipal(RegisteredServicePrincipal)
  }

  func ownedObjects(_ target: DirectoryUser, request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    let directory = tenant.directory
    guard let index = directory.userIndex(id: target.id) else { throw .badSegment("ownedObjects") }
    let owner = DirectoryObjectRef.user(Int32(index))
    let groups = directory.groups.indices.filter { directory.groups[$0].owners.contains(owner) }.map {
      Owned.object(.group(Int32($0)))
    }
    let apps = tenant.appRegistrations.owned(byUser: target.id)
    let owned = groups + apps.applications.map(Owned.application) + apps.servicePrincipals.map(Owned.servicePrincipal)
    let query = request.query
    let top = try pageSize(query["$top"])
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let renderer = DirectoryObjectRenderer(directory: directory, caller: caller, select: query["$select"])
    let page = owned.dropFirst(offset).prefix(top)
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#directoryObjects"))]
    if offset == 0, query["$count"]?.lowercased() == "true", userListQuery(request).consistencyLevelEventual {
      body.append(("@odata.count", .int(owned.count)))
    }
    if offset + page.count < owned.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    let values = page.map { item -> JSONValue in
      switch item {
      case .object(let ref): renderer.render(ref)
      case .application(let app):
        ownedApp(app, select: renderer.select, caller: caller) { AppQuery.render(app, properties: $0) }
      case .servicePrincipal(let principal):
        ownedApp(principal, select: renderer.select, caller: caller) { AppQuery.render(principal, properties: $0) }
      }
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }

  /// An owned app with its `@odata.type`: whole (or its selected properties, unknown names
  /// skipped as the renderer skips them for mixed kinds) for a caller who may read apps, else type
  /// and id only.
  private func ownedApp<App: DirectoryApp>(
    _ app: App, select: [String]?, caller: GraphCaller, render: ([String]) -> JSONValue
  ) -> JSONValue {
    let type: (String, JSONValue) = ("@odata.type", .string("#" + App.kind.typeName))
    guard caller.canReadServicePrincipals else {
      let nulls = (select ?? []).filter { $0.lowercased() != "id" }.map { ($0, JSONValue.null) }
      return .object([type, ("id", .string(app.id))] + nulls)
    }
    let known = select?.filter { (try? AppQuery.selected($0, kind: App.kind)) != nil }
    let properties =
      known.map { (try? AppQuery.selected($0.isEmpty ? "id" : $0.joined(separator: ","), kind: App.kind)) ?? ["id"] }
      ?? App.kind.properties
    guard case .object(let members) = render(properties) else { return .null }
    return .object([type] + members)
  }
}
