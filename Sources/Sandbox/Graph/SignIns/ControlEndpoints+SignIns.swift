import Foundation
import Hummingbird
import SandboxDirectory

extension ControlEndpoints {
  /// `POST /_sandbox/signins` `{"user": "id or UPN", "errorCode"?: 50126, "app"?: "…", "ipAddress"?: "…",
  /// "secondsAgo"?: 0}` adds a sign-in to the log at the sandbox's now (less `secondsAgo`: one that
  /// reaches the log late, as Graph's do) → 201 `{"id","user","createdDateTime","errorCode"}`.
  /// `DELETE /_sandbox/signins` forgets every added one.
  func injectSignIn(_ request: IncomingRequest) -> Response {
    let usage =
      "The body must be {\"user\": \"id or UPN\", \"errorCode\"?: 50126, \"app\"?: \"…\", \"ipAddress\"?: \"…\", "
      + "\"secondsAgo\"?: 0}."
    guard let data = request.body.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let key = object["user"] as? String
    else { return failure(.badRequest, usage) }
    let code = object["errorCode"] ?? 50126
    let ago = object["secondsAgo"] ?? 0
    guard let errorCode = (code as? NSNumber)?.intValue, errorCode >= 0,
      let secondsAgo = (ago as? NSNumber)?.doubleValue, secondsAgo >= 0,
      object["app"] == nil || object["app"] is String, object["ipAddress"] == nil || object["ipAddress"] is String
    else { return failure(.badRequest, usage) }
    guard let user = tenant.directory.user(idOrUPN: key) else {
      return failure(.notFound, "No user '\(key)' in the sandbox directory.")
    }
    let time = Date(timeIntervalSince1970: (tenant.now.timeIntervalSince1970 - secondsAgo).rounded(.down))
    let reason =
      SignInHistory.outcomes.first { $0.0 == errorCode }?.1 ?? "Added through the sandbox's control API."
    let id = String(format: "5a0d1e00-0000-4000-9000-%012x", tenant.injectedSignIns.count + 1)
    let entry = InjectedSignIns.make(
      id: id, user: user, time: time, errorCode: errorCode, failureReason: reason,
      app: object["app"] as? String ?? "Microsoft Teams", client: "Browser",
      address: object["ipAddress"] as? String ?? "198.51.100.7", place: ("Oslo", "Oslo", "NO"), interactive: true)
    tenant.injectedSignIns.add(InjectedSignIns.Injected(userId: user.id, entry: entry))
    return .json(
      .object([
        ("id", .string(id)), ("user", .string(user.userPrincipalName)),
        ("createdDateTime", .string(time.formatted(.iso8601))), ("errorCode", .number(Double(errorCode))),
      ]), status: .created)
  }
}
