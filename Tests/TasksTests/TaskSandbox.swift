import Foundation
import Identity
import RosterCore
import Sandbox
import Tasks
import Testing
import Transport

/// A sandbox plus a customer signed in through its B2C policy (the real browser flow, with the
/// stand-in browser), and the live task client over the live transport.
struct TaskSandbox {
  let sandbox: RunningSandbox
  let transport: LiveHTTPTransport
  let session: IdentitySession
  let client: TaskClient

  /// `scopes` picks API scopes from the sandbox's (default: read and write).
  static func start(
    scopes: ((RunningSandbox) -> [String])? = nil, user: String? = nil, configure: (inout SandboxConfiguration) -> Void = { _ in }
  ) async throws -> TaskSandbox {
    var configuration = SandboxConfiguration()
    configuration.size = 50
    configure(&configuration)
    let sandbox = try await SandboxServer.start(configuration)
    let transport = try LiveHTTPTransport(configuration: TransportConfiguration())
    let settings = Self.settings(sandbox, scopes: scopes?(sandbox))
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: transport, store: MemoryTokenStore())
    let harness = TaskSandbox(
      sandbox: sandbox, transport: transport, session: session,
      client: .live(settings: settings, tokens: session, transport: transport))
    if let user { try await harness.control("browser", ["user": user]) }
    try await harness.signIn()
    return harness
  }

  static func settings(_ sandbox: RunningSandbox, scopes: [String]? = nil) -> Settings {
    var settings = Settings(clientId: sandbox.clientId, authority: sandbox.b2cAuthority.absoluteString)
    settings.scopes = (["openid", "offline_access"] + (scopes ?? sandbox.taskScopes)).joined(separator: " ")
    settings.taskAPI = sandbox.baseURL.absoluteString
    return settings
  }

  func signIn() async throws {
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: .browser) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .browserOpened(let url, _): await StandInBrowser(transport: transport).visit(url)
      case .signedIn: return
      case .failed(let failure): throw failure
      default: continue
      }
    }
  }

  func stop() async { await sandbox.stop() }

  @discardableResult
  func control(_ path: String, _ body: [String: Any]) async throws -> HTTPResponse {
    try await transport.send(HTTPRequest(
      method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/\(path)"),
      headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: body)))
  }

  /// Method and path of every request the sandbox received (never a token).
  func requests() async throws -> [String] {
    let response = try await transport.send(HTTPRequest(url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return (json?["requests"] as? [[String: Any]] ?? []).map { "\($0["method"] as? String ?? "") \($0["path"] as? String ?? "")" }
  }

  /// The raw task list as the service stores it, read with the session's token.
  func rawTexts() async throws -> [String] {
    let token = try await session.accessToken(forceRefresh: false)
    let response = try await transport.send(HTTPRequest(
      url: sandbox.baseURL.appendingPathComponent("api/tasks"), headers: [("Authorization", "Bearer \(token.exposedValue)")]))
    let array = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
    return array.compactMap { $0["Text"] as? String }
  }
}

extension TaskClient {
  /// The error a call threw, as a `TaskError` (nil when it succeeded).
  static func failure(_ call: () async throws -> Void) async -> TaskError? {
    do {
      try await call()
      return nil
    } catch let error as TaskError {
      return error
    } catch {
      Issue.record("not a TaskError: \(error)")
      return nil
    }
  }
}
