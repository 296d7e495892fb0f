import Foundation

/// The scopes a client asked for, sorted into what Entra distinguishes: OpenID Connect scopes,
/// Microsoft Graph delegated permissions (bare `User.Read` means Graph, as in Entra), and for B2C
/// the app's own client id.
struct ScopeSet: Sendable, Equatable {
  static let graphResource = "https://graph.microsoft.com"
  static let graphAppId = "00000003-0000-0000-c000-000000000000"
  /// Delegated Graph permissions the sandbox knows, with their canonical spelling.
  static let graphPermissions = ["User.Read", "User.ReadBasic.All", "User.Read.All"]
  static let oidcScopes = ["openid", "profile", "email", "offline_access"]

  var oidc: [String] = []
  var graph: [String] = []
  /// B2C: the client id requested as a scope (an access token for the app itself).
  var ownApp = false
  /// B2C: the task API's scopes as asked for (`https://{domain}/api/read`), each a permission
  /// (`read`, `write`) the access token carries in `scp`.
  var api: [String] = []

  /// The API permission names (`read write`) for `scp`.
  var apiPermissions: [String] { api.compactMap { $0.split(separator: "/").last.map(String.init) } }
  /// Whether an access token is issued (B2C: for the app itself or its API).
  var wantsB2CAccessToken: Bool { ownApp || !api.isEmpty }

  var wantsRefreshToken: Bool { oidc.contains("offline_access") }
  var wantsIdToken: Bool { oidc.contains("openid") }

  /// Sorts `text` (space-separated) for an Entra tenant; unknown resources or permissions fail.
  /// `apiIdentifier` is the B2C task API's App ID URI; its `read` and `write` scopes are known.
  static func parse(_ text: String, clientId: String, b2c: Bool, apiIdentifier: String? = nil) throws(AADError) -> ScopeSet {
    var result = ScopeSet()
    for raw in text.split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init) {
      let lower = raw.lowercased()
      if let oidc = oidcScopes.first(where: { $0 == lower }) {
        if !result.oidc.contains(oidc) { result.oidc.append(oidc) }
      } else if b2c {
        if lower == clientId.lowercased() {
          result.ownApp = true
        } else if let apiIdentifier, ["read", "write"].contains(where: { lower == "\(apiIdentifier.lowercased())/\($0)" }) {
          if !result.api.contains(lower) { result.api.append(lower) }
        } else {
          throw AADError.invalidScope(raw)
        }
      } else if let permission = graphPermission(raw) {
        for name in permission where !result.graph.contains(name) { result.graph.append(name) }
      } else {
        throw AADError.invalidScope(raw)
      }
    }
    if !b2c && result.graph.isEmpty { result.graph = ["User.Read"] }
    return result
  }

  /// `User.Read`, `https://graph.microsoft.com/User.Read`, `00000003-…/User.Read` or `/.default`.
  private static func graphPermission(_ raw: String) -> [String]? {
    var name = raw
    for prefix in [graphResource + "/", "https://graph.microsoft.com//", graphAppId + "/"]
    where raw.lowercased().hasPrefix(prefix.lowercased()) {
      name = String(raw.dropFirst(prefix.count))
    }
    if name.lowercased() == ".default" { return graphPermissions }
    return graphPermissions.first { $0.lowercased() == name.lowercased() }.map { [$0] }
  }

  /// The `scope` value of a token response: space-separated and resource-qualified.
  func responseScope(clientId: String) -> String {
    var parts = graph.map { "\(Self.graphResource)/\($0)" }
    if ownApp { parts.append(clientId) }
    parts += api
    parts += oidc.filter { $0 != "offline_access" }
    if ownApp { parts += oidc.filter { $0 == "offline_access" } }
    return parts.joined(separator: " ")
  }

  /// Round-trips through grants (refresh tokens remember what was consented).
  var stored: String { (oidc + graph + (ownApp ? ["<app>"] : []) + api.map { "api=" + $0 }).joined(separator: " ") }

  static func fromStored(_ text: String) -> ScopeSet {
    var result = ScopeSet()
    for part in text.split(separator: " ").map(String.init) {
      if part.hasPrefix("api=") {
        result.api.append(String(part.dropFirst(4)))
      } else if part == "<app>" { result.ownApp = true } else if oidcScopes.contains(part) { result.oidc.append(part) } else {
        result.graph.append(part)
      }
    }
    return result
  }
}
