import Foundation

/// An HTTP proxy from `HTTPS_PROXY` and the hosts `NO_PROXY` exempts from it.
///
/// Loopback hosts never go through the proxy: the sandbox and the sign-in redirect live there.
public struct ProxySettings: Sendable, Equatable {
  public var host: String
  public var port: Int
  /// `user:password` from the proxy URL, sent as Basic proxy authorisation; never printed.
  public var credentials: (user: String, password: String)?
  /// Lower-cased `NO_PROXY` entries: host names, `.suffix` domains, or `*` for every host.
  public var noProxy: [String]

  public init(host: String, port: Int, credentials: (user: String, password: String)? = nil, noProxy: [String] = []) {
    self.host = host
    self.port = port
    self.credentials = credentials
    self.noProxy = noProxy
  }

  public static func == (lhs: ProxySettings, rhs: ProxySettings) -> Bool {
    lhs.host == rhs.host && lhs.port == rhs.port && lhs.noProxy == rhs.noProxy
      && lhs.credentials?.user == rhs.credentials?.user && lhs.credentials?.password == rhs.credentials?.password
  }

  /// Reads `HTTPS_PROXY`, `https_proxy`, `HTTP_PROXY`, `http_proxy` (first set wins) and
  /// `NO_PROXY`/`no_proxy`. A value without a scheme is taken as `http://`; nil when unset or
  /// unparseable.
  public static func fromEnvironment(_ environment: [String: String]) -> ProxySettings? {
    let names = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"]
    guard let raw = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
    let text = raw.contains("://") ? raw : "http://" + raw
    guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
      return nil
    }
    let port = components.port ?? (components.scheme == "https" ? 443 : 80)
    var credentials: (String, String)?
    if let user = components.user {
      credentials = (user.removingPercentEncoding ?? user, (components.password ?? "").removingPercentEncoding ?? "")
    }
    let noProxy = (environment["NO_PROXY"] ?? environment["no_proxy"] ?? "")
      .split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      .filter { !$0.isEmpty }
    return ProxySettings(host: host, port: port, credentials: credentials, noProxy: noProxy)
  }

  /// Whether a request to `host` must bypass the proxy.
  public func bypasses(host rawHost: String) -> Bool {
    let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if LoopbackHost.contains(host) { return true }
    for entry in noProxy {
      if entry == "*" { return true }
      let bare = entry.split(separator: ":").first.map(String.init) ?? entry
      let suffix = bare.hasPrefix(".") ? String(bare.dropFirst()) : bare
      if host == suffix || host.hasSuffix("." + suffix) { return true }
    }
    return false
  }
}
