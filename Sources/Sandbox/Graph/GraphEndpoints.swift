import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// Microsoft Graph v1.0, the users and groups subset: `/me`, `/users`, `/users/{id|upn}` and their
/// `manager` (also as `$expand=manager($levels=…)`), `directReports` and photos (`GraphEndpoints+Photo`); JSON
/// `$batch` and `communications/getPresencesByUserId`; `/groups` and memberships
/// (`GraphEndpoints+Groups`); rooms and room lists (`GraphEndpoints+Places`); devices
/// (`GraphEndpoints+Devices`); app registrations and enterprise apps (`GraphEndpoints+Apps`); the People API
/// (`GraphEndpoints+People`); with Graph's bearer and permission checks.
struct GraphEndpoints: Sendable {
  let tenant: SandboxTenant

  /// Graph's JSON content type, parameters and all.
  static let contentType =
    "application/json; odata.metadata=minimal; odata.streaming=true; IEEE754Compatible=false; charset=utf-8"

  func respond(to incoming: IncomingRequest) async -> Response {
    var request = incoming
    request.path = Self.castsSpelledInFull(incoming.path)
    let now = tenant.now
    let isPost =
      Self.postPaths.contains(request.components.dropFirst().joined(separator: "/").lowercased())
      || Self.isSchedulePath(Array(request.components.dropFirst()))
    guard request.method == (isPost ? "POST" : "GET") || Self.isWrite(request) else {
      return GraphError(
        status: 405, code: "Request_BadRequest", message: "Specified HTTP method is not allowed for the request target."
      )
      .response(request: request, now: now)
    }
    tenant.stats.record { $0.graphRequests += 1 }
    let caller: GraphCaller
    switch await tenant.authenticate(request) {
    case .success(let found): caller = found
    case .failure(let error): return error.response(request: request, now: now)
    }
    let throttle = throttle(request, caller: caller)
    if let refusal = throttle.refusal { return refusal }
    var response: Response
    do {
      response = try await route(request, caller: caller)
    } catch {
      response = error.response(request: request, now: now)
    }
    for field in throttle.headers { response.headers.append(field) }
    return response
  }

  private func route(_ request: IncomingRequest, caller: GraphCaller) async throws(GraphError) -> Response {
    let segments = Array(request.components.dropFirst())
    guard let first = segments.first else { throw .badSegment("v1.0") }
    // Issue 45's writes (`Writes/GraphEndpoints+Writes`).
    if Self.isWrite(request) { return try await write(request, caller: caller) }
    if Self.isSchedulePath(segments) { return try schedule(request, caller: caller) }
    switch first.lowercased() {
    case "$batch" where segments.count == 1:
      return try await batch(request)
    case "communications" where segments.count == 2:
      return try presences(request, caller: caller)
    case "communications":
      return try communicationsPresence(segments, request: request, caller: caller)
    case "me":
      return try await user(
        caller.user, rest: Array(segments.dropFirst()), isSelf: true, request: request, caller: caller)
    case "users":
      let rest = Array(segments.dropFirst())
      guard let key = rest.first else { return try listUsers(request, caller: caller) }
      if key.lowercased() == "$count" && rest.count == 1 { return try countUsers(request, caller: caller) }
      if ["delta", "microsoft.graph.delta", "delta()"].contains(key.lowercased()) && rest.count == 1 {
        return try userDelta(request, caller: caller)
      }
      let id = Self.unwrapKey(key)
      guard let target = tenant.directory.user(idOrUPN: id) else {
        guard caller.canReadAllBasic || caller.canReadSelf else { throw .accessDenied }
        throw .notFound(id)
      }
      // Graph reads `signInActivity` by object id only (issue 33).
      if rest.count == 1, Self.selectsSignInActivity(request), id.lowercased() != target.id.lowercased() {
        throw Self.signInActivityByName
      }
      let isSelf = target.id == caller.user.id
      return try await user(target, rest: Array(rest.dropFirst()), isSelf: isSelf, request: request, caller: caller)
    case "groups":
      return try groups(Array(segments.dropFirst()), request: request, caller: caller)
    case "places":
      return try places(Array(segments.dropFirst()), request: request, caller: caller)
    case "devices":
      return try devices(Array(segments.dropFirst()), request: request, caller: caller)
    case "applications": return try applications(Array(segments.dropFirst()), request: request, caller: caller)
    case let name where name.hasPrefix("applications(") || name.hasPrefix("serviceprincipals("):
      return try appByAlternateKey(segments, request: request, caller: caller)
    case "serviceprincipals":
      return try servicePrincipals(Array(segments.dropFirst()), request: request, caller: caller)
    case "auditlogs" where segments.count == 2 && segments[1].lowercased() == "signins":
      return try signIns(request, caller: caller)
    case "auditlogs" where segments.count == 2 && segments[1].lowercased() == "directoryaudits":
      return try directoryAudits(request, caller: caller)
    case "directory": return try deletedItems(Array(segments.dropFirst()), request: request, caller: caller)
    case "reports":
      return try registrationDetails(segments, request: request, caller: caller)
    case "rolemanagement": return try roleManagement(segments, request: request, caller: caller)
    default:
      throw .badSegment(first)
    }
  }

