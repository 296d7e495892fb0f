import Foundation
import Hummingbird
import SandboxDirectory

/// `/_sandbox/…`: the control API tests and demos drive the sandbox with. Loopback callers only.
///
/// - `POST /_sandbox/device/approve`, `/deny` `{"user_code"?, "user"?}` → `{"user_code","user","status"}`
/// - `POST /_sandbox/faults` a rule or an array of rules → `{"rules":[…]}`; `GET` lists (a `hold` rule
///   with `held`, the requests it holds now); `DELETE` clears, releasing held requests
/// - `GET /_sandbox/requests` → `{"requests":[…]}` oldest first; `DELETE` clears
/// - `GET /_sandbox/stats` → `{"requests","graphRequests","resourceUnits","throttled"}` (`SandboxStats`);
///   `DELETE` zeroes them and empties every app's resource-unit window, so a run starts fresh
/// - `/_sandbox/users…` and `/_sandbox/churn`: directory changes (`ControlEndpoints+Users`)
/// - `/_sandbox/groups…`: group membership changes (`ControlEndpoints+Groups`)
/// - `POST /_sandbox/presence` pins a person's presence (see `pinPresence`); `DELETE` unpins all
/// - `POST /_sandbox/browser` `{"user": UPN}` → who the stand-in browser signs in as from now on
///   (`{}` for the default user), so a second B2C customer can sign in through the real flow
/// - `POST /_sandbox/signins` adds a sign-in (a failure by default) to the log now; `DELETE` forgets
///   them (`ControlEndpoints+SignIns`)
struct ControlEndpoints: Sendable {
  let tenant: SandboxTenant

  func respond(to request: IncomingRequest) async -> Response {
    guard request.isLoopbackPeer else {
      return failure(.forbidden, "The sandbox control API only answers callers on this machine.")
    }
    let parts = Array(request.components.dropFirst())
    if parts.count == 2, parts[0] == "users", request.method == "PATCH" || request.method == "DELETE" {
      return request.method == "PATCH" ? updateUser(request, key: parts[1]) : deleteUser(request, key: parts[1])
    }
    if let groups = groupControl(request, parts: parts) { return groups }
    switch (request.method, parts) {
    case ("POST", ["device", "approve"]): return await device(request, approve: true)
    case ("POST", ["device", "deny"]): return await device(request, approve: false)
    case ("POST", ["faults"]): return await addFaults(request)
    case ("GET", ["faults"]): return .json(.object([("rules", .array(tenant.faults.json))]))
    case ("DELETE", ["faults"]):
      tenant.faults.clear()
      return Response(status: .noContent)
    case ("GET", ["requests"]): return .json(.object([("requests", .array(tenant.requestLog.all.map(\.json)))]))
    case ("DELETE", ["requests"]):
      tenant.requestLog.clear()
      return Response(status: .noContent)
    case ("GET", ["info"]): return info(request)
    case ("GET", ["stats"]): return .json(tenant.stats.current.json)
    case ("DELETE", ["stats"]):
      tenant.stats.reset()
      tenant.budget.reset()
      tenant.mailboxLimit.reset()
      tenant.reportsLimit.reset()
      return Response(status: .noContent)
    case ("POST", ["users"]): return addUsers(request)
    case ("POST", ["churn"]): return churn(request)
    case ("POST", ["presence"]): return pinPresence(request)
    case ("DELETE", ["presence"]):
      tenant.presence.unpinAll()
      return Response(status: .noContent)
    case ("POST", ["browser"]): return browser(request)
    case ("POST", ["signins"]): return injectSignIn(request)
    case ("DELETE", ["signins"]):
      tenant.injectedSignIns.clear()
      return Response(status: .noContent)
    default: return failure(.notFound, "No control endpoint \(request.method) \(request.path).")
    }
  }

  private func device(_ request: IncomingRequest, approve: Bool) async -> Response {
    let body = request.body.trimmingCharacters(in: .whitespacesAndNewlines)
    var fields: [String: Any] = [:]
    if !body.isEmpty {
      guard let data = body.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else {
        return failure(.badRequest, "The body must be a JSON object like {\"user_code\": \"…\", \"user\": \"UPN\"}.")
      }
      fields = object
    }
    let userCode = fields["user_code"] as? String
    let user = fields["user"] as? String
    if (fields["user_code"] != nil && userCode == nil) || (fields["user"] != nil && user == nil) {
      return failure(.badRequest, "'user_code' and 'user' must be strings.")
    }
    switch await tenant.decideDeviceCode(userCode: userCode, user: user, approve: approve) {
    case .success(let (code, person)):
      return .json(
        .object([
          ("user_code", .string(code)), ("user", .string(person.userPrincipalName)),
          ("status", .string(approve ? "approved" : "denied")),
        ]))
    case .failure(let error):
      if case .noPendingCode = error { return failure(.notFound, error.description) }
      return failure(.badRequest, error.description)
    }
  }

  private func addFaults(_ request: IncomingRequest) async -> Response {
    guard let data = request.body.data(using: .utf8), let parsed = try? JSONSerialization.jsonObject(with: data) else {
      return failure(.badRequest, "The body must be a fault rule (JSON object) or an array of them.")
    }
    let objects: [[String: Any]]
    if let one = parsed as? [String: Any] {
      objects = [one]
    } else if let many = parsed as? [[String: Any]] {
      objects = many
    } else {
      return failure(.badRequest, "The body must be a fault rule (JSON object) or an array of them.")
    }
    var rules: [FaultRule] = []
    for (index, object) in objects.enumerated() {
      do { rules.append(try FaultRule(json: object)) } catch {
        return failure(.badRequest, objects.count > 1 ? "rule \(index): \(error.description)" : error.description)
      }
    }
    var added: [JSONValue] = []
    for rule in rules {
      switch rule.kind {
      case .expireAccessTokens: await tenant.grants.expireAccessTokens()
      case .revokeRefreshTokens: await tenant.grants.revokeAllRefreshTokens()
      default: break
      }
      added.append(tenant.faults.add(rule).json)
    }
    return .json(.object([("rules", .array(added))]), status: .created)
  }

  private func info(_ request: IncomingRequest) -> Response {
    .json(
      .object([
        ("base_url", .string(request.base)), ("tenant_id", .string(tenant.tenantId)),
        ("tenant_domain", .string(tenant.tenantDomain)), ("client_id", .string(RegisteredApp.demoClientId)),
        ("default_user", .string(tenant.directory.defaultUser.userPrincipalName)),
        ("directory_version", .int(tenant.history.current.version)), ("people", .int(tenant.directory.users.count)),
        // Everyone but those hidden from the address list: what a client's index should hold.
        ("listed", .int(tenant.directory.listedCount)),
        ("groups", .int(tenant.directory.groups.count)),
      ]))
  }

  func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
    .json(.object([("error", .string(message))]), status: status)
  }
}
