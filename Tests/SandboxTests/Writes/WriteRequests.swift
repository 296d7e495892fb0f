import Foundation
import Sandbox
import TestSupport

/// Requests the write tests send, and the scopes they sign in with.
enum WriteRequests {
  /// Everything the fixes and their checks need.
  static let operatorScopes =
    "openid profile offline_access User.Read User.Read.All User.RevokeSessions.All User.EnableDisableAccount.All "
    + "UserAuthenticationMethod.ReadWrite.All User.Invite.All GroupMember.ReadWrite.All AuditLog.Read.All "
    + "Directory.Read.All"
  /// Reads only: every write is Graph's 403 for want of a permission.
  static let readOnly = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All"

  /// The operator configuration `roster sandbox` and `--demo` use.
  static func withOperator(_ configuration: inout SandboxConfiguration) {
    configuration.operatorRoles = SandboxConfiguration.fixOperatorRoles
  }

  static func code(_ reply: Reply) -> String? { (reply.json["error"] as? [String: Any])?["code"] as? String }
  static func message(_ reply: Reply) -> String? {
    (reply.json["error"] as? [String: Any])?["message"] as? String
  }
}

extension SandboxHarness {
  /// A Graph write with a bearer token and, when given, a JSON body.
  func write(_ method: String, _ path: String, token: String, json: String? = nil) async throws -> Reply {
    var headers = [("Authorization", "Bearer \(token)")]
    if json != nil { headers.append(("Content-Type", "application/json")) }
    return try await send(method, path, headers: headers, body: json)
  }
}
