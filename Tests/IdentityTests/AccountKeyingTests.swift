import Foundation
import RosterCore
import TestSupport
import Testing

@testable import Identity

/// Several accounts in one token cache (issue 21): how they are keyed, chosen and migrated.
@Suite struct AccountKeyingTests {
  static func entry(
    oid: String = "oid-1", tenant: String, user: String = "aoife@contoso.com", clientId: String = "client-a",
    authority: String? = nil, updated: TimeInterval = 0, name: String? = nil, profile: String? = nil
  ) -> CachedAccount {
    CachedAccount(
      account: Account(
        homeAccountId: "\(oid).\(tenant)", username: CleanText(user), tenantId: CleanText(tenant),
        authority: authority ?? "https://login.microsoftonline.com/\(tenant)"),
      clientId: clientId, refreshToken: Secret("rt-\(oid)-\(tenant)"), accessToken: nil, accessTokenIssuedAt: nil,
      requestedScopes: "openid profile offline_access User.Read", updatedAt: Date(timeIntervalSince1970: updated),
      name: name)
  }

  static func file(_ entries: [CachedAccount], active: Int? = nil) -> TokenCacheFile {
    var file = TokenCacheFile()
    for entry in entries { file.accounts[TokenCacheFile.key(for: entry)] = entry }
    if let active { file.activeAccount = TokenCacheFile.key(for: entries[active]) }
    return file
  }

  /// Issue 40 item 4: one rule for the active account. Forgetting the active one makes the most
  /// recently used of the rest active; a cache an older Roster left with none active (after its
  /// logout) is read with that one active; only an empty cache has none.
  @Test func forgettingTheActiveAccountMakesTheMostRecentlyUsedOtherActive() {
    let older = Self.entry(tenant: "tenant-a", updated: 100)
    let newer = Self.entry(tenant: "tenant-b", updated: 200)
    let newest = Self.entry(tenant: "tenant-c", updated: 300)
    var file = Self.file([older, newer, newest], active: 2)
    file.forget([TokenCacheFile.key(for: newest)])
    #expect(file.activeAccount == TokenCacheFile.key(for: newer))
    file.forget([TokenCacheFile.key(for: older)])
    #expect(file.activeAccount == TokenCacheFile.key(for: newer), "forgetting another account keeps the active one")
    file.forget([TokenCacheFile.key(for: newer)])
    #expect(file.activeAccount == nil && file.accounts.isEmpty)

    let leftByOldLogout = Self.file([older, newer])
    #expect(leftByOldLogout.activeAccount == nil)
    #expect(leftByOldLogout.normalized().activeAccount == TokenCacheFile.key(for: newer))
  }

  /// The same person (same user name, even the same object id) in two tenants is two accounts;
  /// keying on the user alone would let the second replace the first.
  @Test func theSamePersonInTwoTenantsIsTwoAccounts() {
    let home = Self.entry(tenant: "tenant-home")
    let guest = Self.entry(tenant: "tenant-guest")
    #expect(TokenCacheFile.key(for: home) != TokenCacheFile.key(for: guest))
    let file = Self.file([home, guest])
    #expect(file.accounts.count == 2)
  }

  /// Signing in again to the same tenant through another authority (organizations, then the
  /// tenant's own) is the same account, not a twin; another client id or cloud is another account.
  @Test func theKeyIsCloudClientAndHomeAccount() {
    let viaOrganizations = Self.entry(
      tenant: "t1", authority: "https://login.microsoftonline.com/organizations")
    let viaTenant = Self.entry(tenant: "t1", authority: "https://login.microsoftonline.com/t1")
    #expect(TokenCacheFile.key(for: viaOrganizations) == TokenCacheFile.key(for: viaTenant))
    let otherClient = Self.entry(tenant: "t1", clientId: "client-b")
    #expect(TokenCacheFile.key(for: otherClient) != TokenCacheFile.key(for: viaTenant))
    let nationalCloud = Self.entry(tenant: "t1", authority: "https://login.microsoftonline.us/t1")
    #expect(TokenCacheFile.key(for: nationalCloud) != TokenCacheFile.key(for: viaTenant))
    #expect(TokenCacheFile.key(for: viaTenant) == "login.microsoftonline.com|client-a|oid-1.t1")
    // B2C: the policy is part of the home account (as MSAL keys it), so a customer and an Entra
    // account of a tenant sharing ids stay two accounts.
    let customer = Self.entry(tenant: "t1", authority: "https://t1.b2clogin.com/t1.onmicrosoft.com/B2C_1_signin")
    #expect(TokenCacheFile.key(for: customer) == "t1.b2clogin.com|client-a|oid-1-b2c_1_signin.t1")
    let sameHost = Self.entry(tenant: "t1", authority: "https://login.microsoftonline.com/t1/B2C_1_signin")
    #expect(TokenCacheFile.key(for: sameHost) != TokenCacheFile.key(for: viaTenant))
  }

