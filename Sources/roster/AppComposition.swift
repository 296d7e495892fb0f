import AppRuntime
import Foundation
import Graph
import Identity
import Index
import RosterCore
import Sandbox
import Tasks
import Transport

/// The composition root: which settings, services and runtime the UI runs with.
struct AppComposition: Sendable {
  var settings: Settings
  var services: Services
  var isDemo: Bool
  var saveSettings: @Sendable (Settings) async throws -> Services
  /// The interactive flow the login screen starts with (`auto` already resolved).
  var signInMethod: SignInMethod = .deviceCode
  /// Warnings from the token cache: stderr until the UI starts, then the status line.
  var warnings = WarningRelay()
  /// Where sign-in leads: the task list for a B2C profile (a B2C token cannot call Graph).
  var home: Screen = .main
  /// The signed-in accounts and switching between them (the picker, Ctrl-T).
  var accounts: AccountsClient = .unavailable
  /// More than one account was signed in at start (the status line names the tenant always).
  var severalAccounts = false

  /// `roster --demo`: the embedded sandbox tenant (`SandboxServer.start` on 127.0.0.1, approving
  /// device codes at their first poll, made at once, and browser sign-ins after 2 s) with the live Identity and Graph
  /// clients, tokens in memory only. `ROSTER_DEMO_PEOPLE` loads a people file instead of the
  /// generated organisation. The index goes where `DemoData` says: a temporary directory removed
  /// on exit, or `ROSTER_DEMO_DATA`. If the sandbox cannot start, this throws with the reason: a
  /// demo that does not go through the real sign-in and Graph clients would show nothing true
  /// about Roster.
  static func demo(environment: [String: String]) async throws -> AppComposition {
    let sandbox = try await SandboxServer.start(.demo(environment: environment))
    await DemoSandbox.keep(sandbox)
    var settings = Settings(
      clientId: sandbox.clientId, authority: sandbox.authority.absoluteString,
      graphEndpoint: sandbox.graphURL.absoluteString)
    settings.scopes = DemoRuntime.scopes
    settings.signIn = .deviceCode
    let transport = try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: nil))
    // The browser sign-in (b) approves itself like the device code: the stand-in browser visits
    // the sandbox's authorize page, which signs in the default user and redirects to Roster.
    let auth = try AuthClient.live(
      settings: settings, transport: transport, store: MemoryTokenStore(), environment: environment
    ).approvingBrowserSignIns(through: StandInBrowser(transport: transport), after: demoApprovalDelay)
    let graph = try GraphConfiguration(settings: settings)
    // The demo always indexes (watching the index fill is part of what it shows), unless
    // ROSTER_INDEX=off says otherwise: tests of the live Graph path run the demo that way.
    let indexOff = environment["ROSTER_INDEX"].map { (try? Settings.parseIndex($0, source: "")) == false } ?? false
    settings.index = !indexOff
    // The index and the fixes' audit file go in the demo's own directory, which it leaves behind.
    let demoDirectory = try DemoData.directory(environment: environment)
    var services = Services(
      auth: auth, directory: DirectoryClient.live(configuration: graph, tokens: auth.tokens, transport: transport),
      index: indexOff
        ? .disabled
        : localIndex(
          graph, tokens: auth.tokens, transport: transport, environment: environment,
          directory: demoDirectory),
      groups: GroupClient.live(configuration: graph, tokens: auth.tokens, transport: transport),
      rooms: RoomClient.live(configuration: graph, tokens: auth.tokens, transport: transport),
      schedules: ScheduleClient.live(configuration: graph, tokens: auth.tokens, transport: transport),
      health: HealthClient.live(configuration: graph, tokens: auth.tokens, transport: transport),
      worksWith: WorksWithClient.live(configuration: graph, tokens: auth.tokens, transport: transport))
    services.kinds = KindModules.clients(graph, tokens: auth.tokens, transport: transport)
    services.health.roles = RolesClient.live(configuration: graph, tokens: auth.tokens, transport: transport).forPane
    services.fixes = .live(
      configuration: graph, tokens: auth.tokens, transport: transport, widen: nil,
      audit: WriteAuditFile(directory: demoDirectory))
    let demoServices = services
    var composition = AppComposition(
      settings: settings, services: demoServices, isDemo: true, saveSettings: { _ in demoServices })
    // The device code approves itself before a key can be pressed, so the demo's browser sign-in
    // (which approves itself after `demoApprovalDelay`) is chosen up front: ROSTER_DEMO_SIGN_IN=browser.
    if environment["ROSTER_DEMO_SIGN_IN"]?.lowercased() == "browser" { composition.signInMethod = .browser }
    return composition
  }

  /// `roster`: the configured tenant, with the live clients (Identity's `AuthClient.live`, Graph's
  /// `DirectoryClient.live`) over one shared transport. Without a client id the setup screen
  /// shows; saving it writes the settings file and builds the clients for the new settings.
  static func live(options: CommonOptions, signIn: SignInOptions) throws -> AppComposition {
    // The token cache is read to choose the account before the UI starts: what it warns about
    // is held for the status line.
    let warnings = WarningRelay(holding: true)
    let settings = try options.loadSettings(
      redirectPort: signIn.redirectPort, persist: !signIn.noPersist, warn: warnings.post)
    let environment = options.environment
    let transport = try options.makeTransport(settings: settings)
    let tokenStore = options.makeTokenStore(persist: !signIn.noPersist, warn: warnings.post)
    // The demo keeps nothing on disk; a real tenant's photos are cached (docs/decisions/ui-terminal.md#ui--photos).
    let photoCache = PhotoDiskCache.standard(environment: environment)
    // The session whose clients are in force: the picker marks its account.
    let current = LockedValue<IdentitySession?>(nil)
    let build: @Sendable (Settings) throws -> Services = { settings in
      do {
        let session = IdentitySession(
          configuration: try IdentityConfiguration(settings: settings), transport: transport, store: tokenStore,
          opener: BrowserOpener.find(environment: environment), accountKey: settings.accountKey)
        current.withLock { $0 = session }
        let auth = AuthClient.live(session: session)
        let graph = try GraphConfiguration(settings: settings)
        let directory = DirectoryClient.live(
          configuration: graph, tokens: auth.tokens, transport: transport, photoCache: photoCache)
        var services = Services(
          auth: auth, directory: directory,
          index: settings.index
            ? localIndex(graph, tokens: auth.tokens, transport: transport, environment: environment) : .disabled,
          tasks: .live(settings: settings, tokens: auth.tokens, transport: transport),
          groups: .live(configuration: graph, tokens: auth.tokens, transport: transport),
          rooms: .live(configuration: graph, tokens: auth.tokens, transport: transport),
          schedules: .live(configuration: graph, tokens: auth.tokens, transport: transport),
          health: .live(configuration: graph, tokens: auth.tokens, transport: transport),
          worksWith: .live(configuration: graph, tokens: auth.tokens, transport: transport))
        services.kinds = KindModules.clients(graph, tokens: auth.tokens, transport: transport)
        services.health.roles =
          RolesClient.live(configuration: graph, tokens: auth.tokens, transport: transport).forPane
        services.fixes = .live(
          configuration: graph, tokens: auth.tokens, transport: transport,
          widen: { try await session.widenScopes($0) }, audit: WriteAuditFile(environment: environment))
        return services
      } catch let failure as SignInFailure {
        throw failure
      } catch {
        throw SignInFailure(message: "The settings cannot work: \(error)", canRetry: false)
      }
    }
    let services = settings.clientId == nil ? unavailableServices : try build(settings)
    let configFile = options.config
    return AppComposition(
      settings: settings, services: services, isDemo: false,
      saveSettings: { newSettings in
        try SettingsWriter.save(newSettings, configFile: configFile, environment: environment)
        return try build(newSettings)
      },
      signInMethod: chooseSignIn(settings, environment: environment), warnings: warnings,
      home: home(for: settings),
      accounts: signIn.noPersist
        ? .unavailable
        : accountsClient(options: options, store: tokenStore, current: current, build: build),
      severalAccounts: signIn.noPersist
        ? false : ((try? options.fileTokenStore(warn: warnings.post).snapshot())?.accounts.count ?? 0) > 1)
  }

  /// The picker's accounts over the token cache: listing them, and building a chosen account's
  /// clients with its own authority, client id, scopes, Graph endpoint and profile. A switch also
  /// makes that account the active one for the next command (as `roster accounts use` does);
  /// other windows keep the account they started with.
  static func accountsClient(
    options: CommonOptions, store: any TokenStore, current: LockedValue<IdentitySession?>,
    build: @escaping @Sendable (Settings) throws -> Services
  ) -> AccountsClient {
    AccountsClient(
      list: {
        let file = try await store.load()
        let currentKey = await current.current?.accountKey
        let accounts = file.ordered.map { item in
          AccountSummary(
            key: item.key, username: item.entry.account.username, tenantId: item.entry.account.tenantId,
            name: (item.entry.name ?? item.entry.profile).map { CleanText($0) },
            isActive: item.key == file.activeAccount,
            isB2C: (try? Authority(parsing: item.entry.account.authority))?.isB2C == true,
            isSignedIn: item.entry.refreshToken != nil && item.entry.signedOutReason == nil)
        }
        return (accounts, currentKey)
      },
      switchTo: { key in
        let entry = try await store.update { file -> CachedAccount in
          guard let entry = file.accounts[key] else {
            throw SignInFailure(message: "That account was signed out in the meantime.", canRetry: false)
          }
          file.activeAccount = key
          return entry
        }
        let base: Settings
        if let own = try? options.loadSettingsOnly(
          signIn: nil, redirectPort: nil, profile: entry.profile ?? options.profile)
        {
          base = own
        } else {
          base = try options.loadSettingsOnly(signIn: nil, redirectPort: nil, profile: nil)
        }
        let settings = AccountChoice.applying((key, entry), to: base)
        let services = try build(settings)
        let account = await services.auth.restoreSession()
        return AccountsClient.Switch(
          services: services, account: account, home: home(for: settings), settings: settings)
      },
      prepareNew: {
        var settings = try options.loadSettingsOnly(signIn: nil, redirectPort: nil, profile: options.profile)
        settings.accountKey = nil
        let services = try build(settings)
        return AccountsClient.Switch(services: services, account: nil, home: home(for: settings), settings: settings)
      })
  }

  /// The local directory index over the same Graph client settings, tokens and transport.
  /// `directory` replaces the cache directory (the demo's own).
  static func localIndex(
    _ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    environment: [String: String], directory: URL? = nil
  ) -> LocalIndexClient {
    // The first sync fills from `/users` and `/groups` unless ROSTER_INDEX_FIRST_SYNC=delta
    // (`IndexContext.fills`), both fills paced against one budget.
    let fills = IndexContext.fills(environment)
    let pacer = GraphPacer()
    return .live(
      environment: environment, directory: directory,
      feed: fills
        ? .liveFill(configuration: graph, tokens: tokens, transport: transport, pacer: pacer)
        : .live(configuration: graph, tokens: tokens, transport: transport),
      estimate: DeltaFeed.liveEstimate(configuration: graph, tokens: tokens, transport: transport),
      groupFeed: fills
        ? .liveFill(configuration: graph, tokens: tokens, transport: transport, pacer: pacer)
        : .live(configuration: graph, tokens: tokens, transport: transport),
      rooms: .live(configuration: graph, tokens: tokens, transport: transport), catchUpAfterFull: fills,
      kinds: KindModules.syncRounds(graph, tokens: tokens, transport: transport))
  }

  /// `.tasks` for a B2C authority: its tokens are for the customer's own API, never Graph.
  static func home(for settings: Settings) -> Screen {
    let authority = try? Authority(parsing: settings.authority, b2cPolicy: settings.b2cPolicy)
    return authority?.isB2C == true ? .tasks : .main
  }

  /// `signIn = auto` resolved as `roster login` resolves it: device code over SSH or without a
  /// display or browser, the browser otherwise; B2C always the browser.
  static func chooseSignIn(_ settings: Settings, environment: [String: String]) -> SignInMethod {
    guard let authority = try? Authority(parsing: settings.authority, b2cPolicy: settings.b2cPolicy) else {
      return .deviceCode
    }
    let choice = SignInMethodChooser.choose(
      setting: settings.signIn, authority: authority, environment: environment,
      hasOpener: BrowserOpener.find(environment: environment) != nil)
    return (try? choice.get()) ?? .browser
  }

  static var unavailableServices: Services {
    let failure = SignInFailure(
      message: "No client id is configured. Set one on the setup screen, with --client-id or ROSTER_CLIENT_ID.",
      canRetry: false
    )
    let auth = AuthClient(
      restoreSession: { nil },
      signIn: { _, events in
        events(.failed(failure))
        return NoWork()
      },
      submitRedirectURL: { _ in false },
      signOut: {},
      tokens: NoTokens(failure: failure)
    )
    let directory = DirectoryClient(
      searchPeople: { _, _ in throw DirectoryError.signInRequired(failure) },
      nextPage: { _, _ in throw DirectoryError.signInRequired(failure) },
      personDetail: { _, _ in throw DirectoryError.signInRequired(failure) }
    )
    return Services(auth: auth, directory: directory)
  }

  /// The app's store, built the one way there is (`Store.live`, which StoreTests drive).
  @MainActor func makeStore() -> Store {
    var state = AppState(settings: settings, signInMethod: signInMethod, isDemo: isDemo, now: Date(), home: home)
    // The one search field lists groups and rooms beside people (issues 20, 29); Ctrl-G switches.
    state.groups.isEnabled = home == .main
    state.rooms.isEnabled = home == .main
    if home == .main { state.enableSearchedKinds() }
    state.timeZone = .current
    state.accounts.currentKey = settings.accountKey
    state.accounts.severalSignedIn = severalAccounts
    let store = Store.live(
      initialState: state, services: services, saveSettings: saveSettings, accounts: accounts)
    warnings.attach { message in
      DispatchQueue.main.async { MainActor.assumeIsolated { store.send(.app(.warningRaised(message))) } }
    }
    return store
  }
}

private struct NoWork: Cancellable { func cancel() {} }

private struct NoTokens: AccessTokenProvider {
  let failure: SignInFailure
  func accessToken(forceRefresh: Bool) async throws -> Secret { throw SignInRequired(failure) }
}

/// Keeps the demo's sandbox server running for the life of the process.
@MainActor enum DemoSandbox {
  static var running: RunningSandbox?
  static func keep(_ sandbox: RunningSandbox) { running = sandbox }
}