  /// `users('x@y')` and `users/x@y` name the same user.
  static func unwrapKey(_ key: String) -> String {
    if key.hasPrefix("('") && key.hasSuffix("')") && key.count >= 4 {
      return String(key.dropFirst(2).dropLast(2)).replacingOccurrences(of: "''", with: "'")
    }
    return key
  }

  /// One user and its navigation properties.
  private func user(
    _ target: DirectoryUser, rest: [String], isSelf: Bool, request: IncomingRequest, caller: GraphCaller
  ) async throws(GraphError) -> Response {
    if let relation = rest.first?.lowercased(), relation == "memberof" || relation == "transitivememberof" {
      guard let index = tenant.directory.userIndex(id: target.id) else { throw .notFound(target.id) }
      return try memberships(of: .user(Int32(index)), path: rest, isSelf: isSelf, request: request, caller: caller)
    }
    // The People API has its own permissions (People.Read), not the user-reading ones.
    if rest.first?.lowercased() == "people" {
      return try people(target, rest: rest, isSelf: isSelf, request: request, caller: caller)
    }
    // A guest's sponsors (`Guests/GraphEndpoints+Sponsors`): users and groups, User.Read(.All).
    if rest.count == 1, rest[0].lowercased() == "sponsors" {
      return try sponsors(of: target, isSelf: isSelf, request: request, caller: caller)
    }
    // Presence has its own permissions (Presence.Read, Presence.Read.All), as People does.
    if rest.count == 1, rest[0].lowercased() == "presence" {
      return try presence(
        of: target, isSelf: isSelf, context: "users('\(target.id)')/presence", request: request, caller: caller)
    }
    guard isSelf ? caller.canReadSelf : caller.canReadAllBasic else { throw .accessDenied }
    let directory = tenant.directory
    switch rest.map({ $0.lowercased() }) {
    case []:
      let properties = try selected(request)
      if properties.contains("signInActivity") { try checkSignInActivity(caller) }
      var body = renderWithAccount(target, properties: properties, caller: caller)
      if let expansion = try ManagerExpansion.parse(request.query["$expand"]) {
        body = try expandManager(body, of: target, expansion, isSelf: isSelf, request: request, caller: caller)
      }
      return ok(prefixed(body, [("@odata.context", .string("\(request.base)/v1.0/$metadata#users/$entity"))]), request)
    case ["manager"]:
      guard isSelf || caller.canReadAllFull else { throw .accessDenied }
      guard let manager = directory.manager(of: target) else { throw .notFound("manager") }
      let properties = try selected(request)
      let body = directory.render(
        manager, properties: properties, basicProfileOnly: caller.basicProfileOnly(for: manager))
      return ok(
        prefixed(
          body,
          [
            ("@odata.context", .string("\(request.base)/v1.0/$metadata#directoryObjects/$entity")),
            ("@odata.type", .string("#microsoft.graph.user")),
          ]), request)
    case ["directreports"]:
      guard isSelf || caller.canReadAllFull else { throw .accessDenied }
      let properties = try selected(request)
      let reports = directory.directReports(of: target).map { report in
        prefixed(
          directory.render(report, properties: properties, basicProfileOnly: caller.basicProfileOnly(for: report)),
          [("@odata.type", .string("#microsoft.graph.user"))])
      }
      return ok(
        .object([
          ("@odata.context", .string("\(request.base)/v1.0/$metadata#directoryObjects")), ("value", .array(reports)),
        ]), request)
    case let path where path.count == 1 && (path[0] == "registereddevices" || path[0] == "owneddevices"):
      return try userDevices(
        target, owned: path[0] == "owneddevices", isSelf: isSelf, request: request, caller: caller)
    case let path where path.count == 1 && path[0] == "ownedobjects":
      return try ownedObjects(target, request: request, caller: caller)
    case let path where path.count == 1 && path[0] == "licensedetails":
      guard let response = try accountRelation(target, path, isSelf: isSelf, request: request, caller: caller) else {
        throw .badSegment(rest[0])
      }
      return response
    case let path where path.first == "photo" || path.first == "photos":
      guard let response = try photo(target, rest: path, request: request) else { throw .badSegment(rest.last ?? "") }
      return response
    default:
      throw .badSegment(rest.first ?? "")
    }
  }

