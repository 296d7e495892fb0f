import Foundation
import TestSupport
import Testing

extension SandboxHarness {
  var policyPath: String { "/\(sandbox.tenantDomain)/\(sandbox.taskPolicy)" }
  /// The task API scopes plus what a B2C client always asks for.
  var taskScope: String { (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " ") }

  /// Signs in through the B2C policy (authorize + PKCE + token) as `user` (default user when nil).
  func b2cSignIn(scope: String? = nil, user: String? = nil, policy: String? = nil) async throws -> Tokens {
    let path = policy.map { "/\(sandbox.tenantDomain)/\($0)" } ?? policyPath
    let (verifier, challenge) = SandboxHarness.pkce()
    var parameters = [
      ("client_id", sandbox.clientId), ("response_type", "code"), ("redirect_uri", "http://localhost"),
      ("scope", scope ?? taskScope), ("code_challenge", challenge), ("code_challenge_method", "S256"),
    ]
    if let user { parameters.append(("login_hint", user)) }
    let reply = try await authorize(parameters, authorityPath: path)
    let code = try #require(SandboxHarness.redirectParameters(reply)["code"])
    let tokens = try await post(
      "\(path)/oauth2/v2.0/token",
      form: [
        ("client_id", sandbox.clientId), ("grant_type", "authorization_code"), ("code", code),
        ("redirect_uri", "http://localhost"), ("code_verifier", verifier),
      ])
    #expect(tokens.status == 200)
    return Tokens(
      accessToken: tokens["access_token"] ?? "", refreshToken: tokens["refresh_token"], idToken: tokens["id_token"],
      scope: tokens["scope"] ?? "")
  }

  /// A task API call with the bearer token (when given) and a JSON or form body.
  func tasks(
    _ method: String, _ suffix: String = "", token: String?, json: String? = nil, form: String? = nil
  ) async throws -> Reply {
    var headers = token.map { [("Authorization", "Bearer \($0)")] } ?? []
    if json != nil { headers.append(("Content-Type", "application/json")) }
    if form != nil { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
    return try await send(method, "/api/tasks\(suffix)", headers: headers, body: json ?? form)
  }
}

extension Reply {
  /// The body as a JSON array of objects (a task list).
  var array: [[String: Any]] { ((try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]]) ?? [] }
}
