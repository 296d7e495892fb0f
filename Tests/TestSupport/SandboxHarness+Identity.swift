import Foundation
import Identity
import RosterCore
import Sandbox
import Transport

/// Identity's view of the sandbox: sessions, the file token store, sign-ins driven to their end.
extension SandboxHarness {
  /// Where `roster` keeps its state under this harness's directory (`XDG_STATE_HOME/roster`).
  public var stateDirectory: URL { directory.url.appendingPathComponent("state/roster") }

  public func fileStore(warn: @escaping @Sendable (String) -> Void = { _ in }) -> FileTokenStore {
    FileTokenStore(directory: stateDirectory, warn: warn)
  }

  public func session(store: (any TokenStore)? = nil, now: @escaping @Sendable () -> Date = { Date() }) throws
    -> IdentitySession
  {
    IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: transport,
      store: store ?? fileStore(), now: now)
  }

  /// GET /v1.0/me with the token: the sandbox's verdict on it.
  public func graphMe(_ token: Secret) async throws -> Int {
    try await transport.send(
      HTTPRequest(
        url: sandbox.graphURL.appendingPathComponent("v1.0/me"),
        headers: [("Authorization", "Bearer \(token.exposedValue)")])
    ).status
  }

  /// Runs a sign-in to its end, approving a device code or "being the browser" as needed.
  public func signIn(_ session: IdentitySession, method: SignInMethod, approve: Bool = true) async -> SignInEvent? {
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: method) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .deviceCodeIssued(let prompt):
        _ = try? await control(approve ? "device/approve" : "device/deny", ["user_code": prompt.userCode.string])
      case .browserOpened(let url, _):
        await actAsBrowser(url.string)
      case .signedIn, .failed:
        return event
      case .waitingForUser:
        continue
      }
    }
    return nil
  }

  /// Signs `session` in with the device code (approved); a sign-in that does not finish throws.
  @discardableResult
  public func signedIn(_ session: IdentitySession) async throws -> Account {
    let event = await signIn(session, method: .deviceCode)
    guard case .signedIn(let account)? = event else {
      throw SandboxHarnessError("sign-in did not finish: \(String(describing: event))")
    }
    return account
  }

  /// Follows the authorize URL's redirect to the loopback listener, as a browser would.
  public func actAsBrowser(_ url: String) async {
    guard let authorize = URL(string: url),
      let redirect = try? await transport.send(HTTPRequest(url: authorize)),
      let location = redirect.header("Location"), let target = URL(string: location)
    else { return }
    _ = try? await transport.send(HTTPRequest(url: target))
  }
}
