import Foundation
import Hummingbird
import SandboxDirectory

/// Devices as Graph serves them (PROTOCOL.md "Devices"): `GET /devices` (`$select`, `$top`,
/// `$count`, `$search`, `$filter`, `$orderby`, next links), `/devices/$count`, `/devices/{id}`,
/// its `registeredOwners` and `registeredUsers` (directory objects with `@odata.type`, rendered
/// by `DirectoryObjectRenderer` like a group's members), `/devices/delta`, and a user's
/// `registeredDevices` and `ownedDevices`.
///
/// Reading devices needs `Device.Read.All` or `Directory.Read.All` (device-list, device-get,
/// device-list-registeredowners); a user's own devices need only `User.Read`, someone else's
/// `User.Read.All` or `Directory.Read.All` (user-list-registereddevices). Throttling and faults
/// apply as to any identity request: `respond(to:)` charges each one before it is routed here.
extension GraphEndpoints {
  func devices(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadDevices else { throw .accessDenied }
    let snapshot = tenant.devices.current
    guard let key = rest.first else { return try listDevices(snapshot.devices.devices, request: request) }
    let lowered = key.lowercased()
    if lowered == "$count" && rest.count == 1 {
      guard userListQuery(request).consistencyLevelEventual else {
        throw GraphError(status: 400, code: "Request_BadRequest", message: "$count is not currently supported.")
      }
      var query = userListQuery(request)
      query.count = nil
      do { return plainCount(try DeviceQuery.run(query, over: snapshot.devices.devices).count, request) } catch {
        throw GraphError(error)
      }
    }
    if ["delta", "microsoft.graph.delta", "delta()"].contains(lowered) && rest.count == 1 {
      return try deviceDelta(request)
    }
    let id = Self.unwrapKey(key)
    guard let device = snapshot.devices.device(id: id) else { throw .notFound(id) }
    switch rest.dropFirst().first?.lowercased() {
    case nil:
      let body = try renderDevice(device, select: request.query["$select"])
      guard case .object(let members) = body else { throw .notFound(id) }
      let context = ("@odata.context", JSONValue.string("\(request.base)/v1.0/$metadata#devices/$entity"))
      return ok(.object([context] + members), request)
    case "registeredowners", "registeredusers":
      return try registeredPeople(device, path: Array(rest.dropFirst()), request: request, caller: caller)
    default:
      throw .badSegment(rest[1])
    }
  }

  /// `registeredOwners` or `registeredUsers` (optionally cast to `microsoft.graph.user`, the only
  /// kind they hold): users who have left the directory no longer resolve and are not listed.
  private func registeredPeople(
    _ device: RegisteredDevice, path: [String], request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    guard path.count == 1 || (path.count == 2 && path[1].lowercased() == "microsoft.graph.user") else {
      throw .badSegment(path.last ?? "")
    }
    let directory = tenant.directory
    let ids = path[0].lowercased() == "registeredowners" ? device.ownerIds : device.userIds
    let people = ids.compactMap { directory.userIndex(id: $0) }.map { DirectoryObjectRef.user(Int32($0)) }
    return try directoryObjectPage(
      people, context: path.count == 2 ? "directoryObjects/microsoft.graph.user" : "directoryObjects",
      request: request, caller: caller)
  }

  /// `/users/{id}/registeredDevices` and `/ownedDevices` (and `/me/…`): oneself with `User.Read`,
  /// others with `User.Read.All` or `Directory.Read.All`; each device with its `@odata.type`.
  func userDevices(_ target: DirectoryUser, owned: Bool, isSelf: Bool, request: IncomingRequest, caller: GraphCaller)
    throws(GraphError) -> Response
  {
    guard isSelf || caller.canReadAllFull else { throw .accessDenied }
    let query = request.query
    let top = try pageSize(query["$top"])
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let properties: [String]
    do { properties = try DeviceQuery.selected(query["$select"]) } catch { throw GraphError(error) }
    let devices = tenant.devices.current.devices.devices(ofUser: target.id, owned: owned)
    let page = devices.dropFirst(offset).prefix(top)
    let type: (String, JSONValue) = ("@odata.type", .string("#microsoft.graph.device"))
    let values = page.map { device -> JSONValue in
      guard case .object(let members) = DeviceQuery.render(device, properties: properties) else { return .null }
      return .object([type] + members)
    }
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#directoryObjects"))]
    if offset + page.count < devices.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }

  /// `GET /devices`: Graph's directory-object paging (`$top` 1…999, default 100, an absolute
  /// `@odata.nextLink` with `$skiptoken`), `@odata.count` with `$count=true` and `ConsistencyLevel:
  /// eventual`, and `DeviceQuery`'s `$search`, `$filter` and `$orderby`.
  private func listDevices(_ all: [RegisteredDevice], request: IncomingRequest) throws(GraphError) -> Response {
    let query = request.query
    if query["$expand"] != nil {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "The sandbox does not expand device relationships; read /devices/{id}/registeredOwners.")
    }
    let properties: [String]
    let matches: [RegisteredDevice]
    do {
      properties = try DeviceQuery.selected(query["$select"])
      matches = try DeviceQuery.run(userListQuery(request), over: all)
    } catch { throw GraphError(error) }
    return try collectionPage(matches, entitySet: "devices", request: request) {
      DeviceQuery.render($0, properties: properties)
    }
  }

  func renderDevice(_ device: RegisteredDevice, select: String?) throws(GraphError) -> JSONValue {
    do { return DeviceQuery.render(device, properties: try DeviceQuery.selected(select)) } catch {
      throw GraphError(error)
    }
  }
}

