import Dispatch
import Foundation
import RosterCore
import SandboxDirectory

/// `roster --demo` services: the sandbox's demo organisation, in process, with a device-code
/// sign-in that approves itself after a few seconds. Tokens exist only in memory.
///
/// Why in process: the sandbox HTTP server (`SandboxServer.start`) and the live Identity/Graph
/// clients are built on other branches; until they are merged this keeps `--demo` (and the
/// end-to-end tests) working with the same people data (`SandboxDirectory`). The integrator can
/// swap `DemoMode.services` for live clients against `SandboxServer.start` without touching the UI.
enum DemoMode {
  static let tenantId = "8a1d0c4e-2f3b-4c5d-9e6f-demo00000001"
  static let approveAfter: TimeInterval = 3

  /// Services over `directory` (the generated organisation, or `ROSTER_DEMO_PEOPLE` if set).
  static func services(directory: Directory, approveAfter: TimeInterval = approveAfter) -> Services {
    Services(auth: auth(directory: directory, approveAfter: approveAfter), directory: DemoDirectory(directory).client)
  }

  static func loadDirectory(environment: [String: String]) throws -> Directory {
    if let path = environment["ROSTER_DEMO_PEOPLE"], !path.isEmpty {
      return try Directory.load(peopleFile: URL(fileURLWithPath: path))
    }
    return Directory.generated()
  }

  static func auth(directory: Directory, approveAfter: TimeInterval) -> AuthClient {
    let me = directory.defaultUser
    let account = Account(
      homeAccountId: "\(me.id).\(tenantId)", username: me.userPrincipalName, displayName: me.displayName,
      tenantId: tenantId, authority: "sandbox (in process)",
      grantedScopes: ["openid", "profile", "offline_access", "User.Read", "User.ReadBasic.All", "User.Read.All"]
    )
    return AuthClient(
      restoreSession: { nil },  // a demo always shows the sign-in
      signIn: { method, events in
        let flow = DemoSignIn(account: account, approveAfter: approveAfter, events: events)
        flow.start(method)
        return flow
      },
      submitRedirectURL: { url in url.contains("code=") },
      signOut: {},
      tokens: DemoTokens()
    )
  }
}

/// A demo device-code (or browser) sign-in: shows a code, polls twice, then signs in.
final class DemoSignIn: Cancellable, @unchecked Sendable {
  private let account: Account
  private let approveAfter: TimeInterval
  private let events: @Sendable (SignInEvent) -> Void
  private let lock = NSLock()
  private var cancelled = false

  init(account: Account, approveAfter: TimeInterval, events: @escaping @Sendable (SignInEvent) -> Void) {
    self.account = account
    self.approveAfter = approveAfter
    self.events = events
  }

  func start(_ method: SignInMethod) {
    let queue = DispatchQueue(label: "roster.demo.signin")
    switch method {
    case .deviceCode:
      let letters = Array("BCDFGHJKLMNPQRSTVWXZ23456789")
      let code = String((0..<9).map { _ in letters.randomElement()! })
      let prompt = DeviceCodePrompt(
        userCode: code, verificationURI: "http://127.0.0.1/demo/device",
        message: "Demo: this code approves itself in a few seconds.",
        expiresAt: Date().addingTimeInterval(900), interval: 1
      )
      emit(.deviceCodeIssued(prompt))
    case .browser:
      emit(.browserOpened(url: "http://127.0.0.1/demo/authorize", listeningOn: "http://127.0.0.1/demo"))
    }
    queue.asyncAfter(deadline: .now() + approveAfter / 2) { [self] in emit(.waitingForUser(slowDown: false)) }
    queue.asyncAfter(deadline: .now() + approveAfter) { [self] in emit(.signedIn(account)) }
  }

  private func emit(_ event: SignInEvent) {
    let live = lock.withLock { !cancelled }
    if live { events(event) }
  }

  func cancel() {
    lock.withLock { cancelled = true }
  }
}

/// The demo's bearer token: in memory, never shown.
struct DemoTokens: AccessTokenProvider {
  func accessToken(forceRefresh: Bool) async throws -> Secret { Secret("demo-token") }
}
