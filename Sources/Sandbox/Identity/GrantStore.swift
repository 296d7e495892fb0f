import Foundation

/// Every grant the sandbox has issued, keyed by the opaque string the client holds. An actor,
/// because device polling, the /device page, the control API and token redemption race.
actor GrantStore {
  private var deviceGrants: [String: DeviceGrant] = [:]
  private var deviceOrder: [String] = []
  private var authorizationCodes: [String: AuthorizationCodeGrant] = [:]
  private var refreshGrants: [String: RefreshGrant] = [:]
  /// Access tokens carry the generation they were issued in (inside `uti`); the expire-tokens
  /// fault moves to a new generation, so every token issued before it counts as expired.
  private(set) var accessTokenGeneration = 0
  /// Every secret handed out or received so far (device and user codes, authorization codes,
  /// PKCE verifiers, access, ID and refresh tokens), so a test can grep a client's log for each.
  private(set) var issuedSecrets: [String] = []

  func recordSecret(_ secret: String?) {
    if let secret, !secret.isEmpty { issuedSecrets.append(secret) }
  }
  /// Access tokens issued so far: the n-th draws the n-th varying lifetime.
  private var accessTokensIssued: UInt64 = 0

  /// Counts an access token being issued; returns its 0-based number.
  func nextAccessTokenNumber() -> UInt64 {
    defer { accessTokensIssued += 1 }
    return accessTokensIssued
  }

  // MARK: - Device codes

  func addDevice(_ grant: DeviceGrant) {
    recordSecret(grant.deviceCode)
    recordSecret(grant.userCode)
    deviceGrants[grant.deviceCode] = grant
    deviceOrder.append(grant.deviceCode)
  }

  func device(_ deviceCode: String) -> DeviceGrant? { deviceGrants[deviceCode] }

  func updateDevice(_ deviceCode: String, to state: DeviceGrant.State) {
    deviceGrants[deviceCode]?.state = state
  }

  /// The device code for a user code (case-insensitive, dashes and spaces ignored), or the
  /// newest pending unexpired one when `userCode` is nil.
  func pendingDeviceCode(userCode: String?, now: Date) -> String? {
    let wanted = userCode.map(Self.normalise)
    for deviceCode in deviceOrder.reversed() {
      guard let grant = deviceGrants[deviceCode], grant.state == .pending, grant.expiresAt > now else { continue }
      if wanted == nil || Self.normalise(grant.userCode) == wanted { return deviceCode }
    }
    return nil
  }

  static func normalise(_ userCode: String) -> String {
    userCode.uppercased().filter { $0.isLetter || $0.isNumber }
  }

  /// Moves an approved code to redeemed; false when another poll got there first.
  func markDeviceRedeemed(_ deviceCode: String) -> Bool {
    guard case .approved = deviceGrants[deviceCode]?.state else { return false }
    deviceGrants[deviceCode]?.state = .redeemed
    return true
  }

  // MARK: - Authorization codes

  func addCode(_ code: String, _ grant: AuthorizationCodeGrant) {
    recordSecret(code)
    authorizationCodes[code] = grant
  }

  /// Marks the code redeemed and returns it as it was before (so reuse is detectable).
  func redeemCode(_ code: String) -> AuthorizationCodeGrant? {
    guard let grant = authorizationCodes[code] else { return nil }
    authorizationCodes[code]?.redeemed = true
    return grant
  }

  // MARK: - Refresh tokens

  func addRefresh(_ token: String, _ grant: RefreshGrant) {
    recordSecret(token)
    refreshGrants[token] = grant
  }

  func refresh(_ token: String) -> RefreshGrant? { refreshGrants[token] }

  /// Every Graph permission (lowercased) some refresh token of `userId` was issued with.
  func consented(by userId: String) -> Set<String> {
    var permissions: Set<String> = []
    for grant in refreshGrants.values where grant.userId == userId {
      permissions.formUnion(ScopeSet.fromStored(grant.scopes).graph.map { $0.lowercased() })
    }
    return permissions
  }

  /// The revoke-refresh-tokens fault: every refresh token issued so far stops working.
  func revokeAllRefreshTokens() {
    for token in refreshGrants.keys { refreshGrants[token]?.revoked = true }
  }

  /// The expire-access-tokens fault: every access token issued so far is treated as expired.
  func expireAccessTokens() { accessTokenGeneration += 1 }
}
