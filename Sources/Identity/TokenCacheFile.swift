import Foundation
import RosterCore

/// The token cache as stored: one JSON document per profile holding every cached account and
/// which one is active.
///
/// ```json
/// { "version": 1, "activeAccount": "https://login.microsoftonline.com/organizations|oid.tid",
///   "accounts": { "<authority>|<oid.tid>": { "account": {…}, "clientId": "…",
///     "refreshToken": "…", "accessToken": "…", "accessTokenIssuedAt": …, "updatedAt": …,
///     "requestedScopes": "…", "signedOutReason": null } } }
/// ```
public struct TokenCacheFile: Codable, Equatable, Sendable {
  public static let currentVersion = 1

  public var version: Int
  /// Key of the account Roster uses, or nil after sign-out.
  public var activeAccount: String?
  public var accounts: [String: CachedAccount]

  public init(
    version: Int = TokenCacheFile.currentVersion, activeAccount: String? = nil, accounts: [String: CachedAccount] = [:]
  ) {
    self.version = version
    self.activeAccount = activeAccount
    self.accounts = accounts
  }

  /// Accounts are keyed by authority plus home account (`oid.tid`), so the same person in two
  /// tenants, or through two authorities, is two entries.
  public static func key(authority: String, homeAccountId: String) -> String {
    "\(authority.lowercased())|\(homeAccountId)"
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return encoder
  }
}

/// One account's tokens and what is known about them.
public struct CachedAccount: Codable, Equatable, Sendable {
  public var account: Account
  /// The app the tokens were issued to; a different configured client id cannot use them.
  public var clientId: String
  public var refreshToken: Secret?
  public var accessToken: Secret?
  public var accessTokenIssuedAt: Date?
  /// The scope string sent when signing in; refreshes ask for the same.
  public var requestedScopes: String
  public var updatedAt: Date
  /// Set when a refresh was refused for good (expired, revoked): why the person must sign in.
  public var signedOutReason: String?

  public init(
    account: Account, clientId: String, refreshToken: Secret?, accessToken: Secret?, accessTokenIssuedAt: Date?,
    requestedScopes: String, updatedAt: Date, signedOutReason: String? = nil
  ) {
    self.account = account
    self.clientId = clientId
    self.refreshToken = refreshToken
    self.accessToken = accessToken
    self.accessTokenIssuedAt = accessTokenIssuedAt
    self.requestedScopes = requestedScopes
    self.updatedAt = updatedAt
    self.signedOutReason = signedOutReason
  }

  /// Whether the access token is still good for at least the refresh margin: five minutes, or a
  /// quarter of its lifetime when that is shorter (short-lived sandbox tokens).
  public func hasUsableAccessToken(at now: Date) -> Bool {
    guard accessToken != nil, let expiresAt = account.accessTokenExpiresAt else { return false }
    let lifetime = accessTokenIssuedAt.map { expiresAt.timeIntervalSince($0) } ?? 3600
    let margin = min(300, max(0, lifetime) / 4)
    return expiresAt.timeIntervalSince(now) > margin
  }
}
