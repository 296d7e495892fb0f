import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import SandboxDirectory

// CONTRACT: how tests, the benchmark and `roster --demo` embed the sandbox in-process. The
// Sandbox work replaces the placeholder body; names and shapes stay (extend, don't rename).

/// How to run a sandbox tenant.
public struct SandboxConfiguration: Sendable {
  public var host: String = "127.0.0.1"
  /// 0 picks a free port.
  public var port: Int = 0
  /// Serve HTTPS with a certificate from a throw-away CA made at start.
  public var tls: Bool = false
  public var allowRemote: Bool = false
  public var seed: UInt64 = 1
  /// People in the generated organisation, 1…`maximumSize`; above 200,000 they are computed on
  /// request (`LazyOrganisation`), without groups.
  public var size: Int = 2000
  /// The most people the sandbox generates.
  public static let maximumSize = LazyOrganisation.maximumSize
  public var peopleFile: URL? = nil
  /// Delegated Graph permissions the tenant's administrator has not consented to: tokens never
  /// carry them (the token response's `scope` leaves them out), so a client can be tried without,
  /// e.g., `GroupMember.Read.All`. Compared case-insensitively.
  public var withheldPermissions: Set<String> = []
  /// Delegated Graph permissions nobody has consented to yet, but the signed-in person may at an
  /// interactive sign-in: a refresh token asked for one it was not issued with answers
  /// `invalid_grant` AADSTS65001 `consent_required`; a device code or browser sign-in grants it
  /// (the person consents on the page). Compared case-insensitively.
  public var consentAtSignIn: Set<String> = []
  /// Whether the tenant has Microsoft Entra ID P1: without it, sign-in logs answer Graph's 403
  /// `Authentication_RequestFromNonPremiumTenantOrB2CTenant` (issue 33).
  public var premium: Bool = true
  /// Whether the tenant has Microsoft Entra ID P2: without it, PIM's role eligibility answers
  /// Graph's 400 `AadPremiumLicenseRequired` while active role assignments still list (issue 43).
  public var premiumP2: Bool = true
  /// User ids holding the Reports Reader directory role; nil: the default (signed-in) user only,
  /// so a second sign-in is the user without it (issue 33).
  public var reportsReaders: Set<String>? = nil
  /// Added to every Graph request.
  public var latencyMs: Int = 0
  /// `--churn RATE`: people changed per minute at run time (0 = none), so a client's index has
  /// changes to find.
  public var churnPerMinute: Double = 0
  /// Device codes approve themselves (as the default user) after this; nil = never.
  public var approveAfter: Duration? = nil
  /// Access token lifetime in seconds; nil varies it per token between 60 and 90 minutes as
  /// Entra does, deterministically from `seed`, so a client that assumes 3600 is caught.
  public var tokenLifetime: Int? = nil
  /// Device-code polling interval and expiry, in seconds, as the devicecode response states them.
  public var deviceCodeInterval: Int = 5
  public var deviceCodeExpiresIn: Int = 900
  /// Refresh token lifetime in seconds (Entra: 90 days for public clients).
  public var refreshTokenLifetime: Int = 90 * 86_400
  /// The sandbox's clock: token lifetimes, code expiry and auto-approval all read it, so tests
  /// can move time instead of sleeping.
  public var now: @Sendable () -> Date = { Date() }
  /// `--clock-skew SECONDS`: every response's `Date` header is this far from the real time, as
  /// from a server whose clock (or ours) is wrong, for `roster doctor`'s clock check. 0 = none.
  public var dateSkew: Int = 0
  /// Where the B2C task API keeps `tasks.json` (`--data DIR`); nil keeps tasks in memory.
  public var dataDirectory: URL? = nil
  /// The B2C policy whose tokens the task API trusts.
  public var taskPolicy: String = "B2C_1_signupsignin"
  /// The 2016 service's mode: any token of the policy for the app (the id token too), no scope checks.
  public var taskAPIAcceptsIdTokens: Bool = false
  /// Where the server's handlers run; nil is Swift's shared cooperative pool. A test process
  /// passes threads of their own: its synchronous tests block pool threads while a `roster`
  /// child waits on this server, and with two cores that starved it for minutes.
  public var executor: (any TaskExecutor)? = nil
  /// The tenant's id; nil is the fixed default (`SandboxTenant.tenantId`). The second tenant
  /// (`SandboxServer.startSecondTenant`) has its own.
  public var tenantId: String? = nil
  /// A directory already built (the second tenant's, with its guest); wins over `peopleFile`.
  public var directory: Directory? = nil
  /// Whether the tenant has rooms and room lists (`/places`, generated from `seed`). Off plays a
  /// tenant whose places were never set up: Graph then answers an empty `value`, not an error.
  public var rooms: Bool = true
  /// Graph's page and throttling limits (`GraphLimits.microsoftGraph`), or `.generous` for the
  /// sandbox as it was before them (`roster sandbox --generous`), for comparison only.
  public var limits: GraphLimits = .microsoftGraph
  /// `--apps N`: the tenant's own app registrations, each with its enterprise app, besides the
  /// fixed ones (hostile names, Build Agents, Microsoft's and vendors'); nil: one per ten people,
  /// 40…20,000 (`AppSet.generated`).
  public var apps: Int? = nil
  /// `--devices N`: exactly this many devices; nil: as many as the people have (`DeviceSet.generated`).
  public var devices: Int? = nil
  /// Directory roles (built-in template ids) the default user holds besides the reports roles, so
  /// the signed-in operator can make issue 45's fixes; `roster sandbox` and `--demo` give
  /// `fixOperatorRoles`. Empty by default, so the role lists stay as issue 43 tests them.
  public var operatorRoles: [String] = []
  /// User, Authentication and Groups Administrator: every fix on people without an admin role,
  /// and Graph's refusal on a Global Administrator (`Graph/Writes/WriteRoleRules`).
  public static let fixOperatorRoles = [
    "fe930be7-5e62-47db-91af-98c3a49a38b1", "c4e39bd9-1100-46d3-8c65-fb160da0071f",
    "fdd7a751-b60b-444a-984c-02652fe8fa1c",
  ]
  /// Whether the tenant's Temporary Access Pass policy is enabled; off, creating a pass is
  /// Graph's 400 (issue 45).
  public var temporaryAccessPass: Bool = true
  /// The most `apps` and `devices` take.
  public static let maximumApps = 100_000
  public static let maximumDevices = 200_000

