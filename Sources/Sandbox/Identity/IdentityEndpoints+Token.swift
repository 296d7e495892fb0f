import Crypto
import Foundation
import Hummingbird
import SandboxDirectory

extension IdentityEndpoints {
  /// `POST …/oauth2/v2.0/token`: common checks, then the grant type's own.
  func token(_ request: IncomingRequest, path: AuthorityPath) async -> Response {
    let form = request.form
    let now = tenant.now
    let fail: (AADError) -> Response = { path.isB2C ? $0.b2cResponse(now: now) : $0.response(now: now) }
    guard let grantType = form.nonEmpty("grant_type") else { return fail(.missingParameter("grant_type")) }
    guard let clientId = form.nonEmpty("client_id") else { return fail(.missingParameter("client_id")) }
    guard let app = tenant.app(clientId) else {
      var error = AADError.unknownClient(clientId, tenant: tenant.tenantId)
      error.error = "invalid_client"
      error.status = .unauthorized
      return fail(error)
    }
    if app.isPublicClient && (form["client_secret"] != nil || form["client_assertion"] != nil) {
      return fail(.publicClientSentSecret)
    }
    switch grantType {
    case "urn:ietf:params:oauth:grant-type:device_code", "device_code":
      if path.isB2C { return fail(.unsupportedGrantType(grantType)) }
      return await redeemDeviceCode(form, clientId: clientId, request: request, path: path)
    case "authorization_code":
      return await redeemAuthorizationCode(form, clientId: clientId, request: request, path: path)
    case "refresh_token":
      return await redeemRefreshToken(form, clientId: clientId, request: request, path: path)
    default:
      return fail(.unsupportedGrantType(grantType))
    }
  }

  private func realm(_ path: AuthorityPath) -> GrantRealm { path.policy.map { .b2c(policy: $0) } ?? .entra }

  /// Authorization code + PKCE (S256 or plain), single use, bound to client and redirect URI.
  func redeemAuthorizationCode(_ form: FormFields, clientId: String, request: IncomingRequest, path: AuthorityPath)
    async -> Response
  {
    let now = tenant.now
    let fail: (AADError) -> Response = { path.isB2C ? $0.b2cResponse(now: now) : $0.response(now: now) }
    guard let code = form.nonEmpty("code") else { return fail(.missingParameter("code")) }
    guard let redirectURI = form.nonEmpty("redirect_uri") else { return fail(.missingParameter("redirect_uri")) }
    guard let grant = await tenant.grants.redeemCode(code) else { return fail(.codeInvalid) }
    if grant.redeemed { return fail(.codeRedeemed) }
    if now >= grant.expiresAt { return fail(.codeExpired) }
    guard grant.clientId.lowercased() == clientId.lowercased() else { return fail(.codeInvalid) }
    guard grant.realm.policy == realm(path).policy else { return fail(.wrongPolicy) }
    guard grant.redirectURI == redirectURI else { return fail(.redirectMismatch) }
    if let challenge = grant.codeChallenge {
      await tenant.grants.recordSecret(form.nonEmpty("code_verifier"))
      guard let verifier = form.nonEmpty("code_verifier"),
        Self.pkceMatches(verifier: verifier, challenge: challenge, method: grant.challengeMethod)
      else { return fail(.pkceMismatch) }
    }
    guard let user = tenant.directory.user(idOrUPN: grant.userId) else { return fail(.codeInvalid) }
    return await tokenResponse(
      user: user, clientId: grant.clientId, scopes: ScopeSet.fromStored(grant.scopes), realm: grant.realm,
      nonce: grant.nonce, clientInfo: form["client_info"] == "1", request: request, path: path)
  }

  /// RFC 7636 §4.6: S256 compares BASE64URL(SHA256(verifier)); plain compares the strings.
  static func pkceMatches(verifier: String, challenge: String, method: String) -> Bool {
    if method.uppercased() == "S256" {
      return Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == challenge
    }
    return verifier == challenge
  }

  /// Refresh: rotates the refresh token (the old one keeps working, as Entra's do) unless the
  /// revoke fault hit it; an optional `scope` narrows or widens within the app's permissions.
  func redeemRefreshToken(_ form: FormFields, clientId: String, request: IncomingRequest, path: AuthorityPath) async
    -> Response
  {
    let now = tenant.now
    let fail: (AADError) -> Response = { path.isB2C ? $0.b2cResponse(now: now) : $0.response(now: now) }
    guard let token = form.nonEmpty("refresh_token") else { return fail(.missingParameter("refresh_token")) }
    guard let grant = await tenant.grants.refresh(token) else { return fail(.refreshTokenMalformed) }
    if grant.revoked { return fail(.refreshTokenRevoked) }
    if now >= grant.expiresAt { return fail(.refreshTokenExpired) }
    guard grant.clientId.lowercased() == clientId.lowercased() else { return fail(.refreshTokenMalformed) }
    guard grant.realm.policy == realm(path).policy else { return fail(.wrongPolicy) }
    var scopes = ScopeSet.fromStored(grant.scopes)
    // What the person has consented to: this grant's permissions, and any other grant's of theirs
    // (consent is the person's, not the token's; only an interactive sign-in adds one).
    let consented = Set(scopes.graph.map { $0.lowercased() }).union(await tenant.grants.consented(by: grant.userId))
    if let requested = form.nonEmpty("scope") {
      do {
        var asked = try ScopeSet.parse(
          requested, clientId: clientId, b2c: path.isB2C, apiIdentifier: tenant.taskAPIIdentifier)
        if !asked.oidc.contains("offline_access") { asked.oidc.append("offline_access") }
        scopes = asked
      } catch { return fail(error) }
      // A permission not yet consented cannot be added silently: Entra wants an interactive request.
      let unconsented = Set(tenant.configuration.consentAtSignIn.map { $0.lowercased() })
      if scopes.graph.contains(where: { unconsented.contains($0.lowercased()) && !consented.contains($0.lowercased()) })
      {
        return fail(.consentRequired(clientId: clientId))
      }
    }
    guard let user = tenant.directory.user(idOrUPN: grant.userId) else { return fail(.refreshTokenRevoked) }
    // revokeSignInSessions ends every refresh token issued before it, and a disabled account
    // gets no token at all (user-revokesigninsessions; AADSTS50173, AADSTS50057).
    if let validFrom = tenant.writes.sessionsValidFrom(user.id), grant.issuedAt.wholeSeconds < validFrom {
      return fail(.sessionsRevoked(issued: grant.issuedAt, validFrom: validFrom))
    }
    guard user.accountEnabled else { return fail(.accountDisabled) }
    return await tokenResponse(
      user: user, clientId: grant.clientId, scopes: scopes, realm: grant.realm, nonce: nil,
      clientInfo: form["client_info"] == "1", request: request, path: path)
  }
}