  /// A cache written before several accounts (`authority|oid.tid` keys) keeps every account and
  /// its active one: nobody is signed out by an upgrade.
  @Test func anOldCacheIsReKeyedAndKeepsItsActiveAccount() throws {
    let old = Self.entry(tenant: "t1")
    let older = Self.entry(tenant: "t2", updated: 5)
    let json = """
      {"version": 1, "activeAccount": "https://login.microsoftonline.com/t1|oid-1.t1",
       "accounts": {"https://login.microsoftonline.com/t1|oid-1.t1": \(try Self.json(old)),
                    "https://login.microsoftonline.com/t2|oid-1.t2": \(try Self.json(older))}}
      """
    let decoded = try TokenCacheFile.decoder().decode(TokenCacheFile.self, from: Data(json.utf8))
    let migrated = decoded.normalized()
    #expect(migrated.accounts.count == 2)
    #expect(migrated.activeAccount == TokenCacheFile.key(for: old))
    #expect(migrated.accounts[TokenCacheFile.key(for: old)]?.refreshToken == Secret("rt-oid-1-t1"))
    #expect(migrated.accounts[TokenCacheFile.key(for: older)]?.graphEndpoint == nil)
  }

  /// Two old entries that are now one account keep the newer tokens.
  @Test func twoOldEntriesOfOneAccountKeepTheNewer() throws {
    var file = TokenCacheFile()
    file.accounts["https://login.microsoftonline.com/organizations|oid-1.t1"] = Self.entry(tenant: "t1", updated: 1)
    var newer = Self.entry(tenant: "t1", updated: 9)
    newer.refreshToken = Secret("newest")
    file.accounts["https://login.microsoftonline.com/t1|oid-1.t1"] = newer
    file.activeAccount = "https://login.microsoftonline.com/organizations|oid-1.t1"
    let migrated = file.normalized()
    #expect(migrated.accounts.count == 1)
    #expect(migrated.accounts.values.first?.refreshToken == Secret("newest"))
    #expect(migrated.activeAccount == TokenCacheFile.key(for: newer))
  }

