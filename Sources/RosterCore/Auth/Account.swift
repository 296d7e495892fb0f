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
    grantedScopes.contains { scope in
      let name = scope.split(separator: "/").last.map(String.init) ?? scope
      return ["user.read.all", "user.readwrite.all", "directory.read.all", "directory.readwrite.all"]
        .contains(name.lowercased())
    }
  }

  /// Whether the token may read Teams presence of others (`Presence.Read.All`).
  public var canReadPresence: Bool {
    grantedScopes.contains { scope in
      let name = (scope.split(separator: "/").last.map(String.init) ?? scope).lowercased()
      return name == "presence.read.all" || name == "presence.readwrite.all"
    }
  }
}
