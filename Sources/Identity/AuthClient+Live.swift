import AppRuntime
import Foundation
import RosterCore
import Transport

extension AuthClient {
  /// The real sign-in for the app's runtime: device code and browser flows, silent refresh, the
  /// token cache. `tokens` is the session itself, which Graph uses as its `AccessTokenProvider`.
  ///
  /// Throws when the settings cannot work (no client id, a bad authority).
  public static func live(
    settings: Settings,
    transport: any HTTPTransport,
    store: any TokenStore,
    scheduler: any Scheduler = DispatchScheduler(label: "roster.identity.worker"),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SignInFailure) -> AuthClient {
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: transport, store: store,
      scheduler: scheduler, opener: BrowserOpener.find(environment: environment), accountKey: settings.accountKey)
    return live(session: session)
  }

  /// An `AuthClient` over an existing session (the CLI keeps the session for status and logout).
  public static func live(session: IdentitySession) -> AuthClient {
    AuthClient(
      restoreSession: { await session.restoreSession() },
      signIn: { method, events in session.signIn(method: method, events: events) },
      submitRedirectURL: { url in session.submitRedirectURL(url) },
      signOut: { try? await session.signOut() },
      tokens: session)
  }
}