  @Test func anOldCacheFileOnDiskStillSignsIn() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let store = FileTokenStore(directory: temp.url) { _ in }
    let old = Self.entry(tenant: "t1")
    let json = """
      {"version": 1, "activeAccount": "https://login.microsoftonline.com/t1|oid-1.t1",
       "accounts": {"https://login.microsoftonline.com/t1|oid-1.t1": \(try Self.json(old))}}
      """
    try FileManager.default.createDirectory(at: temp.url, withIntermediateDirectories: true)
    FileManager.default.createFile(
      atPath: store.fileURL.path, contents: Data(json.utf8), attributes: [.posixPermissions: 0o600])
    let file = try await store.load()
    #expect(file.activeAccount == TokenCacheFile.key(for: old))
    var settings = Settings(clientId: "client-a", authority: "https://login.microsoftonline.com/organizations")
    settings = try #require(
      try AccountChoice.choose(settings: settings, file: file, context: .init()).map {
        AccountChoice.applying($0, to: settings)
      })
    #expect(settings.authority == "https://login.microsoftonline.com/t1")
  }

  @Test func selectorsFindOneAccountOrSayWhy() throws {
    let home = Self.entry(tenant: "tenant-home", name: "work")
    let guest = Self.entry(oid: "oid-9", tenant: "tenant-guest")
    let admin = Self.entry(oid: "oid-2", tenant: "tenant-home", user: "admin@contoso.com")
    let file = Self.file([home, guest, admin], active: 0)
    let ordered = file.ordered.map(\.key)
    // Numbers follow `roster accounts`: by user name, then tenant.
    #expect(ordered == [admin, guest, home].map(TokenCacheFile.key(for:)))
    #expect(try AccountSelector.select("1", in: file).key == TokenCacheFile.key(for: admin))
    #expect(try AccountSelector.select("work", in: file).key == TokenCacheFile.key(for: home))
    #expect(try AccountSelector.select("ADMIN@contoso.com", in: file).key == TokenCacheFile.key(for: admin))
    #expect(
      try AccountSelector.select("aoife@contoso.com/tenant-guest", in: file).key == TokenCacheFile.key(for: guest))
    // The same person in two tenants: their user name alone is ambiguous, never a guess.
    #expect(throws: AccountSelector.Failure.self) { try AccountSelector.select("aoife@contoso.com", in: file) }
    do {
      _ = try AccountSelector.select("aoife@contoso.com", in: file)
    } catch {
      #expect(error.reason == .ambiguous)
      #expect(error.message.contains("2, 3"))
    }
    do {
      _ = try AccountSelector.select("nobody@contoso.com", in: file)
      Issue.record("a name that matches nobody must fail")
    } catch {
      #expect(error.reason == .notFound)
    }
    #expect(throws: AccountSelector.Failure.self) { try AccountSelector.select("4", in: file) }
  }

  /// Flag > environment > settings > active: all but the last arrive as `settings.account`; a
  /// named account that is not there is an error, never the active account instead.
  @Test func aNamedAccountWinsAndAMissingOneIsAnError() throws {
    let home = Self.entry(tenant: "tenant-home")
    let guest = Self.entry(oid: "oid-9", tenant: "tenant-guest", name: "guest")
    let file = Self.file([home, guest], active: 0)
    var settings = Settings(clientId: "client-a")
    #expect(try AccountChoice.choose(settings: settings, file: file, context: .init())?.entry == home)
    settings.account = "guest"
    let chosen = try #require(try AccountChoice.choose(settings: settings, file: file, context: .init()))
    #expect(chosen.entry == guest)
    let applied = AccountChoice.applying(chosen, to: settings)
    #expect(applied.authority == "https://login.microsoftonline.com/tenant-guest")
    #expect(applied.accountKey == TokenCacheFile.key(for: guest))
    settings.account = "nobody"
    #expect(throws: AccountSelector.Failure.self) {
      try AccountChoice.choose(settings: settings, file: file, context: .init())
    }
    // `roster login` without a name signs in from the settings, not as the active account.
    settings.account = nil
    #expect(try AccountChoice.choose(settings: settings, file: file, context: .init(useActive: false)) == nil)
  }

  /// A session pinned to one account keeps it when another process switches the active one.
  @Test func aPinnedSessionIgnoresAnotherTerminalsSwitch() async throws {
    let home = Self.entry(tenant: "tenant-home")
    let guest = Self.entry(oid: "oid-9", tenant: "tenant-guest")
    let store = MemoryTokenStore()
    try await store.update { $0 = Self.file([home, guest], active: 0) }
    let settings = AccountChoice.applying((TokenCacheFile.key(for: home), home), to: Settings(clientId: "client-a"))
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: settings),
      transport: FakeTransport { _ in throw CancellationError() }, store: store,
      accountKey: settings.accountKey)
    try await store.update { $0.activeAccount = TokenCacheFile.key(for: guest) }
    #expect(await session.restoreSession()?.tenantId == "tenant-home")
    // Its sign-out forgets its own account only.
    try await session.signOut()
    let left = try await store.load()
    #expect(left.accounts.count == 1)
    #expect(left.accounts.values.first == guest)
    #expect(left.activeAccount == TokenCacheFile.key(for: guest))
    #expect(await session.restoreSession() == nil, "gone means gone, never another account")
  }

  static func json(_ entry: CachedAccount) throws -> String {
    String(decoding: try TokenCacheFile.encoder().encode(entry), as: UTF8.self)
  }
}
