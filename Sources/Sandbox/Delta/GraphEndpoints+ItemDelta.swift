import Foundation
import Hummingbird
import SandboxDirectory

/// The state an item collection's delta link carries (`/applications/delta`,
/// `/servicePrincipals/delta`, `/devices/delta`), opaque to clients as Graph's are; `collection`
/// keeps one collection's token out of another's round.
struct ItemDeltaToken: LinkToken, Sendable, Equatable {
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

  static let prefix = "sbxi1."
}

/// What one item collection gives its delta: apps, enterprise apps and devices differ only here
/// (issue 42 served them as two copies; a third kind is now a value of this).
struct ItemDeltaCollection {
  /// Graph's entity set: the links' path and the context's.
  var entitySet: String
  /// The history's run: a token from another sandbox process is `syncStateNotFound`.
  var instance: UInt32
  /// The current version, which a round's tokens are taken through.
  var version: Int
  /// Every id now, in the order the initial round walks them.
  var sortedIds: [String]
  /// `$select`'s properties, or Graph's refusal of one.
  var selected: (String?) throws(GraphQueryError) -> [String]
  /// An object's selected properties; nil when it is gone.
  var render: (_ id: String, _ properties: [String]) -> JSONValue?
  /// What changed after one version through another; nil when that history is no longer kept.
  var changes: (_ after: Int, _ through: Int) -> [(id: String, removal: String?)]?
}

/// An item collection's `GET …/delta` as application-delta, serviceprincipal-delta and
/// device-delta document it and `/users/delta` is served: `$select` and `$filter=id eq '…'` from
/// the first request carried in the tokens; pages of up to 200 objects
/// (`GraphLimits.deltaPageSize`; fewer with `Prefer: odata.maxpagesize`) walked by id and linked by
/// `@odata.nextLink`; the last page's `@odata.deltaLink` later returns only what changed since,
/// removals as `{"id":…,"@removed":{"reason":…}}`; `$deltatoken=latest`, `syncStateNotFound`
/// and the 7-day lifetime are the users' rules. Only `$select` and `$filter` are taken.
extension GraphEndpoints {
  func itemDelta(_ collection: ItemDeltaCollection, request: IncomingRequest) throws(GraphError) -> Response {
    let query = request.query
    if let option = ["$expand", "$top", "$orderby", "$search"].first(where: { query[$0] != nil }) {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "The query option \(option) is not supported on delta.")
    }
    let now = tenant.now.timeIntervalSince1970
    var token: ItemDeltaToken
    if let skip = query["$skiptoken"] {
      token = try decodeItemToken(skip, collection)
    } else if let delta = query["$deltatoken"], delta != "latest" {
      token = try decodeItemToken(delta, collection)
      token.kind = "d"
      token.through = collection.version
      token.after = nil
    } else {
      token = ItemDeltaToken(
        kind: query["$deltatoken"] == "latest" ? "d" : "i", collection: collection.entitySet,
        instance: collection.instance, from: collection.version, through: collection.version, after: nil,
        issued: now, select: query["$select"], ids: try query["$filter"].map(Self.filteredIds))
    }
    let properties: [String]
    do { properties = try collection.selected(token.select) } catch { throw GraphError(error) }
    let pageSize = tenant.configuration.limits.deltaPageSize(prefer: request.header("Prefer"))
    let tracked = token.ids.map(Set.init)
    var values: [JSONValue] = []
    var lastId: String?
    var more = false
    /// Adds one entry unless the page is full (then `more` is set and the round stops).
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
      let ids = collection.sortedIds
      let start = token.after.map { Self.firstIndex(in: ids, after: $0) } ?? 0
      for id in ids[start...] where tracked?.contains(id.lowercased()) ?? true {
        guard let value = collection.render(id, properties) else { continue }
        if !add(id, value) { break }
      }
    } else {
      guard let changes = collection.changes(token.from, token.through) else { throw Self.syncStateNotFound }
      for change in changes
      where token.after.map({ change.id > $0 }) ?? true && tracked?.contains(change.id.lowercased()) ?? true {
        let removed: JSONValue = .object([
          ("id", .string(change.id)), ("@removed", .object([("reason", .string(change.removal ?? "changed"))])),
        ])
        if !add(change.id, collection.render(change.id, properties) ?? removed) { break }
      }
    }
    if more {
      var next = token
      next.after = lastId
      return itemDeltaPage(request, collection.entitySet, values: values, next: next, deltaLink: nil)
    }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.issued = now
    return itemDeltaPage(request, collection.entitySet, values: values, next: nil, deltaLink: final)
  }

  private func decodeItemToken(_ text: String, _ collection: ItemDeltaCollection) throws(GraphError) -> ItemDeltaToken {
    guard let token = ItemDeltaToken.decode(text), token.instance == collection.instance,
      token.collection == collection.entitySet,
      tenant.now.timeIntervalSince1970 - token.issued <= Self.deltaTokenLifetime
    else { throw Self.syncStateNotFound }
    return token
  }

  private func itemDeltaPage(
    _ request: IncomingRequest, _ set: String, values: [JSONValue], next: ItemDeltaToken?, deltaLink: ItemDeltaToken?
  ) -> Response {
    linkedDeltaPage(
      request, set, select: (next ?? deltaLink)?.select, values: values, skipToken: next?.encoded,
      deltaToken: deltaLink?.encoded)
  }

  /// A delta page of `set` as Graph shapes it: the context (with the round's `$select`), then
  /// either the next page's link or the round's delta link, then the values.
  func linkedDeltaPage(
    _ request: IncomingRequest, _ set: String, select: String?, values: [JSONValue], skipToken: String?,
    deltaToken: String?
  ) -> Response {
    let select = select.map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#\(set)\(select)"))]
    if let skipToken {
      body.append(("@odata.nextLink", .string("\(request.base)/v1.0/\(set)/delta?$skiptoken=\(skipToken)")))
    }
    if let deltaToken {
      body.append(("@odata.deltaLink", .string("\(request.base)/v1.0/\(set)/delta?$deltatoken=\(deltaToken)")))
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }
}
