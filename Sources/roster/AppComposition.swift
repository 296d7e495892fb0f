import Foundation
import RosterCore

/// The composition root: which settings, services and runtime the UI runs with.
struct AppComposition: Sendable {
  var settings: Settings
  var services: Services
  var isDemo: Bool
  var saveSettings: @Sendable (Settings) async throws -> Services

  /// `roster --demo`: the demo organisation in process, sign-in approving itself, tokens in memory.
  static func demo(environment: [String: String]) throws -> AppComposition {
    let directory = try DemoMode.loadDirectory(environment: environment)
    let services = DemoMode.services(directory: directory)
    var settings = Settings(clientId: "roster-demo", authority: "http://127.0.0.1/\(DemoMode.tenantId)")
    settings.scopes = Settings.defaultScopes + " User.Read.All"
    return AppComposition(settings: settings, services: services, isDemo: true, saveSettings: { _ in services })
  }

  /// `roster`: the configured tenant.
  ///
  /// INTEGRATION POINT: settings loading (file, flags, `ROSTER_*`) and the live clients
  /// (`AuthClient.live` from Identity, `DirectoryClient.live` from Graph) are built on other
  /// branches. Until they are merged this reads `ROSTER_CLIENT_ID`/`ROSTER_AUTHORITY` only and
  /// signs in with a client that explains sign-in is not available in this build.
  static func live(environment: [String: String]) -> AppComposition {
    var settings = Settings()
    if let clientId = environment["ROSTER_CLIENT_ID"], !clientId.isEmpty { settings.clientId = clientId }
    if let authority = environment["ROSTER_AUTHORITY"], !authority.isEmpty { settings.authority = authority }
    let services = unavailableServices
    return AppComposition(settings: settings, services: services, isDemo: false, saveSettings: { _ in
      throw SignInFailure(message: "Saving settings is not available in this build; set ROSTER_CLIENT_ID instead.", canRetry: false)
    })
  }

  static var unavailableServices: Services {
    let failure = SignInFailure(
      message: "Sign-in is not available in this build (Identity client not linked). Try `roster --demo`.",
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
