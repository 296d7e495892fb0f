import Foundation
import RosterCore
import Transport

/// A sign-in authority: the identity platform host plus tenant (Entra ID) or tenant and policy
/// (Azure AD B2C), parsed once so every endpoint comes from discovery, never a hard-coded path.
public struct Authority: Sendable, Equatable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Equatable, Hashable { case entra, b2c }

  /// `https://host/tenant` (Entra) or `https://host/tenant/policy` (B2C), no trailing slash.
  public let url: URL
  public let kind: Kind
  /// `common`, `organizations`, `consumers`, a tenant GUID or a domain.
  public let tenant: String
  /// The B2C user flow or custom policy (`B2C_1_signupsignin`); nil for Entra ID.
  public let policy: String?

  public var description: String { url.absoluteString }
  public var isB2C: Bool { kind == .b2c }

  /// Where the OIDC discovery document lives: `{authority}/v2.0/.well-known/openid-configuration`.
  public var discoveryURL: URL {
    URL(string: url.absoluteString + "/v2.0/.well-known/openid-configuration")!
  }

  /// Hosts Microsoft runs B2C on (MSAL Python's list), plus Entra External ID.
  static let b2cHostSuffixes = [".b2clogin.com", ".b2clogin.cn", ".b2clogin.us", ".b2clogin.de", ".ciamlogin.com"]
  /// Entra ID hosts of the global and national clouds; others are accepted (custom, sandbox).
  public static let knownEntraHosts = [
    "login.microsoftonline.com", "login.microsoft.com", "login.windows.net", "sts.windows.net",
    "login.microsoftonline.us", "login.usgovcloudapi.net", "login.partner.microsoftonline.cn",
    "login.chinacloudapi.cn", "login-us.microsoftonline.com",
  ]

  /// Parses an authority as a person writes it in settings.
  ///
  /// Accepts `https://login.microsoftonline.com/{tenant}`, national cloud hosts, B2C in path form
  /// (`https://{t}.b2clogin.com/{t}.onmicrosoft.com/{policy}`), `tfp` form, and `?p={policy}` form;
  /// a pasted endpoint (`…/oauth2/v2.0/authorize`, `…/v2.0/.well-known/…`) is trimmed back.
  /// `b2cPolicy` supplies the policy when the URL has none. `http://` only for loopback hosts.
  public init(parsing text: String, b2cPolicy: String? = nil) throws(SignInFailure) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
      let host = components.host?.lowercased(), !host.isEmpty
    else {
      throw Self.invalid(
        "“\(trimmed)” is not an authority URL; expected e.g. https://login.microsoftonline.com/organizations")
    }
    try Self.requireSecureScheme(scheme: scheme, host: host, what: "authority")
    var segments = components.path.split(separator: "/").map(String.init)
    // Trim a pasted endpoint back to the authority.
    if let index = segments.firstIndex(where: { $0.lowercased() == "oauth2" || $0.lowercased() == "v2.0" }) {
      segments = Array(segments[..<index])
    }
    if segments.first?.lowercased() == "tfp" { segments.removeFirst() }
    guard let tenant = segments.first, !tenant.isEmpty else {
      throw Self.invalid(
        "The authority \(trimmed) names no tenant; add /organizations, /common, /consumers or your tenant")
    }
    let queryPolicy = components.queryItems?.first { $0.name.lowercased() == "p" }?.value
    let pathPolicy = segments.count > 1 ? segments[1] : nil
    let policy = pathPolicy ?? queryPolicy ?? b2cPolicy.flatMap { $0.isEmpty ? nil : $0 }
    let isB2CHost = Self.b2cHostSuffixes.contains { host.hasSuffix($0) }
    let isB2CPolicy = policy?.lowercased().hasPrefix("b2c_") == true
    let kind: Kind = (isB2CHost || isB2CPolicy) ? .b2c : .entra
    if kind == .b2c && policy == nil {
      throw Self.invalid("The B2C authority \(trimmed) names no policy; add it to the URL or set b2cPolicy")
    }
    if kind == .entra && segments.count > 1 {
      throw Self.invalid("The authority \(trimmed) has extra path segments after the tenant “\(tenant)”")
    }
    let port = components.port.map { ":\($0)" } ?? ""
    let hostText = host.contains(":") ? "[\(host)]" : host
    var path = "/" + tenant
    if kind == .b2c, let policy { path += "/" + policy }
    self.url = URL(string: "\(scheme)://\(hostText)\(port)\(path)")!
    self.kind = kind
    self.tenant = tenant
    self.policy = kind == .b2c ? policy : nil
  }

  /// `http://` is allowed only to loopback (the sandbox); anything else must be `https://`.
  static func requireSecureScheme(scheme: String, host: String, what: String) throws(SignInFailure) {
    switch scheme {
    case "https": return
    case "http" where LoopbackHost.contains(host): return
    case "http":
      throw invalid("The \(what) uses http:// for \(host); only https:// is allowed unless the host is loopback")
    default:
      throw invalid("The \(what) must be an https:// URL, not \(scheme)://")
    }
  }

  static func invalid(_ message: String) -> SignInFailure {
    SignInFailure(message: CleanText(message), error: "invalid_authority", canRetry: false)
  }
}
