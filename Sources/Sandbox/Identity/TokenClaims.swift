import Crypto
import Foundation
import SandboxDirectory

/// The claims of the tokens the sandbox issues, in the order Entra writes them.
struct TokenClaims: Sendable {
  var user: DirectoryUser
  var tenantId: String
  var clientId: String
  var issuer: String
  var issuedAt: Int
  var expiresAt: Int
  /// The access-token generation (see `GrantStore.accessTokenGeneration`), carried in `uti`.
  var generation: Int

  /// Graph's audience: the app id of Microsoft Graph (Graph also accepts its URL).
  static let graphAudience = "00000003-0000-0000-c000-000000000000"

  private var uti: String { "g\(generation)." + Base64URL.random(bytes: 16) }

  /// Entra's `sub` is pairwise: stable per user and app, different across apps.
  var pairwiseSubject: String {
    String(Base64URL.encode(SHA256.hash(data: Data("\(user.id)|\(clientId)".utf8))).prefix(43))
  }

  func graphAccessToken(scp: String) -> JSONValue {
    .members([
      ("aud", .string(Self.graphAudience)), ("iss", .string(issuer)),
      ("iat", .int(issuedAt)), ("nbf", .int(issuedAt)), ("exp", .int(expiresAt)),
      ("acct", .int(0)),
      ("app_displayname", .string(RegisteredApp.demo.clientId == clientId ? RegisteredApp.demo.displayName : clientId)),
      ("appid", .string(clientId)), ("azp", .string(clientId)), ("azpacr", .string("0")),
      ("family_name", user.surname.map(JSONValue.string)), ("given_name", user.givenName.map(JSONValue.string)),
      ("idtyp", .string("user")), ("name", .string(user.displayName ?? user.userPrincipalName)),
      ("oid", .string(user.id)), ("preferred_username", .string(user.userPrincipalName)),
      ("scp", .string(scp)), ("sub", .string(pairwiseSubject)), ("tid", .string(tenantId)),
      ("unique_name", .string(user.userPrincipalName)), ("upn", .string(user.userPrincipalName)),
      ("uti", .string(uti)), ("ver", .string("2.0")),
    ])
  }

  func entraIdToken(nonce: String?, email: Bool) -> JSONValue {
    .members([
      ("aud", .string(clientId)), ("iss", .string(issuer)),
      ("iat", .int(issuedAt)), ("nbf", .int(issuedAt)), ("exp", .int(expiresAt)),
      ("email", email ? user.mail.map(JSONValue.string) : nil),
      ("name", .string(user.displayName ?? user.userPrincipalName)), ("nonce", nonce.map(JSONValue.string)),
      ("oid", .string(user.id)), ("preferred_username", .string(user.userPrincipalName)),
      ("sub", .string(pairwiseSubject)), ("tid", .string(tenantId)), ("uti", .string(uti)), ("ver", .string("2.0")),
    ])
  }

  /// B2C id and access tokens (B2C's claim set: `tfp`, `emails`, sub = object id).
  /// Access tokens carry `scp` (the API permissions, else `access` for the client id alone) and
  /// the generation in `uti`, so the expire-tokens fault reaches the task API too.
  func b2cToken(policy: String, nonce: String?, audience: String, isAccessToken: Bool, scp: String = "access")
    -> JSONValue
  {
    .members([
      ("exp", .int(expiresAt)), ("nbf", .int(issuedAt)), ("ver", .string("1.0")), ("iss", .string(issuer)),
      ("sub", .string(user.id)), ("aud", .string(audience)), ("nonce", nonce.map(JSONValue.string)),
      ("iat", .int(issuedAt)), ("auth_time", .int(issuedAt)), ("oid", .string(user.id)),
      ("name", user.displayName.map(JSONValue.string)), ("given_name", user.givenName.map(JSONValue.string)),
      ("family_name", user.surname.map(JSONValue.string)),
      ("emails", .array([.string(user.mail ?? user.userPrincipalName)])), ("tfp", .string(policy)),
      ("scp", isAccessToken ? .string(scp) : nil), ("tid", .string(tenantId)),
      ("uti", isAccessToken ? .string(uti) : nil),
    ])
  }
}
