import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

@testable import Identity

/// Both flows, refresh and failures against the in-process sandbox over loopback.
@Suite(.serialized) struct SandboxEndToEndTests {
  @Test(arguments: [SignInMethod.deviceCode, .browser], [false, true])
  func signInEndToEnd(method: SignInMethod, tls: Bool) async throws {
    let harness = try await SandboxHarness.start(tls: tls)
    defer { Task { await harness.stop() } }
    let session = try harness.session()
    guard case .signedIn(let account)? = await harness.signIn(session, method: method) else {
      Issue.record("sign-in did not finish")
      return
    }
    #expect(account.username.string.lowercased() == harness.sandbox.defaultUsername.lowercased())
    #expect(account.tenantId.string == harness.sandbox.tenantId)
    let token = try await session.accessToken(forceRefresh: false)
    #expect(try await harness.graphMe(token) == 200)
    // The cache file holds the account, private to the user.
    let file = try await harness.fileStore().load()
    #expect(file.activeAccount != nil)
    #expect(TemporaryDirectory.mode(harness.fileStore().fileURL.path) == 0o600)
    // A fresh session (a new process) restores it.
    #expect(await (try harness.session()).restoreSession()?.homeAccountId == account.homeAccountId)
  }

  @Test func withoutTheSandboxCATLSFailsWithAClearMessage() async throws {
    let harness = try await SandboxHarness.start(tls: true)
    defer { Task { await harness.stop() } }
    let bare = try LiveHTTPTransport()
    do {
      _ = try await bare.send(
        HTTPRequest(url: harness.sandbox.authority.appendingPathComponent("v2.0/.well-known/openid-configuration")))
      Issue.record("expected a TLS failure")
    } catch let error as TransportError {
      guard case .tls(let text) = error else {
        Issue.record("expected .tls, got \(error)")
        return
      }
      #expect(text.contains("not trusted"))
    }
  }

  @Test func silentRefreshAfterTheAccessTokenExpires() async throws {
    let clock = TestClock()
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    let session = try harness.session(now: { clock.now })
    try await harness.signedIn(session)
    let first = try await session.accessToken(forceRefresh: false)
    let before = try await harness.fileStore().load().accounts.values.first?.refreshToken
    // Two hours pass: the session's clock moves, and the sandbox expires what it issued.
    clock.advance(2 * 3600)
    try await harness.control("faults", ["kind": "expire_access_tokens"])
    #expect(try await harness.graphMe(first) == 401)
    let second = try await session.accessToken(forceRefresh: false)
    #expect(second != first)
    #expect(try await harness.graphMe(second) == 200)
    let after = try await harness.fileStore().load().accounts.values.first?.refreshToken
    #expect(after != nil && after != before)
  }

  @Test func aRevokedRefreshTokenSignsOutWithTheReason() async throws {
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    let session = try harness.session()
    try await harness.signedIn(session)
    try await harness.control("faults", ["kind": "revoke_refresh_tokens"])
    do {
      _ = try await session.accessToken(forceRefresh: true)
      Issue.record("expected SignInRequired")
    } catch let required as SignInRequired {
      #expect(required.failure.code == "AADSTS50173")
      #expect(required.failure.message.string.contains("revoked"))
    }
    #expect(await session.restoreSession() == nil)
    #expect(try await harness.fileStore().load().accounts.values.first?.signedOutReason != nil)
  }

  @Test func declinedDeviceCodeEndsWithAReason() async throws {
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    guard case .failed(let failure)? = await harness.signIn(try harness.session(), method: .deviceCode, approve: false)
    else {
      Issue.record("expected failure")
      return
    }
    #expect(failure.error == "authorization_declined" || failure.error == "access_denied")
  }

  @Test(arguments: [
    (["kind": "status", "status": 500] as [String: any Sendable], "try again"),
    (["kind": "reset"], "Could not reach"),
    (["kind": "malformed_json"], "not valid JSON"),
  ])
  func tokenEndpointFaultsGiveClearMessages(rule: [String: any Sendable], phrase: String) async throws {
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    let session = try harness.session()
    try await harness.signedIn(session)
    var fault: [String: Any] = rule
    fault["match"] = "*/oauth2/v2.0/token"
    fault["count"] = 1
    try await harness.control("faults", fault)
    do {
      _ = try await session.accessToken(forceRefresh: true)
      Issue.record("expected an error")
    } catch let trouble as TokenServiceUnavailable {
      // Temporary trouble (issue 11): the session is kept and the message says why.
      #expect(trouble.failure.message.string.contains(phrase), "\(trouble.failure.message)")
    } catch let error as TransportError {
      #expect(ResponseText.network(error, host: "h").message.string.contains(phrase), "\(error)")
    }
    // The session is intact: the next refresh works.
    #expect(try await harness.graphMe(try await session.accessToken(forceRefresh: true)) == 200)
  }
}

/// A clock both the sandbox and the session read, moved by the test instead of waiting.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var offset: TimeInterval = 0
  var now: Date { lock.withLock { Date().addingTimeInterval(offset) } }
  func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
