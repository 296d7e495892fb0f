import Foundation
import TestSupport
import Testing

/// Tokens from a sign-in (never printed: tests compare them, they do not log them).
struct Tokens: Sendable {
  var accessToken: String
  var refreshToken: String?
  var idToken: String?
  var scope: String

  /// The decoded payload of a JWT.
  static func claims(_ jwt: String) -> [String: Any] {
    let parts = jwt.split(separator: ".")
    guard parts.count == 3 else { return [:] }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    guard let data = Data(base64Encoded: base64) else { return [:] }
    return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
  }
}

extension SandboxHarness {
  /// Starts a device flow; returns the devicecode response.
  func startDeviceFlow(scope: String = "openid profile offline_access User.Read User.ReadBasic.All") async throws
    -> Reply
  {
    try await post("\(tenantPath)/oauth2/v2.0/devicecode", form: [("client_id", sandbox.clientId), ("scope", scope)])
  }

  func pollDevice(_ deviceCode: String) async throws -> Reply {
    try await post(
      "\(tenantPath)/oauth2/v2.0/token",
      form: [
        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("client_id", sandbox.clientId),
        ("device_code", deviceCode),
      ])
  }

  /// Device flow approved through the control API as `user` (default user when nil).
  func signIn(scope: String = "openid profile offline_access User.Read User.ReadBasic.All", user: String? = nil)
    async throws -> Tokens
  {
    let start = try await startDeviceFlow(scope: scope)
    let deviceCode = try #require(start["device_code"])
    let userCode = try #require(start["user_code"])
    let userField = user.map { ",\"user\":\"\($0)\"" } ?? ""
    let approval = try await postJSON("/_sandbox/device/approve", "{\"user_code\":\"\(userCode)\"\(userField)}")
    #expect(approval.status == 200)
    let reply = try await pollDevice(deviceCode)
    #expect(reply.status == 200)
    return Tokens(
      accessToken: try #require(reply["access_token"]), refreshToken: reply["refresh_token"],
      idToken: reply["id_token"],
      scope: reply["scope"] ?? "")
  }

  func refresh(_ refreshToken: String, scope: String? = nil) async throws -> Reply {
    var form = [("grant_type", "refresh_token"), ("client_id", sandbox.clientId), ("refresh_token", refreshToken)]
    if let scope { form.append(("scope", scope)) }
    return try await post("\(tenantPath)/oauth2/v2.0/token", form: form)
  }

  func graph(
    _ path: String, token: String?, headers: [(String, String)] = [], timeout: Duration = .seconds(30)
  ) async throws -> Reply {
    try await get(path, headers: (token.map { [("Authorization", "Bearer \($0)")] } ?? []) + headers, timeout: timeout)
  }
}
