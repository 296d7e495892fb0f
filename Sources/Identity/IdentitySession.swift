import AppRuntime
import Diagnostics
import Foundation
import RosterCore
import Transport

/// Sign-in state for one configuration: interactive flows, the active account, and silent
/// refresh for Graph (`AccessTokenProvider`).
///
/// An actor so in-process callers share one refresh; the token store's lock does the same
/// across processes. Tokens stay in `Secret`s and in the store; nothing here prints them.
public actor IdentitySession: AccessTokenProvider {
  public nonisolated let configuration: IdentityConfiguration
  public nonisolated let store: any TokenStore
  nonisolated let client: TokenEndpointClient
  nonisolated let discovery: DiscoveryCache
  nonisolated let scheduler: any Scheduler
  public nonisolated let opener: BrowserOpener?
  nonisolated let now: @Sendable () -> Date
  /// The browser sign-in in progress, for pasted redirect URLs.
  nonisolated let currentBrowser = LockedValue<BrowserSignIn?>(nil)

  /// The active account's cache entry as last read or written, for the fast path.
  var activeEntry: CachedAccount?
  /// The cache key of the account this session is pinned to (`--account`, the UI's choice, or
  /// the active account when the process started): another terminal switching the active
  /// account never moves this one. Nil: the active account matching the configuration.
  public private(set) var accountKey: String?
  var refreshTask: Task<Secret, any Error>?
  /// The token cache file as last checked for a sign-out elsewhere, for which account, and what
  /// that check found (`signedOutElsewhere`): read again only once the file has changed.
  var lastSignOutCheck: (stamp: FileStamp, key: String, verdict: SignInFailure?)?

  public init(
    configuration: IdentityConfiguration, transport: any HTTPTransport, store: any TokenStore,
    scheduler: any Scheduler = DispatchScheduler(label: "roster.identity.worker"),
    opener: BrowserOpener? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    accountKey: String? = nil
  ) {
    self.accountKey = accountKey
    self.configuration = configuration
    self.store = store
    self.client = TokenEndpointClient(transport: transport, clientId: configuration.clientId)
    self.discovery = DiscoveryCache(transport: transport)
    self.scheduler = scheduler
    self.opener = opener
    self.now = now
  }

  /// The discovery document of the configured authority (fetched once).
  public func oidcConfiguration() async throws -> OIDCConfiguration {
    try await discovery.configuration(for: configuration.authority)
  }

  // MARK: - Session

  /// The active cached account for this authority and client, if it still has a refresh token.
  public func restoreSession() async -> Account? {
    guard let file = try? await store.load(),
      let entry = Self.restorable(in: file, for: configuration, pinned: accountKey)
    else { return nil }
    activeEntry = entry
    return entry.account
  }

  /// The cached account `restoreSession` would restore from `file`: the active one for this
  /// authority and client (or the pinned one) while it still has a refresh token and was not
  /// signed out. Static, so an `--offline` command names its account from the cache it has
  /// already read without making a session and its transport.
  public static func restorable(in file: TokenCacheFile, for configuration: IdentityConfiguration, pinned: String?)
    -> CachedAccount?
  {
    guard let (_, entry) = active(in: file, for: configuration, pinned: pinned), entry.signedOutReason == nil,
      entry.refreshToken != nil
    else { return nil }
    return entry
  }

  /// Forgets this session's account's tokens (other cached accounts stay).
  public func signOut() async throws {
    let configuration = self.configuration
    let pinned = accountKey
    try await store.update { file in
      if let (key, _) = Self.active(in: file, for: configuration, pinned: pinned) { file.forget([key]) }
    }
    activeEntry = nil
    DiagnosticLog.logger("roster.identity").info("signed out")
  }

  /// Forgets every cached account.
  public func signOutAll() async throws {
    try await store.update { file in file = TokenCacheFile() }
    activeEntry = nil
  }

  /// The entry Roster uses: the pinned one (and no other, even when it is gone); else the active
  /// one when it matches this authority and client id, else the newest that does.
  static func active(in file: TokenCacheFile, for configuration: IdentityConfiguration, pinned: String? = nil)
    -> (String, CachedAccount)?
  {
    if let pinned { return file.accounts[pinned].map { (pinned, $0) } }
    func matches(_ entry: CachedAccount) -> Bool {
      entry.clientId == configuration.clientId
        && entry.account.authority.lowercased() == configuration.authority.url.absoluteString.lowercased()
    }
    if let key = file.activeAccount, let entry = file.accounts[key], matches(entry) { return (key, entry) }
    return file.accounts.filter { matches($0.value) }.max { $0.value.updatedAt < $1.value.updatedAt }
      .map { ($0.key, $0.value) }
  }

  // MARK: - Completing a sign-in

  /// Stores the tokens of a finished interactive sign-in and makes the account active.
  func completeSignIn(_ tokens: TokenResponse) async throws -> Account {
    let issuedAt = now()
    let account = Self.account(from: tokens, configuration: configuration, issuedAt: issuedAt)
    let fresh = CachedAccount(
      account: account, clientId: configuration.clientId, refreshToken: tokens.refreshToken,
      accessToken: tokens.accessToken, accessTokenIssuedAt: issuedAt, requestedScopes: configuration.scopes,
      updatedAt: issuedAt, graphEndpoint: configuration.graphEndpoint, profile: configuration.profile,
      name: configuration.accountName)
    let key = TokenCacheFile.key(for: fresh)
    let entry = try await store.update { file in
      // Signing in again keeps the name the account was given, unless a new one is.
      var stored = fresh
      if stored.name == nil { stored.name = file.accounts[key]?.name }
      file.accounts[key] = stored
      file.activeAccount = key
      return stored
    }
    activeEntry = entry
    accountKey = key
    DiagnosticLog.logger("roster.identity").info(
      "signed in",
      metadata: [
        "user": "\(account.username.string)", "tenant": "\(account.tenantId.string)",
        "scopes": "\(account.grantedScopes.joined(separator: " "))",
      ])
    return account
  }

  /// Names the account from the ID token (`oid.tid`, `preferred_username`), falling back to
  /// the authority's tenant when the token is missing or opaque.
  static func account(from tokens: TokenResponse, configuration: IdentityConfiguration, issuedAt: Date) -> Account {
    let claims = tokens.idToken.flatMap(IDTokenClaims.decode)
    let tenant = claims?.tenantId ?? configuration.authority.tenant
    let objectId = claims?.objectId ?? claims?.subject ?? "unknown"
    let granted = (tokens.scope ?? configuration.scopes).split(whereSeparator: \.isWhitespace).map(String.init)
    return Account(
      homeAccountId: "\(objectId).\(tenant)",
      username: claims?.preferredUsername ?? claims?.email ?? claims?.name ?? "(unknown user)",
      displayName: claims?.name,
      tenantId: CleanText(tenant),
      authority: configuration.authority.url.absoluteString,
      grantedScopes: granted,
      accessTokenExpiresAt: issuedAt.addingTimeInterval(TimeInterval(tokens.expiresIn ?? 3600)))
  }
}