// MARK: - Delta

/// The state a `/devices/delta` link carries, opaque to clients as Graph's are.
struct DeviceDeltaToken: LinkToken, Sendable, Equatable {
  /// `i`: initial full round; `d`: changes after `from`.
  var kind: String
  var instance: UInt32
  var from: Int
  var through: Int
  /// The last device id served; the next page starts after it.
  var after: String?
  var issued: Double
  var select: String?
  /// The devices a `$filter=id eq '…' or …` round tracks (at most 50, lower-cased); nil for all.
  var ids: [String]? = nil

  static let prefix = "sbxd1."
}

extension GraphEndpoints {
  /// Delta takes only `$select` and `$filter=id eq …` (device-delta); the rest is refused as on
  /// group delta.
  private static func deltaRefusal(_ query: FormFields) -> GraphError? {
    guard let option = ["$expand", "$top", "$orderby", "$search"].first(where: { query[$0] != nil }) else {
      return nil
    }
    return GraphError(
      status: 400, code: "Request_UnsupportedQuery", message: "The query option \(option) is not supported on delta.")
  }

  /// `GET /devices/delta` as device-delta documents it and `/users/delta` and `/groups/delta` are
  /// served: the first request's `$select` and `$filter=id eq '…'` are carried in the tokens;
  /// pages of up to 200 devices (`GraphLimits`, `Prefer: odata.maxpagesize` for fewer) by id,
  /// linked by `@odata.nextLink`; the last page carries `@odata.deltaLink`, which later returns
  /// only the devices changed since, removals as `{"id":…,"@removed":{"reason":…}}`.
  /// `$deltatoken=latest`, `syncStateNotFound` and the 7-day lifetime are the users' rules.
  private func deviceDelta(_ request: IncomingRequest) throws(GraphError) -> Response {
    let query = request.query
    if let refusal = Self.deltaRefusal(query) { throw refusal }
    let history = tenant.devices
    let snapshot = history.current
    let now = tenant.now.timeIntervalSince1970
    var token: DeviceDeltaToken
    if let skip = query["$skiptoken"] {
      token = try decodeDeviceToken(skip)
    } else if let delta = query["$deltatoken"], delta != "latest" {
      token = try decodeDeviceToken(delta)
      token.kind = "d"
      token.through = snapshot.version
      token.after = nil
    } else {
      token = DeviceDeltaToken(
        kind: query["$deltatoken"] == "latest" ? "d" : "i", instance: history.instance, from: snapshot.version,
        through: snapshot.version, after: nil, issued: now, select: query["$select"],
        ids: try query["$filter"].map(Self.filteredIds))
    }
    let properties: [String]
    do { properties = try DeviceQuery.selected(token.select) } catch { throw GraphError(error) }
    let pageSize = tenant.configuration.limits.deltaPageSize(prefer: request.header("Prefer"))
    let tracked = token.ids.map(Set.init)
    var values: [JSONValue] = []
    var lastId: String?
    var more = false
    /// Adds one entry unless the page is full (then `more` is set and the round stops).
    func add(_ id: String, _ value: JSONValue) -> Bool {
      if values.count == pageSize {
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
      let ids = snapshot.sortedIds
      let start = token.after.map { Self.firstIndex(in: ids, after: $0) } ?? 0
      for id in ids[start...] where tracked?.contains(id.lowercased()) ?? true {
        guard let device = snapshot.devices.device(id: id) else { continue }
        if !add(id, DeviceQuery.render(device, properties: properties)) { break }
      }
    } else {
      guard let changes = history.changes(after: token.from, through: token.through) else {
        throw Self.syncStateNotFound
      }
      for change in changes
      where token.after.map({ change.id > $0 }) ?? true && tracked?.contains(change.id.lowercased()) ?? true {
        let value: JSONValue
        if let device = snapshot.devices.device(id: change.id) {
          value = DeviceQuery.render(device, properties: properties)
        } else {
          value = .object([
            ("id", .string(change.id)), ("@removed", .object([("reason", .string(change.removal ?? "changed"))])),
          ])
        }
        if !add(change.id, value) { break }
      }
    }
    if more {
      var next = token
      next.after = lastId
      return deviceDeltaPage(request, values: values, next: next, deltaLink: nil)
    }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.issued = now
    return deviceDeltaPage(request, values: values, next: nil, deltaLink: final)
  }

  private func decodeDeviceToken(_ text: String) throws(GraphError) -> DeviceDeltaToken {
    guard let token = DeviceDeltaToken.decode(text), token.instance == tenant.devices.instance,
      tenant.now.timeIntervalSince1970 - token.issued <= Self.deltaTokenLifetime
    else { throw Self.syncStateNotFound }
    return token
  }

  private func deviceDeltaPage(
    _ request: IncomingRequest, values: [JSONValue], next: DeviceDeltaToken?, deltaLink: DeviceDeltaToken?
  ) -> Response {
    let select = (next ?? deltaLink)?.select.map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#devices\(select)"))]
    if let next {
      body.append(("@odata.nextLink", .string("\(request.base)/v1.0/devices/delta?$skiptoken=\(next.encoded)")))
    }
    if let deltaLink {
      body.append(("@odata.deltaLink", .string("\(request.base)/v1.0/devices/delta?$deltatoken=\(deltaLink.encoded)")))
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }
}
