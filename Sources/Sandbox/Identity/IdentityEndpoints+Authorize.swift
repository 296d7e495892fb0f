import Foundation
import Hummingbird
import SandboxDirectory

extension IdentityEndpoints {
  /// `GET …/oauth2/v2.0/authorize`: a browser stand-in that signs in as `login_hint` (else the
  /// default user) at once and redirects with `code`, `state` and `session_state`. Unknown apps
  /// and unregistered redirect URIs get an error page (Entra never redirects to them); the rest
  /// of the errors go back to the redirect URI.
  func authorize(_ request: IncomingRequest, path: AuthorityPath) async -> Response {
    let query = request.method == "POST" ? request.form : request.query
    let b2c = path.isB2C
    guard let clientId = query.nonEmpty("client_id") else { return errorPage(.missingParameter("client_id")) }
    guard let app = tenant.app(clientId) else { return errorPage(.unknownClient(clientId, tenant: tenant.tenantId)) }
    guard let redirectURI = query.nonEmpty("redirect_uri") else { return errorPage(.missingParameter("redirect_uri")) }
    guard app.accepts(redirectURI: redirectURI) else {
      return errorPage(
        AADError(
          error: "invalid_request", code: 50011,
          message:
            "The redirect URI '\(redirectURI)' specified in the request does not match the redirect URIs configured for the application '\(clientId)'. Make sure the redirect URI sent in the request matches one added to your application in the Azure portal."
        ))
    }
    let redirect = AuthorizeRedirect(
      redirectURI: redirectURI, mode: query["response_mode"] ?? "query", state: query["state"], b2c: b2c,
      now: tenant.now)
    guard let responseType = query.nonEmpty("response_type") else {
      return redirect.error(.missingParameter("response_type"))
    }
    guard responseType.split(separator: " ").contains("code") else {
      return redirect.error(
        AADError(
          error: "unsupported_response_type", code: 70005,
          message:
            "The provided value for the input parameter 'response_type' is not allowed for this request. Expected value: 'code'."
        ))
    }
    guard let scopeText = query.nonEmpty("scope") else { return redirect.error(.missingParameter("scope")) }
    let scopes: ScopeSet
    do {
      scopes = try ScopeSet.parse(scopeText, clientId: clientId, b2c: b2c, apiIdentifier: tenant.taskAPIIdentifier)
    } catch { return redirect.error(error) }
    if b2c && !scopes.wantsB2CAccessToken && !scopes.wantsIdToken {
      return redirect.error(
        AADError(
          error: "invalid_request", code: 115,
          message:
            "When requesting the 'code' response_type, the scope parameter must include a resource or client ID for access tokens, and 'openid' for ID tokens."
        ))
    }
    let method = query.nonEmpty("code_challenge_method") ?? "plain"
    guard method == "S256" || method == "plain" else {
      return redirect.error(
        AADError(
          error: "invalid_request", code: 501491,
          message: "Invalid code_challenge_method. Supported values: 'S256', 'plain'."))
    }
    if let challenge = query.nonEmpty("code_challenge"), !(43...128).contains(challenge.count) {
      return redirect.error(
        AADError(error: "invalid_request", code: 50147, message: "The code_challenge parameter size is invalid."))
    }

    let user: DirectoryUser
    switch signIn(prompt: query["prompt"], loginHint: query.nonEmpty("login_hint")) {
    case .success(let chosen): user = chosen
    case .failure(let error): return redirect.error(error)
    }
    let code = Base64URL.random(bytes: 96)
    await tenant.grants.addCode(
      code,
      AuthorizationCodeGrant(
        clientId: clientId, redirectURI: redirectURI, scopes: scopes.stored, userId: user.id,
        codeChallenge: query.nonEmpty("code_challenge"), challengeMethod: method, nonce: query.nonEmpty("nonce"),
        realm: path.policy.map { .b2c(policy: $0) } ?? .entra, expiresAt: tenant.now.addingTimeInterval(600)))
    var pairs = [("code", code)]
    if let state = query["state"] { pairs.append(("state", state)) }
    if !b2c { pairs.append(("session_state", UUID().uuidString.lowercased())) }
    return redirect.deliver(pairs)
  }

  /// Who signs in, under Entra's `prompt` rules. The stand-in browser has no session of its own,
  /// so `prompt=none` succeeds only when `login_hint` names an existing, enabled user.
  private func signIn(prompt: String?, loginHint: String?) -> Result<DirectoryUser, AADError> {
    let prompts = (prompt ?? "").split(separator: " ").map { $0.lowercased() }
    let known = ["login", "none", "consent", "select_account", "create"]
    if let unknown = prompts.first(where: { !known.contains($0) }) {
      return .failure(AADError(error: "invalid_request", code: 90023, message: "Invalid prompt value '\(unknown)'."))
    }
    let silent = prompts.contains("none")
    if silent && prompts.count > 1 {
      return .failure(
        AADError(
          error: "invalid_request", code: 90023, message: "prompt=none cannot be combined with other prompt values."))
    }
    guard let loginHint else {
      if silent {
        return .failure(
          AADError(
            error: "login_required", code: 50058,
            message: "A silent sign-in request was sent but no user is signed in."))
      }
      return .success(tenant.browserUser)
    }
    guard let user = tenant.directory.user(idOrUPN: loginHint) else {
      if silent {
        return .failure(
          AADError(
            error: "login_required", code: 50058,
            message: "A silent sign-in request was sent but no user is signed in."))
      }
      return .failure(
        AADError(
          error: "invalid_request", code: 50034,
          message:
            "The user account \(loginHint) does not exist in the \(tenant.tenantId) directory. To sign into this application, the account must be added to the directory."
        ))
    }
    guard user.accountEnabled else {
      return .failure(
        AADError(
          error: silent ? "interaction_required" : "access_denied", code: 50057,
          message: "The user account is disabled."))
    }
    return .success(user)
  }
}
