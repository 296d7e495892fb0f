import Foundation
import SandboxDirectory

/// Who is calling the task API, read from a bearer token validated as the ASP.NET TaskService
/// validates it (PROTOCOL.md, "B2C task API").
struct TaskAPICaller: Sendable, Equatable {
  /// The owner claim: `oid`, else `sub` (newer versions of the service use `sub`).
  var owner: String
  /// The API permissions the token carries (`scp`: `read`, `write`).
  var scopes: Set<String>
}

/// Why the task API refused a request before looking at any task: 401 with a
/// `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3).
struct TaskAPIRejection: Error, Sendable, Equatable {
  /// RFC 6750 error code: `invalid_token`, `insufficient_scope`, or nil when no token was sent.
  var error: String?
  var description: String
  /// The scope that was missing, for `insufficient_scope`.
  var scope: String?

  var challenge: String {
    var parts = [#"realm="tasks""#]
    if let error { parts.append("error=\"\(error)\"") }
    parts.append("error_description=\"\(description.replacingOccurrences(of: "\"", with: "'"))\"")
    if let scope { parts.append("scope=\"\(scope)\"") }
    return "Bearer " + parts.joined(separator: ", ")
  }

  static func invalidToken(_ description: String) -> TaskAPIRejection {
    TaskAPIRejection(error: "invalid_token", description: description)
  }
}

extension SandboxTenant {
  /// The task API's App ID URI; its scopes are `{uri}/read` and `{uri}/write`.
  var taskAPIIdentifier: String { "https://\(tenantDomain)/api" }

  /// The issuers of the task API's policy as its discovery document states them, for the base the
  /// caller used and for the bound address (a token got through `localhost` is still ours).
  func taskAPIIssuers(requestBase: String) -> Set<String> {
    [requestBase, baseURL.absoluteString].map { "\($0)/\(tenantId)/v2.0/" }.reduce(into: []) { $0.insert($1) }
  }

  /// Validates `Authorization: Bearer …` for the task API: signed with the policy's key, issued
  /// by that policy for this app, within its lifetime (and not expired by the fault), with the
  /// scope `needed` unless the legacy id-token mode is on.
  func authenticateTaskCaller(_ request: IncomingRequest, needs needed: String) async
    -> Result<TaskAPICaller, TaskAPIRejection>
  {
    guard let header = request.headers[.authorization], !header.isEmpty else {
      return .failure(TaskAPIRejection(error: nil, description: "Authorization has been denied for this request."))
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else {
      return .failure(.invalidToken("The Authorization header is not a Bearer token."))
    }
    let claims: [String: Any]
    do { claims = try signer.verify(String(parts[1]).trimmingCharacters(in: .whitespaces)) } catch {
      return .failure(
        .invalidToken(
          error == .badSignature
            ? "The signature is invalid: the token was not signed with the policy's keys."
            : "The token is not a well-formed JWT."))
    }
    let configuration = self.configuration
    guard let issuer = claims["iss"] as? String, taskAPIIssuers(requestBase: request.base).contains(issuer) else {
      return .failure(.invalidToken("The issuer is invalid: the token was not issued by this tenant's B2C policies."))
    }
    let policy = (claims["tfp"] as? String) ?? (claims["acr"] as? String)
    guard policy?.lowercased() == configuration.taskPolicy.lowercased() else {
      return .failure(
        .invalidToken("The token was issued by another policy; this API trusts \(configuration.taskPolicy)."))
    }
    guard let audience = claims["aud"] as? String, audience.lowercased() == RegisteredApp.demoClientId else {
      return .failure(.invalidToken("The audience is invalid: the token was issued for another application."))
    }
    let nowSeconds = now.timeIntervalSince1970
    if nowSeconds >= Self.seconds(claims["exp"]) ?? 0 { return .failure(.invalidToken("The token is expired.")) }
    if nowSeconds < Self.seconds(claims["nbf"]) ?? 0 { return .failure(.invalidToken("The token is not yet valid.")) }
    let generation = await grants.accessTokenGeneration
    if let uti = claims["uti"] as? String, let issued = Int(uti.dropFirst().prefix { $0 != "." }), issued < generation {
      return .failure(.invalidToken("The token is expired."))
    }
    guard let owner = (claims["oid"] as? String) ?? (claims["sub"] as? String), !owner.isEmpty else {
      return .failure(.invalidToken("The token names no user (no oid or sub claim)."))
    }
    let scopes = Set(((claims["scp"] as? String) ?? "").split(separator: " ").map(String.init))
    if !configuration.taskAPIAcceptsIdTokens && !scopes.contains(needed) {
      return .failure(
        TaskAPIRejection(
          error: "insufficient_scope",
          description: "The Scope claim does not contain '\(needed)' or scope claim not found.",
          scope: "\(taskAPIIdentifier)/\(needed)"))
    }
    return .success(TaskAPICaller(owner: owner, scopes: scopes))
  }

  private static func seconds(_ value: Any?) -> Double? {
    if let int = value as? Int { return Double(int) }
    return value as? Double
  }
}
