/// One signed-in account as the picker lists it: never a token.
public struct AccountSummary: Equatable, Sendable {
  /// The token cache key (cloud, client id, home account).
  public var key: String
  public var username: CleanText
  public var tenantId: CleanText
  /// The name given at sign-in (`roster login --name`), if any.
  public var name: CleanText?
  /// Whether it is the active account in the token cache.
  public var isActive: Bool
  /// A B2C account: switching to it shows the task list, not the people browser.
  public var isB2C: Bool
  /// False when its refresh token is gone (expired or revoked): switching leads to sign-in.
  public var isSignedIn: Bool

  public init(
    key: String, username: CleanText, tenantId: CleanText, name: CleanText? = nil, isActive: Bool = false,
    isB2C: Bool = false, isSignedIn: Bool = true
  ) {
    self.key = key
    self.username = username
    self.tenantId = tenantId
    self.name = name
    self.isActive = isActive
    self.isB2C = isB2C
    self.isSignedIn = isSignedIn
  }
}
