import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /applications/delta` and `/servicePrincipals/delta` (`itemDelta`, as `/devices/delta`).
/// Both pages name `Directory.Read.All` as the least privileged delegated permission, so
/// `Application.Read.All` alone is 403 here.
extension GraphEndpoints {
  func appDelta(_ collection: AppKind, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadDirectoryWide else { throw .accessDenied }
    let history = tenant.appHistory
    let snapshot = history.current(at: tenant.now)
    let apps = snapshot.apps
    let items = ItemDeltaCollection(
      entitySet: collection.entitySet, instance: history.instance, version: snapshot.version,
      sortedIds: collection == .application ? apps.sortedApplicationIds : apps.sortedServicePrincipalIds,
      selected: { select throws(GraphQueryError) in try AppQuery.selected(select, kind: collection) },
      render: { id, properties in
        switch collection {
        case .application: apps.application(id: id).map { AppQuery.render($0, properties: properties) }
        case .servicePrincipal: apps.servicePrincipal(id: id).map { AppQuery.render($0, properties: properties) }
        }
      },
      changes: { history.changes(collection, after: $0, through: $1) })
    return try itemDelta(items, request: request)
  }
}
