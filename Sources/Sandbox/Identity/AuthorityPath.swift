import Foundation

/// An identity-platform URL taken apart: `/{tenant}[/{policy}]/…/{endpoint}`, where B2C policies
/// may also come as `?p=B2C_1_…` and MSAL's `/tfp/` prefix is accepted.
struct AuthorityPath: Sendable, Equatable {
  enum Endpoint: String, Sendable { case discovery, keys, authorize, token, devicecode, logout }

  var tenant: String
  /// The B2C policy (user flow) as written, nil for Entra.
  var policy: String?
  var endpoint: Endpoint

  var isB2C: Bool { policy != nil }

  /// nil when the path is not an identity-platform path at all.
  init?(components: [String], query: FormFields) {
    var parts = components[...]
    if parts.first?.lowercased() == "tfp" { parts = parts.dropFirst() }
    guard let tenant = parts.first else { return nil }
    self.tenant = tenant
    parts = parts.dropFirst()
    if let candidate = parts.first, candidate.lowercased().hasPrefix("b2c_") {
      policy = candidate
      parts = parts.dropFirst()
    } else if let p = query.nonEmpty("p"), p.lowercased().hasPrefix("b2c_") {
      policy = p
    }
    switch parts.map({ $0.lowercased() }) {
    case ["v2.0", ".well-known", "openid-configuration"]: endpoint = .discovery
    case ["discovery", "v2.0", "keys"]: endpoint = .keys
    case ["oauth2", "v2.0", "authorize"]: endpoint = .authorize
    case ["oauth2", "v2.0", "token"]: endpoint = .token
    case ["oauth2", "v2.0", "devicecode"]: endpoint = .devicecode
    case ["oauth2", "v2.0", "logout"]: endpoint = .logout
    default: return nil
    }
  }
}
