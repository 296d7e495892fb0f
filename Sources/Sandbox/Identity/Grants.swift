import Foundation

/// Where a grant was issued: an Entra tenant, or a B2C policy (B2C grants only redeem on the
/// policy that issued them).
enum GrantRealm: Sendable, Equatable {
  case entra
  case b2c(policy: String)

  var policy: String? { if case .b2c(let policy) = self { policy.lowercased() } else { nil } }
}

/// A pending device authorization (RFC 8628) and what became of it.
struct DeviceGrant: Sendable {
  enum State: Sendable, Equatable {
    case pending
    case approved(userId: String)
    case denied, redeemed
  }
  var deviceCode: String
  var userCode: String
  var clientId: String
  var scopes: String
  var issuedAt: Date
  var expiresAt: Date
  var state: State = .pending
}

/// An authorization code waiting to be redeemed.
struct AuthorizationCodeGrant: Sendable {
  var clientId: String
  var redirectURI: String
  var scopes: String
  var userId: String
  var codeChallenge: String?
  var challengeMethod: String
  var nonce: String?
  var realm: GrantRealm
  var expiresAt: Date
  var redeemed = false
}

/// A refresh token's grant: who, which app, which scopes.
struct RefreshGrant: Sendable {
  var clientId: String
  var userId: String
  var scopes: String
  var realm: GrantRealm
  var expiresAt: Date
  var revoked = false
  /// When it was issued: a revocation of the user's sessions after it ends it (AADSTS50173).
  var issuedAt: Date = .distantPast
}
