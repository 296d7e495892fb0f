import Foundation
import RosterCore
import Sandbox
import Transport

/// The one sandbox harness: a running in-process sandbox tenant on a free loopback port, the live
/// transport (Transport's AsyncHTTPClient, no redirects followed, trusting the sandbox's CA when it
/// speaks TLS), a private temporary directory, and the `/_sandbox/…` control API.
///
/// Identity, Graph, CLI and the sandbox's own tests build on it (`SandboxHarness+Identity`, the
/// Graph tests' `SandboxGraph`, the sandbox tests' request helpers).
public struct SandboxHarness: Sendable {
  public let sandbox: RunningSandbox
  public let transport: LiveHTTPTransport
  public let directory: TemporaryDirectory
  /// The sandbox's CA certificate file when it speaks TLS.
  public let caFile: String?
  /// The sandbox's clock when the test moves time by hand.
  public let clock: ManualClock?

  /// Starts a sandbox (50 generated people, device-code interval 1 s, unless `configure` says
  /// otherwise; `people` writes a people file for it). Call `stop()` when done, or use `with`.
  public static func start(
    tls: Bool = false, people: [[String: Any]]? = nil, clock: ManualClock? = nil,
    configure: (inout SandboxConfiguration) -> Void = { _ in }
  ) async throws -> SandboxHarness {
    let directory = TemporaryDirectory(prefix: "roster-sandbox")
    var configuration = SandboxConfiguration()
    configuration.tls = tls
    configuration.size = 50
    configuration.deviceCodeInterval = 1
    configuration.executor = DedicatedExecutor.shared
    // The reports API's 5 requests per 10 s (`GraphLimits.reportsRequestsPerWindow`) is off here:
    // many tests read dozens of people's sign-in logs at once; a test of the limit turns it on.
    configuration.limits.reportsRequestsPerWindow = nil
    if let clock { configuration.now = clock.function }
    if let people {
      let url = directory.url.appendingPathComponent("people.json")
      try JSONSerialization.data(withJSONObject: people).write(to: url)
      configuration.peopleFile = url
    }
    configure(&configuration)
    let sandbox = try await SandboxServer.start(configuration)
    var caFile: String?
    if let pem = sandbox.caCertificatePEM {
      let path = directory.url.appendingPathComponent("sandbox-ca.pem").path
      _ = FileManager.default.createFile(atPath: path, contents: Data(pem.utf8))
      caFile = path
    }
    let transport = try LiveHTTPTransport(configuration: TransportConfiguration(extraCAFile: caFile))
    return SandboxHarness(sandbox: sandbox, transport: transport, directory: directory, caFile: caFile, clock: clock)
  }

  /// Runs `body` against a fresh sandbox and always stops it.
  public static func with<Result>(
    tls: Bool = false, people: [[String: Any]]? = nil, clock: ManualClock? = nil,
    configure: (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxHarness) async throws -> Result
  ) async throws -> Result {
    let harness = try await start(tls: tls, people: people, clock: clock, configure: configure)
    do {
      let result = try await body(harness)
      await harness.stop()
      return result
    } catch {
      await harness.stop()
      throw error
    }
  }

  public func stop() async {
    await sandbox.stop()
    directory.remove()
  }

  /// Settings naming this sandbox's client and authority.
  public var settings: Settings {
    Settings(clientId: sandbox.clientId, authority: sandbox.authority.absoluteString)
  }

  // MARK: - Control API

  /// POSTs JSON to the sandbox's control API (`device/approve`, `faults`, …).
  @discardableResult
  public func control(_ path: String, _ body: [String: Any]) async throws -> HTTPResponse {
    try await transport.send(
      HTTPRequest(
        method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/\(path)"),
        headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: body)))
  }

  /// Adds a fault rule (`{"match":…, "kind":…, …}`, see the sandbox's FaultRule); refusal throws.
  public func addFault(_ rule: [String: Any]) async throws {
    let response = try await control("faults", rule)
    guard (200..<300).contains(response.status) else {
      throw SandboxHarnessError("fault refused (\(response.status)): \(String(decoding: response.body, as: UTF8.self))")
    }
  }

  public func clearFaults() async throws {
    _ = try await transport.send(
      HTTPRequest(
        method: "DELETE", url: sandbox.baseURL.appendingPathComponent("_sandbox/faults")))
  }

  /// A request the sandbox logged: path, decoded query, `ConsistencyLevel` header.
  public struct LoggedRequest: Sendable {
    public var path: String
    public var query: [String: String]
    public var consistencyLevel: String?
  }

  /// Forgets the requests logged so far.
  public func clearRequests() async throws {
    _ = try await transport.send(
      HTTPRequest(
        method: "DELETE", url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
  }

  /// Logged requests whose path starts with `prefix`.
  public func requests(pathPrefix prefix: String = "/v1.0/") async throws -> [LoggedRequest] {
    let response = try await transport.send(
      HTTPRequest(url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
    let parsed = try JSONSerialization.jsonObject(with: response.body)
    let list = (parsed as? [[String: Any]]) ?? ((parsed as? [String: Any])?["requests"] as? [[String: Any]]) ?? []
    return list.compactMap { entry in
      guard let path = entry["path"] as? String, path.hasPrefix(prefix) else { return nil }
      let query = (entry["query"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
      let headers = entry["headers"] as? [String: Any]
      return LoggedRequest(path: path, query: query, consistencyLevel: headers?["ConsistencyLevel"] as? String)
    }
  }

  /// How many token endpoint requests the sandbox has logged.
  public func tokenRequestCount() async throws -> Int {
    try await requests(pathPrefix: "/").filter { $0.path.hasSuffix("/oauth2/v2.0/token") }.count
  }
}

/// A sandbox step that did not go as a test needs.
public struct SandboxHarnessError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