  /// Paths (after `v1.0/`) that take a POST; every other Graph path is GET only.
  static let postPaths: Set<String> = ["$batch", "communications/getpresencesbyuserid"]

  /// The manager chain as nested `manager` members: `User.Read.All` as for `/manager`, and
  /// `$levels` only as an advanced query (`ConsistencyLevel: eventual`).
  private func expandManager(
    _ body: JSONValue, of target: DirectoryUser, _ expansion: ManagerExpansion, isSelf: Bool,
    request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> JSONValue {
    guard isSelf || caller.canReadAllFull else { throw .accessDenied }
    if expansion.usesLevels && !userListQuery(request).consistencyLevelEventual {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "$levels in $expand requires the ConsistencyLevel header set to eventual.")
    }
    let properties: [String]
    do { properties = try tenant.directory.selectedProperties(expansion.select) } catch { throw GraphError(error) }
    let directory = tenant.directory
    return expansion.expand(body, of: target, directory: directory) { manager in
      directory.render(manager, properties: properties, basicProfileOnly: caller.basicProfileOnly(for: manager))
    }
  }

  func selected(_ request: IncomingRequest) throws(GraphError) -> [String] {
    do { return try tenant.directory.selectedProperties(request.query["$select"]) } catch { throw GraphError(error) }
  }

  func ok(_ body: JSONValue, _ request: IncomingRequest) -> Response {
    .json(body, contentType: Self.contentType, headers: Self.headers(Self.requestIds(request)))
  }

  private func prefixed(_ value: JSONValue, _ annotations: [(String, JSONValue)]) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(annotations + members)
  }
}

// MARK: - Shared response details

extension GraphEndpoints {
  /// `request-id` is new per request; `client-request-id` echoes the client's, else repeats it.
  static func requestIds(_ request: IncomingRequest) -> (requestId: String, clientRequestId: String) {
    let requestId = UUID().uuidString.lowercased()
    return (requestId, request.header("client-request-id") ?? requestId)
  }

  static func headers(_ ids: (requestId: String, clientRequestId: String)) -> HTTPFields {
    var fields = HTTPFields()
    fields[HTTPField.Name("request-id")!] = ids.requestId
    fields[HTTPField.Name("client-request-id")!] = ids.clientRequestId
    fields[HTTPField.Name("x-ms-ags-diagnostic")!] =
      "{\"ServerInfo\":{\"DataCenter\":\"Sandbox\",\"Slice\":\"E\",\"Ring\":\"1\",\"ScaleUnit\":\"000\",\"RoleInstance\":\"roster-sandbox\"}}"
    fields[.cacheControl] = "no-cache"
    return fields
  }

  /// `innerError.date`: ISO 8601 without fractional seconds or zone, as Graph writes it.
  static func dateFormat(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return formatter.string(from: date)
  }
}
