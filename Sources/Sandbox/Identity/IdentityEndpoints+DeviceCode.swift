import Foundation
import Hummingbird
import SandboxDirectory

extension IdentityEndpoints {
  /// `POST …/oauth2/v2.0/devicecode` (RFC 8628 §3.1/3.2, Entra's field names).
  func deviceAuthorization(_ request: IncomingRequest, path: AuthorityPath) async -> Response {
    let form = request.form
    let now = tenant.now
    guard let clientId = form.nonEmpty("client_id") else {
      return AADError.missingParameter("client_id").response(now: now)
    }
    guard let scope = form.nonEmpty("scope") else { return AADError.missingParameter("scope").response(now: now) }
    guard tenant.app(clientId) != nil else {
      return AADError.unknownClient(clientId, tenant: tenant.tenantId).response(now: now)
    }
    let scopes: ScopeSet
    do { scopes = try ScopeSet.parse(scope, clientId: clientId, b2c: false) } catch { return error.response(now: now) }

    let configuration = tenant.configuration
    let userCode = Self.makeUserCode()
    let grant = DeviceGrant(
      deviceCode: Base64URL.random(bytes: 48), userCode: userCode, clientId: clientId, scopes: scopes.stored,
      issuedAt: now, expiresAt: now.addingTimeInterval(TimeInterval(configuration.deviceCodeExpiresIn)))
    await tenant.grants.addDevice(grant)
    let verification = "\(request.base)/device"
    let message =
      "To sign in, use a web browser to open the page \(verification) and enter the code \(userCode) to authenticate."
    return .json(
      .object([
        ("user_code", .string(userCode)),
        ("device_code", .string(grant.deviceCode)),
        ("verification_uri", .string(verification)),
        ("expires_in", .int(configuration.deviceCodeExpiresIn)),
        ("interval", .int(configuration.deviceCodeInterval)),
        ("message", .string(message)),
      ]), headers: IdentityHeaders.noStore)
  }

  /// Nine characters from an alphabet without look-alikes (no 0/O, 1/I/L), like Entra's codes.
  static func makeUserCode() -> String {
    let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<9).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }

  /// The device-code grant at the token endpoint: pending, slow_down, declined, expired,
  /// approved (tokens, once) or unknown.
  func redeemDeviceCode(_ form: FormFields, clientId: String, request: IncomingRequest, path: AuthorityPath) async
    -> Response
  {
    let now = tenant.now
    guard let deviceCode = form.nonEmpty("device_code") else {
      return AADError.missingParameter("device_code").response(now: now)
    }
    guard var grant = await tenant.grants.device(deviceCode) else {
      return AADError.badVerificationCode.response(now: now)
    }
    guard grant.clientId.lowercased() == clientId.lowercased() else {
      return AADError.noDeviceCodeForClient.response(now: now)
    }
    if grant.state == .pending, let after = tenant.configuration.approveAfter,
      now >= grant.issuedAt.addingTimeInterval(after.timeInterval), now < grant.expiresAt
    {
      grant.state = .approved(userId: tenant.directory.defaultUser.id)
      await tenant.grants.updateDevice(deviceCode, to: grant.state)
    }
    switch grant.state {
    case .redeemed: return AADError.deviceCodeRedeemed.response(now: now)
    case .denied: return AADError.authorizationDeclined.response(now: now)
    case .pending:
      if now >= grant.expiresAt { return AADError.deviceCodeExpired.response(now: now) }
      if tenant.faults.slowDown(path: request.path) { return AADError.slowDown.response(now: now) }
      return AADError.authorizationPending.response(now: now)
    case .approved(let userId):
      guard await tenant.grants.markDeviceRedeemed(deviceCode) else {
        return AADError.deviceCodeRedeemed.response(now: now)
      }
      guard let user = tenant.directory.user(idOrUPN: userId) else {
        return AADError.badVerificationCode.response(now: now)
      }
      let scopes = ScopeSet.fromStored(grant.scopes)
      return await tokenResponse(
        user: user, clientId: grant.clientId, scopes: scopes, realm: .entra, nonce: nil,
        clientInfo: form["client_info"] == "1", request: request, path: path)
    }
  }
}

extension Duration {
  /// Seconds as a `TimeInterval`.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
