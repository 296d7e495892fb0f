import Foundation
import Graph
import RosterCore
import Sandbox
import TestSupport
import Transport

/// Signs in to the in-process sandbox with raw device-code HTTP (no Identity module), and hands
/// the tokens to Graph as an `AccessTokenProvider` that refreshes with the refresh token.
final class SandboxTokens: AccessTokenProvider, @unchecked Sendable {
  private let sandbox: RunningSandbox
  private let transport: any HTTPTransport
  private let scope: String
  private let lock = NSLock()
  private var access: Secret
  private var refresh: Secret?
  private var refreshes = 0

  /// How many forced refreshes Graph asked for.
  var refreshCount: Int { lock.withLock { refreshes } }

  static func signIn(
    _ sandbox: RunningSandbox, scope: String = "openid profile offline_access User.Read User.Read.All",
    user: String? = nil, transport: any HTTPTransport
  ) async throws -> SandboxTokens {
    let authority = sandbox.authority.absoluteString
    let device = try await postForm(
      transport, authority + "/oauth2/v2.0/devicecode", ["client_id": sandbox.clientId, "scope": scope])
    guard let userCode = device["user_code"] as? String, let deviceCode = device["device_code"] as? String else {
      throw SandboxHarnessError("devicecode answer lacks codes")
    }
    var approval: [String: Any] = ["user_code": userCode]
    if let user { approval["user"] = user }
    let approved = try await transport.send(
      HTTPRequest(
        method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/device/approve"),
        headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: approval)))
    guard (200..<300).contains(approved.status) else {
      throw SandboxHarnessError("approve answered \(approved.status)")
    }
    let tokens = try await postForm(
      transport, authority + "/oauth2/v2.0/token",
      [
        "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "client_id": sandbox.clientId,
        "device_code": deviceCode,
      ])
    guard let access = tokens["access_token"] as? String else { throw SandboxHarnessError("no access token") }
    return SandboxTokens(
      sandbox: sandbox, transport: transport, scope: scope, access: Secret(access),
      refresh: (tokens["refresh_token"] as? String).map(Secret.init))
  }

  private init(sandbox: RunningSandbox, transport: any HTTPTransport, scope: String, access: Secret, refresh: Secret?) {
    self.sandbox = sandbox
    self.transport = transport
    self.scope = scope
    self.access = access
    self.refresh = refresh
  }

  func accessToken(forceRefresh: Bool) async throws -> Secret {
    guard forceRefresh else { return lock.withLock { access } }
    guard let refresh = lock.withLock({ self.refresh }) else {
      throw SignInRequired(SignInFailure(message: "no refresh token"))
    }
    let tokens = try await Self.postForm(
      transport, sandbox.authority.absoluteString + "/oauth2/v2.0/token",
      [
        "grant_type": "refresh_token", "client_id": sandbox.clientId, "refresh_token": refresh.exposedValue,
        "scope": scope,
      ])
    guard let access = tokens["access_token"] as? String else {
      throw SignInRequired(SignInFailure(message: "refresh refused"))
    }
    return lock.withLock {
      refreshes += 1
      self.access = Secret(access)
      if let next = tokens["refresh_token"] as? String { self.refresh = Secret(next) }
      return self.access
    }
  }

  private static func postForm(_ transport: any HTTPTransport, _ url: String, _ fields: [String: String])
    async throws -> [String: Any]
  {
    let body = fields.sorted { $0.key < $1.key }
      .map { PercentEncoding.encode($0.key) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
    let response = try await transport.send(
      HTTPRequest(
        method: "POST", url: URL(string: url)!, headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Data(body.utf8)))
    guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
      throw SandboxHarnessError("\(url) answered \(response.status) without JSON")
    }
    return object
  }
}
