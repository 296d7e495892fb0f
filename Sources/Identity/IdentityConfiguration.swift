import Foundation
import RosterCore

/// What sign-in needs from the settings, checked once: a client id, a parsed authority, and the
/// scope string to ask for (with `offline_access`, and for B2C the client id as a scope).
public struct IdentityConfiguration: Sendable, Equatable {
  public var authority: Authority
  public var clientId: String
  /// Space-separated scopes sent on every grant.
  public var scopes: String
  public var redirectURI: String
  /// Fixed loopback port for the browser's redirect; nil picks a free one.
  public var redirectPort: Int?
  public var signIn: Settings.SignIn
  /// The Graph base URL a new account remembers (its national cloud's own).
  public var graphEndpoint: String
  /// The settings profile a new account signs in under (`--profile`), nil for the top level.
  public var profile: String?
  /// The short name a new account is given (`roster login --name`).
  public var accountName: String?

  public init(settings: Settings) throws(SignInFailure) {
    guard let clientId = settings.clientId?.trimmingCharacters(in: .whitespaces), !clientId.isEmpty else {
      throw SignInFailure(message: "No client id is configured.", error: "missing_client_id", canRetry: false)
    }
    let authority = try Authority(parsing: settings.authority, b2cPolicy: settings.b2cPolicy)
    self.authority = authority
    self.clientId = clientId
    self.scopes = Self.effectiveScopes(settings.scopes, clientId: clientId, isB2C: authority.isB2C)
    self.redirectURI = settings.redirectUri
    self.redirectPort = settings.redirectPort
    self.signIn = settings.signIn
    self.graphEndpoint = settings.graphEndpoint
    self.profile = settings.profile
    self.accountName = nil
  }

  /// Entra ID: the configured scopes plus `openid profile offline_access` (an ID token names the
  /// account; a refresh token keeps it signed in). B2C: Graph scopes are dropped (B2C rejects
  /// them, AADB2C90117), and `openid offline_access {clientId}` is always asked for (AADB2C90115).
  static func effectiveScopes(_ configured: String, clientId: String, isB2C: Bool) -> String {
    var scopes = configured.split(whereSeparator: \.isWhitespace).map(String.init)
    let oidc = ["openid", "profile", "offline_access", "email"]
    if isB2C {
      scopes = scopes.filter { oidc.contains($0.lowercased()) || $0.contains("://") || $0 == clientId }
      scopes.removeAll { $0.lowercased() == "profile" || $0.lowercased() == "email" }
      for required in ["openid", "offline_access", clientId] where !scopes.contains(required) {
        scopes.append(required)
      }
    } else {
      for required in ["openid", "profile", "offline_access"]
      where !scopes.contains(where: { $0.lowercased() == required }) {
        scopes.insert(required, at: 0)
      }
    }
    var seen = Set<String>()
    return scopes.filter { seen.insert($0.lowercased()).inserted }.joined(separator: " ")
  }
}
