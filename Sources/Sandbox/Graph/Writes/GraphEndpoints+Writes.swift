import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// The writes a help desk makes most (issue 45), routed here before any read: revoke sessions,
/// `accountEnabled`, a Temporary Access Pass (`+TemporaryAccessPass`), re-sending an invitation
/// (`+Invitations`) and group members (`+GroupMemberWrites`). Each checks, in Graph's order, the
/// delegated permission (403), the target (404), the signed-in person's roles against the target's
/// (`WriteRoleRules`, 403) and the target's state (400); a success is logged in
/// `/auditLogs/directoryAudits` and shows in the reads (PROTOCOL.md "Writes").
extension GraphEndpoints {
  /// Whether `request` is one of the writes (method and path), so the method gate lets it through.
  static func isWrite(_ request: IncomingRequest) -> Bool {
    let path = request.components.dropFirst().map { $0.lowercased() }
    switch (request.method, path.count) {
    case ("POST", 2) where path[0] == "me": return path[1] == "revokesigninsessions"
    case ("POST", 3) where path[0] == "users": return path[2] == "revokesigninsessions"
    case ("PATCH", 2): return path[0] == "users"
    case ("POST", 4) where path[0] == "users":
      return path[2] == "authentication" && path[3] == "temporaryaccesspassmethods"
    case ("POST", 1): return path[0] == "invitations"
    case ("POST", 4): return path[0] == "groups" && path[2] == "members" && path[3] == "$ref"
    case ("DELETE", 5): return path[0] == "groups" && path[2] == "members" && path[4] == "$ref"
    default: return false
    }
  }

  func write(_ request: IncomingRequest, caller: GraphCaller) async throws(GraphError) -> Response {
    let path = Array(request.components.dropFirst())
    let lower = path.map { $0.lowercased() }
    switch lower[0] {
    case "invitations": return try invite(request, caller: caller)
    case "groups": return try changeMembers(path, request: request, caller: caller)
    default:
      let key = lower[0] == "me" ? caller.user.id : Self.unwrapKey(path[1])
      switch (request.method, lower.last) {
      case ("PATCH", _): return try updateAccount(key, request: request, caller: caller)
      case (_, "revokesigninsessions"): return try revokeSessions(key, request: request, caller: caller)
      default: return try createPass(key, request: request, caller: caller)
      }
    }
  }

  // MARK: - Shared

  static let revokePermissions: Set<String> = [
    "User.RevokeSessions.All", "User.ReadWrite.All", "Directory.ReadWrite.All",
  ]
  static let accountWritePermissions: Set<String> = ["User.ReadWrite.All", "Directory.ReadWrite.All"]

  /// The target user, or Graph's 404 (after the permission check, as Graph answers).
  func writeTarget(_ key: String) throws(GraphError) -> DirectoryUser {
    guard let user = tenant.directory.user(idOrUPN: key) else { throw .notFound(key) }
    return user
  }

  /// The body as a JSON object, or Graph's 400 for anything else.
  static func jsonObject(_ request: IncomingRequest, optional: Bool = false) throws(GraphError) -> [(String, JSONValue)]
  {
    let text = request.body.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty {
      if optional { return [] }
      throw GraphError(status: 400, code: "BadRequest", message: "Empty Payload. JSON content expected.")
    }
    guard let data = text.data(using: .utf8), let value = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .object(let members) = value
    else {
      throw GraphError(status: 400, code: "BadRequest", message: "Unable to read JSON request payload.")
    }
    return members
  }

  static let syncedObject = GraphError(
    status: 400, code: "Request_BadRequest",
    message:
      "Unable to update the specified properties for on-premises mastered Directory Sync objects or objects currently undergoing migration."
  )

  func noContent(_ request: IncomingRequest) -> Response {
    Response(status: .noContent, headers: Self.headers(Self.requestIds(request)))
  }

  func created(_ body: JSONValue, _ request: IncomingRequest) -> Response {
    .json(body, status: .created, contentType: Self.contentType, headers: Self.headers(Self.requestIds(request)))
  }

  func audit(
    _ activity: WriteAudit.Activity, by caller: GraphCaller, on targets: [WriteAudit.Target], reason: String = ""
  ) {
    tenant.writes.append(
      WriteAudit(activity: activity, date: tenant.now, initiator: caller.user, targets: targets, resultReason: reason))
  }

  // MARK: - revokeSignInSessions

  /// `POST /users/{id}/revokeSignInSessions` (user-revokesigninsessions): User.RevokeSessions.All
  /// (or User.ReadWrite.All, Directory.ReadWrite.All); 200 `{"value": true}`; the user's
  /// `signInSessionsValidFromDateTime` becomes now. Anyone may revoke their own.
  func revokeSessions(_ key: String, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard !caller.permissions.isDisjoint(with: Self.revokePermissions) else { throw .accessDenied }
    let target = try writeTarget(key)
    if target.id != caller.user.id { try checkRole(.revokeSessions, caller: caller, target: target) }
    let now = tenant.now.wholeSeconds
    tenant.writes.revokeSessions(of: target.id, at: now)
    let stamp = "[\"\(now.formatted(.iso8601))\"]"
    audit(
      .revokeSessions, by: caller, on: [WriteAudit.user(target, modified: [("StsRefreshTokensValidFrom", nil, stamp)])])
    return ok(
      .object([
        ("@odata.context", .string("\(request.base)/v1.0/$metadata#Edm.Boolean")), ("value", .bool(true)),
      ]), request)
  }

  // MARK: - PATCH accountEnabled

  /// `PATCH /users/{id}` with `accountEnabled` only (user-update): User.EnableDisableAccount.All
  /// with User.Read.All, or User.ReadWrite.All / Directory.ReadWrite.All; 204. A synced account
  /// is mastered on premises (Graph's 400); other properties are not written by the sandbox (400).
  func updateAccount(_ key: String, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let permissions = caller.permissions
    let narrow = permissions.contains("User.EnableDisableAccount.All") && caller.canReadAllFull
    guard narrow || !permissions.isDisjoint(with: Self.accountWritePermissions) else { throw .accessDenied }
    let target = try writeTarget(key)
    let members = try Self.jsonObject(request)
    var enabled: Bool?
    for (name, value) in members {
      guard name.lowercased() == "accountenabled" else {
        throw GraphError(
          status: 400, code: "Request_BadRequest",
          message: "The sandbox updates only accountEnabled; the property '\(name)' is not written here.")
      }
      guard case .bool(let flag) = value else {
        throw GraphError(
          status: 400, code: "Request_BadRequest",
          message: "Invalid value specified for property 'accountEnabled' of resource 'User'.")
      }
      enabled = flag
    }
    guard let enabled else {
      throw GraphError(status: 400, code: "Request_BadRequest", message: "Empty Payload. JSON content expected.")
    }
    try checkRole(.enableDisable, caller: caller, target: target)
    if facts(target).onPremisesSyncEnabled == true { throw Self.syncedObject }
    var changed = target
    changed.accountEnabled = enabled
    do { try tenant.history.apply([.update(changed)]) } catch { throw .notFound(key) }
    audit(
      enabled ? .enable : .disable, by: caller,
      on: [WriteAudit.user(target, modified: [("AccountEnabled", "[\(target.accountEnabled)]", "[\(enabled)]")])])
    return noContent(request)
  }
}
