import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

@testable import Identity

/// A B2C policy authority on the sandbox: the browser flow works (string-typed numbers in the
/// token answer), device code is refused before any request.
@Suite(.serialized) struct SandboxB2CTests {
  @Test func b2cSignsInThroughTheBrowserAndRefusesDeviceCode() async throws {
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    var settings = harness.settings
    settings.authority =
      harness.sandbox.baseURL.appendingPathComponent(harness.sandbox.tenantDomain)
      .appendingPathComponent("B2C_1_signupsignin").absoluteString
    let configuration = try IdentityConfiguration(settings: settings)
    #expect(configuration.authority.isB2C)
    #expect(configuration.scopes == "openid offline_access \(harness.sandbox.clientId)")
    let session = IdentitySession(configuration: configuration, transport: harness.transport, store: MemoryTokenStore())
    guard case .failed(let refused)? = await harness.signIn(session, method: .deviceCode) else {
      Issue.record("device code should be refused for B2C")
      return
    }
    #expect(refused == SignInMethodChooser.b2cHasNoDeviceCode)
    guard case .signedIn(let account)? = await harness.signIn(session, method: .browser) else {
      Issue.record("B2C browser sign-in did not finish")
      return
    }
    #expect(account.accessTokenExpiresAt != nil)
    // A B2C refresh (string-typed numbers again) keeps the session going.
    _ = try await session.accessToken(forceRefresh: false)
    _ = try await session.accessToken(forceRefresh: true)
    #expect(await session.restoreSession()?.homeAccountId == account.homeAccountId)
  }
}
