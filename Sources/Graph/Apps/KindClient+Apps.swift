import AppRuntime
import Foundation
import RosterCore
import SearchRules
import Transport

extension KindClient {
  /// App registrations or enterprise apps (`flavor`) over Microsoft Graph, on the same
  /// configuration, tokens, transport and retries as `DirectoryClient.live`: each read answers in
  /// the apps' payloads (`.apps`, `.app`), a failure as its `DirectoryError` (403 naming
  /// `Application.Read.All`, `.offline`, `.notFound`).
  public static func apps<Flavor: AppFlavor>(
    _ flavor: Flavor.Type,
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> KindClient {
    let apps = GraphApps<Flavor>(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return KindClient(
      search: { query, onRetry in
        guard let query = query.value(as: ItemQuery.self) else {
          return .apps(
            Result<ItemPage<AppObject<Flavor>>, DirectoryError>.failure(.unsupportedQuery("Not an app search.")))
        }
        return .apps(await outcome { () async throws(DirectoryError) in try await apps.items.search(query, onRetry) })
      },
      nextPage: { cursor in
        .apps(await outcome { () async throws(DirectoryError) in try await apps.items.next(cursor) })
      },
      detail: { id in .app(await outcome { () async throws(DirectoryError) in try await apps.detail(id) }) })
  }
}

/// The live app reads: the search every searched kind shares (`GraphItemSearch`), and one app
/// with its owners, its other half (found by `appId`) and what it may do.
final class GraphApps<Flavor: AppFlavor>: Sendable {
  /// application-list, serviceprincipal-list, …-list-owners: the least privileged permission.
  static var permission: String { "Application.Read.All" }
  /// An app has a few owners; one page holds them.
  static var ownersPageSize: Int { 100 }

  let items: GraphItemSearch<AppObject<Flavor>>

  init(directory: GraphDirectory) {
    items = GraphItemSearch(
      directory: directory,
      kind: .init(
        collection: "/" + Flavor.collection, fields: Flavor.properties, schema: .apps, permission: Self.permission,
        decode: { (data) throws(DirectoryError) in try AppDecoding.page(Flavor.self, from: data) }))
  }

  /// The app as Graph answers it now and its owners (asked at once), then its other half by
  /// `appId`, then the enterprise app's grants and roles. A part the token may not read is
  /// unknown (nil, `.unknown`), not a failed pane; only the app's own read failing fails it.
  func detail(_ id: String) async throws(DirectoryError) -> AppDetail<Flavor> {
    let path = "/" + Flavor.collection + "/" + PercentEncoding.encode(id)
    async let owners = owners(path)
    let read = await outcome { () async throws(DirectoryError) in
      try AppDecoding.single(Flavor.self, from: try await items.get(path + "?" + select(Flavor.properties)))
    }
    let ownerList = await owners
    let app = try read.get()
    let counterpart = await counterpart(of: app)
    let principal = (app as? EnterpriseApp)?.id ?? counterpartPrincipal(counterpart)
    let granted = await principal.asyncMap { await self.permissions(ofPrincipal: $0) }
    return AppDetail(
      app: app, owners: ownerList, counterpart: counterpart, permissions: granted?.permissions,
      grantsNeed: granted?.grantsNeed)
  }

  private func owners(_ path: String) async -> [Person]? {
    let options = select(AppDecoding.personFields) + "&" + ODataText.queryString([("$top", "\(Self.ownersPageSize)")])
    guard let body = try? await items.get(path + "/owners/microsoft.graph.user?" + options) else { return nil }
    return try? PeopleDecoding.page(from: body).people
  }

  /// `GET /<other collection>?$filter=appId eq '…'`: none listed is `.none` (not consented here,
  /// or registered in another organisation); a refusal or failure is `.unknown`.
  private func counterpart(of app: AppObject<Flavor>) async -> AppDetail<Flavor>.Counterpart {
    guard let appId = app.appId, !appId.isEmpty else { return .unknown }
    let filter = ODataText.queryString([("$filter", "appId eq " + ODataText.filterLiteral(appId))])
    let path = "/" + Flavor.Counterpart.collection + "?" + filter + "&" + select(Flavor.Counterpart.properties)
    guard let body = try? await items.get(path),
      let page = try? AppDecoding.page(Flavor.Counterpart.self, from: body)
    else { return .unknown }
    return page.items.first.map { .found($0) } ?? .none
  }

  private func counterpartPrincipal(_ counterpart: AppDetail<Flavor>.Counterpart) -> String? {
    guard case .found(let other) = counterpart else { return nil }
    return (other as? EnterpriseApp)?.id
  }

  /// The enterprise app's delegated grants and app roles, named by their resources (each read
  /// once); nil when the roles cannot be read. Grants refused for want of Directory.Read.All
  /// (serviceprincipal-list-oauth2permissiongrants) leave the roles listed and say so.
  private func permissions(ofPrincipal id: String) async -> (permissions: [AppPermission]?, grantsNeed: String?) {
    let path = "/servicePrincipals/" + PercentEncoding.encode(id)
    async let grantRead = outcome { () async throws(DirectoryError) in
      try AppPermissionDecoding.grants(from: try await items.get(path + "/oauth2PermissionGrants"))
    }
    async let roleRead = outcome { () async throws(DirectoryError) in
      try AppPermissionDecoding.roleAssignments(from: try await items.get(path + "/appRoleAssignments"))
    }
    let (grantResult, roleResult) = await (grantRead, roleRead)
    var grantsNeed: String?
    let grants: [AppPermissionDecoding.Grant]
    switch grantResult {
    case .success(let read): grants = read
    case .failure(.permissionDenied):
      grants = []
      grantsNeed = "Directory.Read.All"
    case .failure: return (nil, nil)
    }
    guard let roles = try? roleResult.get() else { return (nil, nil) }
    let all = grants + roles
    var resources: [String: AppPermissionDecoding.Resource] = [:]
    for resourceId in Set(all.map { $0.resourceId.lowercased() }).sorted() {
      let options = select(["id", "displayName", "appRoles", "oauth2PermissionScopes"])
      guard let body = try? await items.get("/servicePrincipals/" + PercentEncoding.encode(resourceId) + "?" + options),
        let resource = try? AppPermissionDecoding.resource(from: body)
      else { continue }
      resources[resourceId] = resource
    }
    return (AppPermissionDecoding.permissions(all, resources: resources), grantsNeed)
  }

  private func select(_ fields: [String]) -> String {
    ODataText.queryString([("$select", fields.joined(separator: ","))])
  }
}

extension Optional {
  /// `map` for an async transform.
  fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
    guard let value = self else { return nil }
    return await transform(value)
  }
}
