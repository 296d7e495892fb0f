import Foundation
import Hummingbird
import SandboxDirectory

/// The state an `/applications/delta` or `/servicePrincipals/delta` link carries, opaque to
/// clients as Graph's are; `collection` keeps one collection's token out of the other's round.
struct AppDeltaToken: LinkToken, Sendable, Equatable {
  /// `i`: initial full round; `d`: changes after `from`.
  var kind: String
  var collection: String
  var instance: UInt32
  var from: Int
  var through: Int
  /// The last object id served; the next page starts after it.
  var after: String?
  var issued: Double
  var select: String?
  /// The objects a `$filter=id eq '…' or …` round tracks (lower-cased); nil for all.
  var ids: [String]? = nil

  static let prefix = "sbxa1."
}

/// `GET /applications/delta` and `/servicePrincipals/delta` as application-delta and
/// serviceprincipal-delta document them and `/devices/delta` is served: `$select` and
/// `$filter=id eq '…'` from the first request carried in the tokens; pages of up to 200 objects
/// (`GraphLimits.deltaPageSize`, as devices, users and groups; fewer with `Prefer:
/// odata.maxpagesize`) walked by id and linked by `@odata.nextLink`; the last page's
/// `@odata.deltaLink` later returns only what changed since, removals as
/// `{"id":…,"@removed":{"reason":…}}`. Both pages name `Directory.Read.All` as the least
/// privileged delegated permission, so `Application.Read.All` alone is 403 here.
extension GraphEndpoints {
  func appDelta(_ collection: AppKind, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadDirectoryWide else { throw .accessDenied }
    let query = request.query
    if let option = ["$expand", "$top", "$orderby", "$search"].first(where: { query[$0] != nil }) {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "The query option \(option) is not supported on delta.")
    }
    let history = tenant.appHistory
    let now = tenant.now
    let snapshot = history.current(at: now)
    var token: AppDeltaToken
    if let skip = query["$skiptoken"] {
      token = try decodeAppToken(skip, collection)
    } else if let delta = query["$deltatoken"], delta != "latest" {
      token = try decodeAppToken(delta, collection)
      token.kind = "d"
      token.through = snapshot.version
      token.after = nil
    } else {
      token = AppDeltaToken(
        kind: query["$deltatoken"] == "latest" ? "d" : "i", collection: collection.entitySet,
        instance: history.instance, from: snapshot.version, through: snapshot.version, after: nil,
        issued: now.timeIntervalSince1970, select: query["$select"],
        ids: try query["$filter"].map(Self.filteredIds))
    }
    let properties: [String]
    do { properties = try AppQuery.selected(token.select, kind: collection) } catch { throw GraphError(error) }
    let apps = snapshot.apps
    /// The object's selected properties; nil when it is gone.
    func render(_ id: String) -> JSONValue? {
      switch collection {
      case .application: apps.application(id: id).map { AppQuery.render($0, properties: properties) }
      case .servicePrincipal: apps.servicePrincipal(id: id).map { AppQuery.render($0, properties: properties) }
      }
    }
    let pageSize = tenant.configuration.limits.deltaPageSize(prefer: request.header("Prefer"))
    let tracked = token.ids.map(Set.init)
    var values: [JSONValue] = []
    var lastId: String?
    var more = false
    func add(_ id: String, _ value: JSONValue) -> Bool {
      guard values.count < pageSize else {
        more = true
        return false
      }
      values.append(value)
      lastId = id
      return true
    }
    if query["$deltatoken"] == "latest" {
      // Nothing listed: only a link from now.
    } else if token.kind == "i" {
      let ids = collection == .application ? apps.sortedApplicationIds : apps.sortedServicePrincipalIds
      let start = token.after.map { Self.firstIndex(in: ids, after: $0) } ?? 0
      for id in ids[start...] where tracked?.contains(id.lowercased()) ?? true {
        guard let value = render(id) else { continue }
        if !add(id, value) { break }
      }
    } else {
      guard let changes = history.changes(collection, after: token.from, through: token.through) else {
        throw Self.syncStateNotFound
      }
      for change in changes
      where token.after.map({ change.id > $0 }) ?? true && tracked?.contains(change.id.lowercased()) ?? true {
        let removed: JSONValue = .object([
          ("id", .string(change.id)), ("@removed", .object([("reason", .string(change.removal ?? "changed"))])),
        ])
        if !add(change.id, render(change.id) ?? removed) { break }
      }
    }
    if more {
      var next = token
      next.after = lastId
      return appDeltaPage(request, collection, values: values, next: next, deltaLink: nil)
    }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.issued = now.timeIntervalSince1970
    return appDeltaPage(request, collection, values: values, next: nil, deltaLink: final)
  }

  private func decodeAppToken(_ text: String, _ collection: AppKind) throws(GraphError) -> AppDeltaToken {
    guard let token = AppDeltaToken.decode(text), token.instance == tenant.appHistory.instance,
      token.collection == collection.entitySet,
      tenant.now.timeIntervalSince1970 - token.issued <= Self.deltaTokenLifetime
    else { throw Self.syncStateNotFound }
    return token
  }

  private func appDeltaPage(
    _ request: IncomingRequest, _ collection: AppKind, values: [JSONValue], next: AppDeltaToken?,
    deltaLink: AppDeltaToken?
  ) -> Response {
    let set = collection.entitySet
    let select = (next ?? deltaLink)?.select.map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#\(set)\(select)"))]
    if let next {
      body.append(("@odata.nextLink", .string("\(request.base)/v1.0/\(set)/delta?$skiptoken=\(next.encoded)")))
    }
    if let deltaLink {
      body.append(("@odata.deltaLink", .string("\(request.base)/v1.0/\(set)/delta?$deltatoken=\(deltaLink.encoded)")))
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }
}