  public init() {}
}

/// A sandbox that is serving.
public final class RunningSandbox: Sendable {
  /// `http://127.0.0.1:PORT` (or https with TLS), no trailing slash.
  public let baseURL: URL
  /// The tenant's id (a GUID) and its domain (`contoso.onmicrosoft.com`-like).
  public let tenantId: String
  public let tenantDomain: String
  /// The registered demo public client.
  public let clientId: String
  /// UPN of the user who signs in by default.
  public let defaultUsername: String
  /// PEM of the throw-away CA when serving TLS.
  public let caCertificatePEM: String?
  /// The port actually bound.
  public let port: Int
  /// UPNs of the B2C customers who start with tasks (the default user first).
  public let demoCustomers: [String]
  /// The policy the task API trusts.
  public let taskPolicy: String
  /// The tenant itself, for tests that forge tokens with its key (`@testable import Sandbox`).
  let tenant: SandboxTenant?
  private let serving: Task<Void, Never>

  init(
    baseURL: URL, tenantId: String, tenantDomain: String, clientId: String, defaultUsername: String,
    caCertificatePEM: String?, port: Int, serving: Task<Void, Never>, demoCustomers: [String] = [],
    taskPolicy: String = "B2C_1_signupsignin", tenant: SandboxTenant? = nil
  ) {
    self.baseURL = baseURL
    self.tenantId = tenantId
    self.tenantDomain = tenantDomain
    self.clientId = clientId
    self.defaultUsername = defaultUsername
    self.caCertificatePEM = caCertificatePEM
    self.port = port
    self.serving = serving
    self.demoCustomers = demoCustomers
    self.taskPolicy = taskPolicy
    self.tenant = tenant
  }

  /// The B2C authority of the task API's policy, e.g. `http://127.0.0.1:PORT/contoso.onmicrosoft.com/B2C_1_signupsignin`.
  public var b2cAuthority: URL { baseURL.appendingPathComponent(tenantDomain).appendingPathComponent(taskPolicy) }
  /// The task API's scopes, as a client asks for them.
  public var taskScopes: [String] { ["read", "write"].map { "https://\(tenantDomain)/api/\($0)" } }

  /// The authority URL a client should use, e.g. `http://127.0.0.1:PORT/TENANT_ID`.
  public var authority: URL { baseURL.appendingPathComponent(tenantId) }
  /// The Graph root, e.g. `http://127.0.0.1:PORT` (Graph paths start `/v1.0/`).
  public var graphURL: URL { baseURL }

