import Foundation
import RosterCore

/// The token cache as stored: one JSON document per profile holding every cached account and
/// which one is active.
///
/// ```json
/// { "version": 1, "activeAccount": "login.microsoftonline.com|<client id>|<oid.tid>",
///   "accounts": { "<cloud>|<client id>|<oid.tid>": { "account": {…}, "clientId": "…",
///     "refreshToken": "…", "accessToken": "…", "accessTokenIssuedAt": …, "updatedAt": …,
///     "requestedScopes": "…", "graphEndpoint": "…", "profile": null, "name": null,
///     "signedOutReason": null } } }
/// ```
///
/// Files written before several accounts (keys `<authority>|<oid.tid>`) are read as they are and
/// re-keyed in memory (`normalized()`); the next write stores the new keys. The format number
/// stays 1: an older Roster matches entries by their content, not their key, so it still reads
/// a file this one wrote.
public struct TokenCacheFile: Codable, Equatable, Sendable {
  public static let currentVersion = 1

  public var version: Int
  /// Key of the account Roster uses; nil only when no account is cached (`settleActive()`).
  public var activeAccount: String?
  public var accounts: [String: CachedAccount]

  public init(
    version: Int = TokenCacheFile.currentVersion, activeAccount: String? = nil, accounts: [String: CachedAccount] = [:]
  ) {
    self.version = version
    self.activeAccount = activeAccount
    self.accounts = accounts
  }

  /// Accounts are keyed by cloud (the authority's host), client id and home account (`oid.tid`):
  /// the same person in two tenants is two entries (the tenant is part of the home account id),
  /// and signing in again through another authority of the same tenant (`organizations`, then
  /// the tenant's domain) replaces the entry instead of adding a twin.
  public static func key(cloud: String, clientId: String, homeAccountId: String) -> String {
    "\(cloud.lowercased())|\(clientId.lowercased())|\(homeAccountId.lowercased())"
  }

  /// The key `entry` belongs under. A B2C account's home account carries its policy, as MSAL's
  /// does (`oid-b2c_1_signupsignin.tid`): the same customer through two user flows is two
  /// accounts, and never the same as an Entra account of a tenant that shares its ids.
  public static func key(for entry: CachedAccount) -> String {
    var home = entry.account.homeAccountId
    if let policy = (try? Authority(parsing: entry.account.authority))?.policy {
      let parts = home.split(separator: ".", maxSplits: 1).map(String.init)
      home = parts.count == 2 ? "\(parts[0])-\(policy).\(parts[1])" : "\(home)-\(policy)"
    }
    return key(cloud: cloud(ofAuthority: entry.account.authority), clientId: entry.clientId, homeAccountId: home)
  }

  /// The cloud an authority URL belongs to: its host (and port, for a loopback sandbox).
  public static func cloud(ofAuthority authority: String) -> String {
    guard let components = URLComponents(string: authority), let host = components.host else {
      return authority.lowercased()
    }
    return (host + (components.port.map { ":\($0)" } ?? "")).lowercased()
  }

  /// The same cache with entries written before several accounts (keys `authority|oid.tid`,
  /// recognised by the authority's `://`) under the key they now belong under; other keys stay
  /// as they are. Two old entries for one key keep the newer; the active account follows.
  public func normalized() -> TokenCacheFile {
    guard accounts.keys.contains(where: { $0.contains("://") }) else {
      var settled = self
      settled.settleActive()
      return settled
    }
    var result = TokenCacheFile(version: version, activeAccount: nil, accounts: [:])
    var renamed: [String: String] = [:]
    for (oldKey, entry) in accounts.sorted(by: { $0.key < $1.key }) {
      let newKey = oldKey.contains("://") ? Self.key(for: entry) : oldKey
      renamed[oldKey] = newKey
      if let kept = result.accounts[newKey], kept.updatedAt >= entry.updatedAt { continue }
      result.accounts[newKey] = entry
    }
    result.activeAccount = activeAccount.flatMap { renamed[$0] ?? ($0.isEmpty ? nil : $0) }
    result.settleActive()
    return result
  }

  /// Forgets the accounts under `keys`; when the active one goes, another becomes active
  /// (`settleActive()`).
  public mutating func forget(_ keys: some Sequence<String>) {
    for key in keys { accounts[key] = nil }
    settleActive()
  }

  /// The one rule for which account is active, so `accounts`, `status`, `search` and the UI never
  /// disagree: the active key names a cached account, or, when it names none (that account was
  /// signed out, or a cache written by an older Roster says none) and others remain, the most
  /// recently used of them becomes active, exactly as a command would have picked it. Only an
  /// empty cache has no active account.
  public mutating func settleActive() {
    if let active = activeAccount, accounts[active] != nil { return }
    activeAccount =
      accounts.max { left, right in
        (left.value.updatedAt, right.key) < (right.value.updatedAt, left.key)
      }?.key
  }

  /// The accounts in the order `roster accounts` numbers them: by user name, then tenant, then
  /// key, so a number stays put until an account is added or removed.
  public var ordered: [(key: String, entry: CachedAccount)] {
    accounts.map { (key: $0.key, entry: $0.value) }.sorted { left, right in
      let a = (left.entry.account.username.string.lowercased(), left.entry.account.tenantId.string, left.key)
      let b = (right.entry.account.username.string.lowercased(), right.entry.account.tenantId.string, right.key)
      return a < b
    }
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
  /// The Graph base URL the account signed in for (a national cloud's own); nil in caches
  /// written before several accounts, where the settings' endpoint is used.
  public var graphEndpoint: String?
  /// The settings profile the account signed in under (`--profile`), whose other settings
  /// (task API, photos…) go with it; nil for the settings file's top level.
  public var profile: String?
  /// A short name given at sign-in (`roster login --name work`), for `--account work`.
  public var name: String?

  public init(
    account: Account, clientId: String, refreshToken: Secret?, accessToken: Secret?, accessTokenIssuedAt: Date?,
    requestedScopes: String, updatedAt: Date, signedOutReason: String? = nil, graphEndpoint: String? = nil,
    profile: String? = nil, name: String? = nil
  ) {
    self.account = account
    self.clientId = clientId
    self.refreshToken = refreshToken
    self.accessToken = accessToken
    self.accessTokenIssuedAt = accessTokenIssuedAt
    self.requestedScopes = requestedScopes
    self.updatedAt = updatedAt
    self.signedOutReason = signedOutReason
    self.graphEndpoint = graphEndpoint
    self.profile = profile
    self.name = name
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
