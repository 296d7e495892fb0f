import AppRuntime
import Foundation
import Identity
import RosterCore
import Sandbox
import Tasks
import Transport

extension AppComposition {
  /// `roster --demo --b2c`: the B2C half against the embedded sandbox. Sign-in goes through the
  /// sandbox's B2C policy in the real browser flow (loopback listener, PKCE, code redemption); the
  /// "browser" is `StandInBrowser`, which visits the authorize page after a moment, and the
  /// policy approves itself. The redirect URL can still be pasted, as with a real tenant.
  /// `ROSTER_DEMO_DATA=DIR` keeps the tasks in `DIR/tasks.json` across runs.
  static func b2cDemo(environment: [String: String]) async throws -> AppComposition {
    var configuration = SandboxConfiguration()
    if let data = environment["ROSTER_DEMO_DATA"], !data.isEmpty {
      configuration.dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
    }
    let sandbox = try await SandboxServer.start(configuration)
    await DemoSandbox.keep(sandbox)
    var settings = Settings(
      clientId: sandbox.clientId, authority: sandbox.b2cAuthority.absoluteString,
      graphEndpoint: sandbox.graphURL.absoluteString)
    settings.scopes = (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " ")
    settings.signIn = .browser
    settings.taskAPI = sandbox.baseURL.absoluteString
    let transport = try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: nil))
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: transport, store: MemoryTokenStore())
    let auth = AuthClient.live(session: session).approvingBrowserSignIns(
      through: StandInBrowser(transport: transport), after: demoApprovalDelay)
    let services = Services(
      auth: auth, directory: unavailableServices.directory,
      tasks: .live(settings: settings, tokens: session, transport: transport))
    return AppComposition(
      settings: settings, services: services, isDemo: true, saveSettings: { _ in services }, signInMethod: .browser,
      home: .tasks)
  }

  /// How long the demo's authorize page "waits for the person" before approving itself.
  static let demoApprovalDelay: Duration = .seconds(2)
}
