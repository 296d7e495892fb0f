import Foundation

/// A signed-in account as the UI and `roster status` see it: never a token.
public struct Account: Sendable, Equatable, Codable, Hashable {
  /// `oid.tid`, the key MSAL also uses for a home account.
  public var homeAccountId: String
  /// The sign-in name (UPN or email), from `preferred_username`. Claims are server text: this and
  /// the display name and tenant are cleaned where the token is read (and when the cache is).
  public var username: CleanText
  public var displayName: CleanText?
  /// The tenant's id (a GUID); `.string` where it names a tenant in a request or a path.
  public var tenantId: CleanText
  /// The authority URL the account signed in through.
  public var authority: String
  /// Scopes the current access token was granted (as the token endpoint reported them).
  public var grantedScopes: [String]
  /// When the current access token expires, if one is held.
  public var accessTokenExpiresAt: Date?

  public init(
    homeAccountId: String, username: CleanText, displayName: CleanText? = nil, tenantId: CleanText,
    authority: String, grantedScopes: [String] = [], accessTokenExpiresAt: Date? = nil
  ) {
    self.homeAccountId = homeAccountId
    self.username = username
    self.displayName = displayName
    self.tenantId = tenantId
    self.authority = authority
    self.grantedScopes = grantedScopes
    self.accessTokenExpiresAt = accessTokenExpiresAt
  }

  /// Whether the token may read full profiles of others (job title, phones, office, manager).
  /// `User.ReadBasic.All` alone shows only names and mail; the UI says so instead of blanks.
  public var canReadFullProfiles: Bool {
    holds(anyOf: "user.read.all", "user.readwrite.all", "directory.read.all", "directory.readwrite.all")
  }

  /// Whether the token may read Teams presence of others (`Presence.Read.All`).
  public var canReadPresence: Bool { holds(anyOf: "presence.read.all", "presence.readwrite.all") }

  /// Whether the token was granted any of `permissions` (lower-case names, as `permission(of:)` gives).
  public func holds(anyOf permissions: String...) -> Bool {
    grantedScopes.contains { permissions.contains(Self.permission(of: $0)) }
  }

  /// A granted scope's permission, lower-cased: `https://graph.microsoft.com/User.Read.All` and
  /// `User.Read.All` both read `user.read.all`. The one place scopes are compared.
  public static func permission(of scope: String) -> String {
    (scope.split(separator: "/").last.map(String.init) ?? scope).lowercased()
  }
}