  /// The line `roster sandbox` prints once serving.
  public var announcement: String {
    SandboxAnnouncement(baseURL: baseURL.absoluteString, tenantId: tenantId, clientId: clientId).line
  }

  /// Stops serving and waits until the port is closed.
  /// Every token and code this sandbox has issued or received (for tests that look for leaks).
  public func issuedSecrets() async -> [String] {
    await tenant?.grants.issuedSecrets ?? []
  }

  /// Requests, resource units and 429s this sandbox has served (`GET /_sandbox/stats`).
  public func stats() -> SandboxStats { tenant?.stats.current ?? SandboxStats() }

  public func stop() async {
    serving.cancel()
    await serving.value
  }

  /// Serves until the surrounding task is cancelled, then stops.
  public func waitUntilStopped() async {
    await withTaskCancellationHandler {
      await serving.value
    } onCancel: {
      serving.cancel()
    }
  }
}

/// Why a sandbox could not start.
public enum SandboxStartError: Error, CustomStringConvertible, Sendable {
  case remoteHostRefused(String)
  case peopleFile(String)
  case bindFailed(String)
  case taskData(String)

  public var description: String {
    switch self {
    case .remoteHostRefused(let host):
      "refusing to listen on \(host): the sandbox serves tokens to anyone who can reach it; pass --allow-remote to mean it"
    case .peopleFile(let message): "cannot load the people file: \(message)"
    case .bindFailed(let message): "cannot start the sandbox server: \(message)"
    case .taskData(let message): "cannot use the task data: \(message)"
    }
  }
}

/// Starts sandbox tenants.
public enum SandboxServer {
  /// Builds the directory, binds the port and returns once requests are being served.
  public static func start(_ configuration: SandboxConfiguration) async throws -> RunningSandbox {
    guard configuration.allowRemote || isLoopback(configuration.host) else {
      throw SandboxStartError.remoteHostRefused(configuration.host)
    }
    let directory: Directory
    if let given = configuration.directory {
      directory = given
    } else if let file = configuration.peopleFile {
      do { directory = try Directory.load(peopleFile: file) } catch {
        throw SandboxStartError.peopleFile(error.description)
      }
    } else {
      directory = Directory.generated(seed: configuration.seed, size: configuration.size)
    }
    let tenant = try SandboxTenant(configuration: configuration, directory: directory)
    let ca = configuration.tls ? try ThrowawayCA(extraHosts: [configuration.host]) : nil
    let skew = configuration.dateSkew
    let http: HTTPServerBuilder =
      skew == 0
      ? .http1() : .http1(configuration: .init(additionalChannelHandlers: [SkewedDateHandler(skewSeconds: skew)]))
    let server: HTTPServerBuilder =
      try ca.map { try .tls(http, tlsConfiguration: $0.serverTLSConfiguration()) } ?? http

    let (events, continuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
    let app = Application(
      responder: SandboxResponder(tenant: tenant), server: server,
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: nil),
      onServerRunning: { channel in continuation.yield(.success(channel.localAddress?.port ?? 0)) },
      logger: Logger(label: "roster.sandbox", factory: { _ in SwiftLogNoOpLogHandler() }))
    let serving = Task(executorPreference: configuration.executor) {
      let churn = Task { await tenant.runChurn(perMinute: configuration.churnPerMinute) }
      defer { churn.cancel() }
      do { try await app.run() } catch { continuation.yield(.failure(error)) }
      continuation.finish()
    }
    var bound: Result<Int, any Error> = .failure(SandboxStartError.bindFailed("the server stopped before listening"))
    for await event in events {
      bound = event
      break
    }
    let port: Int
    do { port = try bound.get() } catch {
      serving.cancel()
      throw SandboxStartError.bindFailed(Self.bindFailure(error, configuration: configuration))
    }
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let baseURL = URL(string: "\(tenant.scheme)://\(host):\(port)")!
    tenant.setBaseURL(baseURL)
    return RunningSandbox(
      baseURL: baseURL, tenantId: tenant.tenantId, tenantDomain: tenant.tenantDomain,
      clientId: RegisteredApp.demoClientId,
      defaultUsername: directory.defaultUser.userPrincipalName, caCertificatePEM: ca?.caCertificatePEM, port: port,
      serving: serving, demoCustomers: tenant.demoCustomers.map(\.userPrincipalName),
      taskPolicy: configuration.taskPolicy,
      tenant: tenant)
  }

  /// Loopback names the sandbox may bind without `--allow-remote`.
  public static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }
}
