import Foundation
import Identity
import RosterCore
import Sandbox
import Tasks
import TestSupport
import Testing
import Transport

/// The one sandbox harness plus a customer signed in through its B2C policy (the real browser
/// flow, the harness acting as the browser), and the live task client over the live transport.
struct TaskSandbox {
  let harness: SandboxHarness
  let session: IdentitySession
  let client: TaskClient

  var sandbox: RunningSandbox { harness.sandbox }

  /// `scopes` picks API scopes from the sandbox's (default: read and write).
  static func start(
    scopes: ((RunningSandbox) -> [String])? = nil, configure: (inout SandboxConfiguration) -> Void = { _ in }
  ) async throws -> TaskSandbox {
    let harness = try await SandboxHarness.start(configure: configure)
    let customer = try customer(of: harness, scopes: scopes?(harness.sandbox))
    try await customer.signIn()
    return customer
  }

  /// Another customer of the same sandbox, not signed in yet.
  static func customer(of harness: SandboxHarness, scopes: [String]? = nil) throws -> TaskSandbox {
    let settings = settings(harness.sandbox, scopes: scopes)
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: settings), transport: harness.transport,
      store: MemoryTokenStore())
    return TaskSandbox(
      harness: harness, session: session,
      client: .live(settings: settings, tokens: session, transport: harness.transport))
  }

  static func settings(_ sandbox: RunningSandbox, scopes: [String]? = nil) -> Settings {
    var settings = Settings(clientId: sandbox.clientId, authority: sandbox.b2cAuthority.absoluteString)
    settings.scopes = (["openid", "offline_access"] + (scopes ?? sandbox.taskScopes)).joined(separator: " ")
    settings.taskAPI = sandbox.baseURL.absoluteString
    return settings
  }

  /// The browser sign-in through the policy, the harness following the redirect as a browser would.
  func signIn() async throws {
    let event = await harness.signIn(session, method: .browser)
    guard case .signedIn? = event else {
      throw SandboxHarnessError("B2C sign-in did not finish: \(String(describing: event))")
    }
  }

  func stop() async { await harness.stop() }

  /// How many requests reached the task API so far.
  func taskAPIRequests() async throws -> Int { try await harness.requests(pathPrefix: "/api/tasks").count }

  /// The raw task list as the service stores it, read with the session's token.
  func rawTexts() async throws -> [String] {
    let token = try await session.accessToken(forceRefresh: false)
    let response = try await harness.transport.send(
      HTTPRequest(
        url: sandbox.baseURL.appendingPathComponent("api/tasks"),
        headers: [("Authorization", "Bearer \(token.exposedValue)")]))
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
