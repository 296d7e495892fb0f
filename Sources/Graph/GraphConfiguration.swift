import Foundation
import RosterCore
import Transport

/// Where Graph is and how the client talks to it.
public struct GraphConfiguration: Sendable {
  /// The Graph root without version, e.g. `https://graph.microsoft.com` or the sandbox's base URL.
  public var endpoint: URL
  /// `v1.0` (or `beta`); the first path segment of every call.
  public var version: String
  /// `search` tries `$search` first; `filter` goes straight to the `startswith` `$filter`.
  public var searchMode: Settings.SearchMode
  public var retry: RetryPolicy
  /// How long one request may take before it counts as a transport failure.
  public var requestTimeout: Duration
  /// The signed-in account's tenant, when known: a personal Microsoft account's tenant makes every
  /// call fail with `.personalAccount` before touching the network.
  public var tenantId: String?

  /// Builds a configuration; `http://` is refused unless the host is loopback (DESIGN.md §6).
  public init(
    endpoint: URL, version: String = "v1.0", searchMode: Settings.SearchMode = .search,
    retry: RetryPolicy = .standard, requestTimeout: Duration = .seconds(30), tenantId: String? = nil
  ) throws(GraphConfigurationError) {
    guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host, !host.isEmpty else {
      throw GraphConfigurationError("The Graph endpoint \(endpoint.absoluteString) is not an absolute URL.")
    }
    if scheme == "http" && !LoopbackHost.contains(host) {
      throw GraphConfigurationError(
        "The Graph endpoint \(endpoint.absoluteString) uses http://; only https:// is allowed off this machine.")
    }
    guard scheme == "http" || scheme == "https" else {
      throw GraphConfigurationError("The Graph endpoint must be an https:// URL, not \(scheme)://.")
    }
    self.endpoint = endpoint
    self.version = version.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    self.searchMode = searchMode
    self.retry = retry
    self.requestTimeout = requestTimeout
    self.tenantId = tenantId
  }

  /// From the settings model (`graphEndpoint`, `graphVersion`, `searchMode`).
  public init(settings: Settings, tenantId: String? = nil) throws(GraphConfigurationError) {
    guard let url = URL(string: settings.graphEndpoint) else {
      throw GraphConfigurationError("The Graph endpoint \(settings.graphEndpoint) is not a URL.")
    }
    try self.init(endpoint: url, version: settings.graphVersion, searchMode: settings.searchMode, tenantId: tenantId)
  }

  /// The tenant of every personal Microsoft account: such accounts have no organisation directory.
  public static let personalAccountTenant = "9188040d-6c67-4c5b-b112-36a304b66dad"

  /// `https://graph.microsoft.com/v1.0`, no trailing slash.
  var root: String {
    var base = endpoint.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return base + "/" + version
  }
}

/// A Graph endpoint setting that cannot be used, with the reason in words.
public struct GraphConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
