import Foundation

/// How the live transport connects: extra trusted CA, proxy, body size limit.
///
/// Built once at start-up from settings and the environment so identity and Graph share one client
/// with the same trust and proxy rules.
public struct TransportConfiguration: Sendable, Equatable {
  /// A PEM file whose certificates are trusted in addition to the system roots (corporate TLS
  /// inspection, `roster sandbox --tls`).
  public var extraCAFile: String?
  /// The proxy for https (and http) requests, unless the host matches `noProxy`.
  public var proxy: ProxySettings?
  /// Largest response body accepted; identity and Graph answers are far below this.
  public var maxBodyBytes: Int

  public static let defaultMaxBodyBytes = 8 * 1024 * 1024

  public init(extraCAFile: String? = nil, proxy: ProxySettings? = nil, maxBodyBytes: Int = defaultMaxBodyBytes) {
    self.extraCAFile = extraCAFile
    self.proxy = proxy
    self.maxBodyBytes = maxBodyBytes
  }

  /// The configuration the environment asks for: `caFile` (from settings or `ROSTER_CA_FILE`,
  /// already resolved by the caller) else `SSL_CERT_FILE`; `HTTPS_PROXY`/`https_proxy` (falling
  /// back to `HTTP_PROXY`) with `NO_PROXY`/`no_proxy`.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, caFile: String? = nil
  ) -> TransportConfiguration {
    let ca = caFile ?? environment["ROSTER_CA_FILE"] ?? environment["SSL_CERT_FILE"]
    return TransportConfiguration(
      extraCAFile: ca.flatMap { $0.isEmpty ? nil : $0 },
      proxy: ProxySettings.fromEnvironment(environment)
    )
  }
}
