import Foundation

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
  public var size: Int = 2000
  public var peopleFile: URL? = nil
  /// Added to every Graph request.
  public var latencyMs: Int = 0
  /// Device codes approve themselves (as the default user) after this; nil = never.
  public var approveAfter: Duration? = nil
  /// Access token lifetime in seconds.
  public var tokenLifetime: Int = 3600
  /// Device-code polling interval and expiry, in seconds, as the devicecode response states them.
  public var deviceCodeInterval: Int = 5
  public var deviceCodeExpiresIn: Int = 900

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

  init(baseURL: URL, tenantId: String, tenantDomain: String, clientId: String, defaultUsername: String,
       caCertificatePEM: String?) {
    self.baseURL = baseURL; self.tenantId = tenantId; self.tenantDomain = tenantDomain
    self.clientId = clientId; self.defaultUsername = defaultUsername; self.caCertificatePEM = caCertificatePEM
  }

  /// The authority URL a client should use, e.g. `http://127.0.0.1:PORT/TENANT_ID`.
  public var authority: URL { baseURL.appendingPathComponent(tenantId) }
  /// The Graph root, e.g. `http://127.0.0.1:PORT` (Graph paths start `/v1.0/`).
  public var graphURL: URL { baseURL }

  /// Stops serving and waits until the port is closed.
  public func stop() async { fatalError("Sandbox: not built yet") }
}

/// Starts sandbox tenants.
public enum SandboxServer {
  /// Builds the directory, binds the port and returns once requests are being served.
  public static func start(_ configuration: SandboxConfiguration) async throws -> RunningSandbox {
    fatalError("Sandbox: not built yet")
  }
}
