import Foundation
import RosterCore
import Sandbox
import Testing
import Transport

@testable import Identity

/// A running sandbox plus a session signed in against it, for end-to-end tests over loopback.
struct SandboxHarness {
  let sandbox: RunningSandbox
  let transport: LiveHTTPTransport
  let directory: TemporaryDirectory
  let caFile: String?

  static func start(tls: Bool = false, configure: (inout SandboxConfiguration) -> Void = { _ in }) async throws
    -> SandboxHarness
  {
    var configuration = SandboxConfiguration()
    configuration.tls = tls
    configuration.size = 50
    configuration.deviceCodeInterval = 1
    configure(&configuration)
    let sandbox = try await SandboxServer.start(configuration)
    let directory = TemporaryDirectory()
    var caFile: String?
    if let pem = sandbox.caCertificatePEM {
      let path = directory.url.appendingPathComponent("sandbox-ca.pem").path
      _ = FileManager.default.createFile(atPath: path, contents: Data(pem.utf8))
      caFile = path
    }
    let transport = try LiveHTTPTransport(configuration: TransportConfiguration(extraCAFile: caFile))
    return SandboxHarness(sandbox: sandbox, transport: transport, directory: directory, caFile: caFile)
  }

  func stop() async {
    await sandbox.stop()
    directory.remove()
  }

  var settings: Settings {
    Settings(clientId: sandbox.clientId, authority: sandbox.authority.absoluteString)
  }

  var stateDirectory: URL { directory.url.appendingPathComponent("state/roster") }

  func fileStore(warn: @escaping @Sendable (String) -> Void = { _ in }) -> FileTokenStore {
    FileTokenStore(directory: stateDirectory, warn: warn)
  }

  func session(store: (any TokenStore)? = nil, now: @escaping @Sendable () -> Date = { Date() }) throws -> IdentitySession {
    IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: transport,
      store: store ?? fileStore(), now: now)
  }

  /// POSTs JSON to the sandbox's control API.
  @discardableResult
  func control(_ path: String, _ body: [String: Any]) async throws -> HTTPResponse {
    try await transport.send(HTTPRequest(
      method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/\(path)"),
      headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: body)))
  }

  /// How many token endpoint requests the sandbox has logged.
  func tokenRequestCount() async throws -> Int {
    let response = try await transport.send(HTTPRequest(url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    let requests = json?["requests"] as? [[String: Any]] ?? []
    return requests.filter { ($0["path"] as? String)?.hasSuffix("/oauth2/v2.0/token") == true }.count
  }

  /// GET /v1.0/me with the token: the sandbox's verdict on it.
  func graphMe(_ token: Secret) async throws -> Int {
    try await transport.send(HTTPRequest(
      url: sandbox.graphURL.appendingPathComponent("v1.0/me"),
      headers: [("Authorization", "Bearer \(token.exposedValue)")])).status
  }

  /// Runs a sign-in to its end, approving a device code or "being the browser" as needed.
  func signIn(_ session: IdentitySession, method: SignInMethod, approve: Bool = true) async -> SignInEvent? {
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: method) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .deviceCodeIssued(let prompt):
        _ = try? await control(approve ? "device/approve" : "device/deny", ["user_code": prompt.userCode])
      case .browserOpened(let url, _):
        await actAsBrowser(url)
      case .signedIn, .failed:
        return event
      case .waitingForUser:
        continue
      }
    }
    return nil
  }

  /// Follows the authorize URL's redirect to the loopback listener, as a browser would.
  func actAsBrowser(_ url: String) async {
    guard let authorize = URL(string: url),
      let redirect = try? await transport.send(HTTPRequest(url: authorize)),
      let location = redirect.header("Location"), let target = URL(string: location)
    else { return }
    _ = try? await transport.send(HTTPRequest(url: target))
  }
}
