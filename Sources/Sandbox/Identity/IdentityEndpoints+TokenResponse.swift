import Crypto
import Foundation
import Hummingbird
import SandboxDirectory

extension IdentityEndpoints {
  /// The 200 token response: an RS256 access token for Graph (or, in B2C, for the app itself),
  /// an id token when `openid` was asked for, and a fresh refresh token with `offline_access`.
  func tokenResponse(
    user: DirectoryUser, clientId: String, scopes: ScopeSet, realm: GrantRealm, nonce: String?, clientInfo: Bool,
    request: IncomingRequest, path: AuthorityPath
  ) async -> Response {
    var scopes = scopes
    let withheld = Set(tenant.configuration.withheldPermissions.map { $0.lowercased() })
    if !withheld.isEmpty, case .entra = realm {
      scopes.graph.removeAll { withheld.contains($0.lowercased()) }
    }
    let now = tenant.now
    let lifetime = await tenant.accessTokenLifetime()
    let issuedAt = Int(now.timeIntervalSince1970)
    let expiresAt = issuedAt + lifetime
    let issuer = issuer(request, path: path)
    let generation = await tenant.grants.accessTokenGeneration
    let claims = TokenClaims(
      user: user, tenantId: tenant.tenantId, clientId: clientId, issuer: issuer, issuedAt: issuedAt,
      expiresAt: expiresAt, generation: generation)

    var accessToken: String?
    var idToken: String?
    var refreshToken: String?
    do {
      switch realm {
      case .entra:
        accessToken = try tenant.signer.sign(claims.graphAccessToken(scp: scopes.graph.joined(separator: " ")))
        if scopes.wantsIdToken {
          idToken = try tenant.signer.sign(claims.entraIdToken(nonce: nonce, email: scopes.oidc.contains("email")))
        }
      case .b2c(let policy):
        if scopes.wantsB2CAccessToken {
          let scp = scopes.api.isEmpty ? "access" : scopes.apiPermissions.joined(separator: " ")
          accessToken = try tenant.signer.sign(
            claims.b2cToken(policy: policy, nonce: nil, audience: clientId, isAccessToken: true, scp: scp))
        }
        if scopes.wantsIdToken || !scopes.wantsB2CAccessToken {
          idToken = try tenant.signer.sign(
            claims.b2cToken(policy: policy, nonce: nonce, audience: clientId, isAccessToken: false))
        }
      }
    } catch {
      return AADError.temporarilyUnavailable(status: .internalServerError).response(now: now)
    }
    if scopes.wantsRefreshToken {
      let token = Base64URL.random(bytes: 64)
      let expires = now.addingTimeInterval(TimeInterval(tenant.configuration.refreshTokenLifetime))
      await tenant.grants.addRefresh(
        token,
        RefreshGrant(
          clientId: clientId, userId: user.id, scopes: scopes.stored, realm: realm, expiresAt: expires, issuedAt: now))
      refreshToken = token
    }
    await tenant.grants.recordSecret(accessToken)
    await tenant.grants.recordSecret(idToken)
    let scope = scopes.responseScope(clientId: clientId, b2c: realm.policy != nil)
    let info =
      clientInfo ? Self.clientInfo(uid: realm.policy.map { "\(user.id)-\($0)" } ?? user.id, utid: tenant.tenantId) : nil

    if case .b2c = realm {
      let refreshLifetime = tenant.configuration.refreshTokenLifetime
      return .json(
        .members([
          ("access_token", accessToken.map(JSONValue.string)),
          ("id_token", idToken.map(JSONValue.string)),
          ("token_type", .string("Bearer")),
          ("not_before", .string(String(issuedAt))),
          ("expires_in", .string(String(lifetime))),
          ("expires_on", .string(String(expiresAt))),
          ("resource", .string(clientId)),
          ("id_token_expires_in", .string(String(lifetime))),
          ("profile_info", .string(Self.profileInfo(user: user, tenantId: tenant.tenantId))),
          ("scope", .string(scope)),
          ("refresh_token", refreshToken.map(JSONValue.string)),
          ("refresh_token_expires_in", refreshToken == nil ? nil : .string(String(refreshLifetime))),
          ("client_info", info.map(JSONValue.string)),
        ]), headers: IdentityHeaders.noStore)
    }
    return .json(
      .members([
        ("token_type", .string("Bearer")),
        ("scope", .string(scope)),
        ("expires_in", .int(lifetime)),
        ("ext_expires_in", .int(lifetime)),
        ("access_token", accessToken.map(JSONValue.string)),
        ("refresh_token", refreshToken.map(JSONValue.string)),
        ("id_token", idToken.map(JSONValue.string)),
        ("client_info", info.map(JSONValue.string)),
      ]), headers: IdentityHeaders.noStore)
  }

  /// MSAL's `client_info` (sent when the request has `client_info=1`): base64url `{"uid","utid"}`.
  static func clientInfo(uid: String, utid: String) -> String {
    Base64URL.encode(Data(JSONValue.object([("uid", .string(uid)), ("utid", .string(utid))]).jsonText.utf8))
  }

  /// B2C's `profile_info`: base64 JSON with the user's identity.
  static func profileInfo(user: DirectoryUser, tenantId: String) -> String {
    let json = JSONValue.members([
      ("ver", .string("1.0")), ("tid", .string(tenantId)), ("oid", .string(user.id)),
      ("upn", .null), ("name", user.displayName.map(JSONValue.string)), ("idp", .null),
    ])
    return Data(json.jsonText.utf8).base64EncodedString()
  }
}
