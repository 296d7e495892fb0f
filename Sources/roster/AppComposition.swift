import Foundation
import Graph
import Identity
import RosterCore
import Sandbox
import Transport

/// The composition root: which settings, services and runtime the UI runs with.
struct AppComposition: Sendable {
  var settings: Settings
  var services: Services
  var isDemo: Bool
  var saveSettings: @Sendable (Settings) async throws -> Services

  /// `roster --demo`: the embedded sandbox tenant (`SandboxServer.start` on 127.0.0.1, approving
  /// device codes after 3 s) with the live Identity and Graph clients, tokens in memory only.
  /// `ROSTER_DEMO_PEOPLE` loads a people file instead of the generated organisation. If the
  /// sandbox cannot start, the same organisation is served in process (`DemoMode`).
  static func demo(environment: [String: String]) async throws -> AppComposition {
    var configuration = SandboxConfiguration()
    configuration.approveAfter = .seconds(3)
    configuration.deviceCodeInterval = 1
    if let people = environment["ROSTER_DEMO_PEOPLE"], !people.isEmpty {
      configuration.peopleFile = URL(fileURLWithPath: people)
    }
    do {
      let sandbox = try await SandboxServer.start(configuration)
      await DemoSandbox.keep(sandbox)
      var settings = Settings(
        clientId: sandbox.clientId, authority: sandbox.authority.absoluteString,
        graphEndpoint: sandbox.graphURL.absoluteString)
      settings.scopes = Settings.defaultScopes + " User.Read.All"
      settings.signIn = .deviceCode
      let transport = try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: nil))
      let auth = try AuthClient.live(settings: settings, transport: transport, store: MemoryTokenStore(), environment: environment)
      let graph = try GraphConfiguration(settings: settings)
      let services = Services(auth: auth, directory: DirectoryClient.live(configuration: graph, tokens: auth.tokens, transport: transport))
      return AppComposition(settings: settings, services: services, isDemo: true, saveSettings: { _ in services })
    } catch {
      return try inProcessDemo(environment: environment)
    }
  }

  /// The fallback demo: the sandbox's organisation served in process, no HTTP.
  static func inProcessDemo(environment: [String: String]) throws -> AppComposition {
    let directory = try DemoMode.loadDirectory(environment: environment)
    let services = DemoMode.services(directory: directory)
    var settings = Settings(clientId: "roster-demo", authority: "http://127.0.0.1/\(DemoMode.tenantId)")
    settings.scopes = Settings.defaultScopes + " User.Read.All"
    return AppComposition(settings: settings, services: services, isDemo: true, saveSettings: { _ in services })
  }

  /// `roster`: the configured tenant, with the live clients (Identity's `AuthClient.live`, Graph's
  /// `DirectoryClient.live`) over one shared transport. Without a client id the setup screen
  /// shows; saving it writes the settings file and builds the clients for the new settings.
  static func live(options: CommonOptions) throws -> AppComposition {
    let settings = try options.loadSettings()
    let environment = options.environment
    let transport = try options.makeTransport(settings: settings)
    let tokenStore = options.makeTokenStore()
    let build: @Sendable (Settings) throws -> Services = { settings in
      do {
        let auth = try AuthClient.live(settings: settings, transport: transport, store: tokenStore, environment: environment)
        let graph = try GraphConfiguration(settings: settings)
        return Services(auth: auth, directory: DirectoryClient.live(configuration: graph, tokens: auth.tokens, transport: transport))
      } catch let failure as SignInFailure {
        throw failure
      } catch {
        throw SignInFailure(message: "The settings cannot work: \(error)", canRetry: false)
      }
    }
    let services = settings.clientId == nil ? unavailableServices : try build(settings)
    let configFile = options.config
    return AppComposition(settings: settings, services: services, isDemo: false, saveSettings: { newSettings in
      try SettingsWriter.save(newSettings, configFile: configFile, environment: environment)
      return try build(newSettings)
    })
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

  @MainActor func makeStore() -> Store {
    let environment = RuntimeEnvironment(
      services: services, scheduler: DispatchScheduler(queue: DispatchQueue(label: "roster.timers")),
      saveSettings: saveSettings
    )
    let runtime = EffectRuntime(environment: environment)
    let state = AppState(settings: settings, signInMethod: .deviceCode, isDemo: isDemo, now: Date())
    return Store(initialState: state, runtime: runtime)
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
