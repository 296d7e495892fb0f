import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Refresh tokens")
struct RefreshTokenTests {
  @Test("refresh rotates the token; the old one still works")
  func rotation() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let old = try #require(tokens.refreshToken)
      let first = try await h.refresh(old)
      #expect(first.status == 200)
      let rotated = try #require(first["refresh_token"])
      #expect(rotated != old)
      #expect(try await h.refresh(old).status == 200)
      #expect(try await h.refresh(rotated).status == 200)
    }
  }

  @Test("revoke fault: every refresh token is refused with AADSTS50173; new sign-ins work")
  func revoked() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let fault = try await h.postJSON("/_sandbox/faults", #"{"kind":"revoke_refresh_tokens"}"#)
      #expect(fault.status == 201)
      let reply = try await h.refresh(tokens.refreshToken!)
      #expect(reply.status == 400)
      #expect(reply["error"] == "invalid_grant")
      ErrorShape.expectAAD(reply, code: 50173)
      let fresh = try await h.signIn()
      #expect(try await h.refresh(fresh.refreshToken!).status == 200)
    }
  }

  @Test("expired and unknown refresh tokens are invalid_grant")
  func expiredAndUnknown() async throws {
    try await SandboxHarness.withManualClock({ $0.refreshTokenLifetime = 100 }) { h in
      let tokens = try await h.signIn()
      h.manualClock.advance(by: 101)
      let expired = try await h.refresh(tokens.refreshToken!)
      ErrorShape.expectAAD(expired, code: 700082)
      let unknown = try await h.refresh("garbage")
      #expect(unknown["error"] == "invalid_grant")
    }
  }

  @Test("scope on refresh decides scp; the demo app may get User.Read.All")
  func scopeOnRefresh() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn(scope: "openid offline_access User.Read")
      #expect(Tokens.claims(tokens.accessToken)["scp"] as? String == "User.Read")
      let wider = try await h.refresh(
        tokens.refreshToken!, scope: "https://graph.microsoft.com/User.Read.All offline_access")
      #expect(Tokens.claims(wider["access_token"] ?? "")["scp"] as? String == "User.Read.All")
      #expect(wider["scope"] == "User.Read.All")
    }
  }
}
