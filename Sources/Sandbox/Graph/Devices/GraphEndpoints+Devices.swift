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
      let query = try countQuery(request)
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

extension GraphEndpoints {
  /// `GET /devices/delta` (`itemDelta`, as the apps' delta).
  private func deviceDelta(_ request: IncomingRequest) throws(GraphError) -> Response {
    let history = tenant.devices
    let snapshot = history.current
    let items = ItemDeltaCollection(
      entitySet: "devices", instance: history.instance, version: snapshot.version, sortedIds: snapshot.sortedIds,
      selected: { select throws(GraphQueryError) in try DeviceQuery.selected(select) },
      render: { id, properties in snapshot.devices.device(id: id).map { DeviceQuery.render($0, properties: properties) }
      },
      changes: { history.changes(after: $0, through: $1) })
    return try itemDelta(items, request: request)
  }
}
