import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Authorization code + PKCE")
struct AuthorizationCodeTests {
  private func standard(
    _ h: SandboxHarness, challenge: String, method: String = "S256", redirect: String = "http://localhost:53123",
    extra: [(String, String)] = []
  ) -> [(String, String)] {
    [
      ("client_id", h.sandbox.clientId), ("response_type", "code"), ("redirect_uri", redirect),
      ("scope", "openid profile offline_access User.Read"), ("state", "st-42"), ("nonce", "n-7"),
      ("code_challenge", challenge), ("code_challenge_method", method),
    ] + extra
  }

  private func redeem(
    _ h: SandboxHarness, code: String, verifier: String?, redirect: String = "http://localhost:53123",
    path: String? = nil
  ) async throws -> Reply {
    var form = [
      ("client_id", h.sandbox.clientId), ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", redirect),
    ]
    if let verifier { form.append(("code_verifier", verifier)) }
    return try await h.post("\(path ?? h.tenantPath)/oauth2/v2.0/token", form: form)
  }

  @Test("S256: redirect carries code, state and session_state; redemption echoes the nonce; codes are single-use")
  func s256() async throws {
    try await SandboxHarness.withManualClock { h in
      let (verifier, challenge) = SandboxHarness.pkce()
      let reply = try await h.authorize(standard(h, challenge: challenge))
      #expect(reply.status == 302)
      #expect(reply.header("Location")?.hasPrefix("http://localhost:53123/?code=") == true)
      let params = SandboxHarness.redirectParameters(reply)
      #expect(params["state"] == "st-42")
      #expect(params["session_state"] != nil)
      let code = try #require(params["code"])
      let tokens = try await redeem(h, code: code, verifier: verifier)
      #expect(tokens.status == 200)
      let id = Tokens.claims(tokens["id_token"] ?? "")
      #expect(id["nonce"] as? String == "n-7")
      #expect(id["aud"] as? String == h.sandbox.clientId)
      let reuse = try await redeem(h, code: code, verifier: verifier)
      #expect(reuse["error"] == "invalid_grant")
      ErrorShape.expectAAD(reuse, code: 54005)
    }
  }

  @Test("plain PKCE works; a wrong verifier is AADSTS501481")
  func plainAndMismatch() async throws {
    try await SandboxHarness.withManualClock { h in
      let verifier = String(repeating: "v", count: 50)
      let plain = SandboxHarness.redirectParameters(
        try await h.authorize(standard(h, challenge: verifier, method: "plain")))
      #expect(try await redeem(h, code: plain["code"]!, verifier: verifier).status == 200)

      let (_, challenge) = SandboxHarness.pkce()
      let params = SandboxHarness.redirectParameters(try await h.authorize(standard(h, challenge: challenge)))
      let wrong = try await redeem(h, code: params["code"]!, verifier: String(repeating: "x", count: 43))
      #expect(wrong["error"] == "invalid_grant")
      ErrorShape.expectAAD(wrong, code: 501481)
    }
  }

  @Test("codes expire after ten minutes")
  func expiry() async throws {
    try await SandboxHarness.withManualClock { h in
      let (verifier, challenge) = SandboxHarness.pkce()
      let params = SandboxHarness.redirectParameters(try await h.authorize(standard(h, challenge: challenge)))
      h.manualClock.advance(by: 601)
      let reply = try await redeem(h, code: params["code"]!, verifier: verifier)
      #expect(reply["error"] == "invalid_grant")
      ErrorShape.expectAAD(reply, code: 70008)
    }
  }

  @Test("redirect URIs: loopback port ignored, path exact, unknown ones get an error page")
  func redirectRules() async throws {
    try await SandboxHarness.withManualClock { h in
      let (_, challenge) = SandboxHarness.pkce()
      #expect(try await h.authorize(standard(h, challenge: challenge, redirect: "http://localhost")).status == 302)
      #expect(
        try await h.authorize(standard(h, challenge: challenge, redirect: "http://127.0.0.1:9999/")).status == 302)
      let wrongPath = try await h.authorize(
        standard(h, challenge: challenge, redirect: "http://localhost:5000/callback"))
      #expect(wrongPath.status == 400)
      #expect(wrongPath.text.contains("AADSTS50011"))
      let evil = try await h.authorize(standard(h, challenge: challenge, redirect: "https://evil.example/"))
      #expect(evil.status == 400)
      #expect(evil.header("Location") == nil)
      let unknownApp = try await h.authorize([
        ("client_id", "11111111-2222-3333-4444-555555555555"),
        ("redirect_uri", "http://localhost"), ("response_type", "code"),
      ])
      #expect(unknownApp.text.contains("AADSTS700016"))
    }
  }

  @Test("login_hint chooses the user; prompt=none needs a known hint")
  func loginHintAndPromptNone() async throws {
    try await SandboxHarness.withManualClock { h in
      let (verifier, challenge) = SandboxHarness.pkce()
      let tokens = try await h.signIn()
      let users = try await h.graph("/v1.0/users?$top=3", token: tokens.accessToken)
      let someone = try #require((users.json["value"] as? [[String: Any]])?.last?["userPrincipalName"] as? String)

      let hinted = SandboxHarness.redirectParameters(
        try await h.authorize(standard(h, challenge: challenge, extra: [("login_hint", someone)])))
      let redeemed = try await redeem(h, code: hinted["code"]!, verifier: verifier)
      #expect(Tokens.claims(redeemed["access_token"] ?? "")["upn"] as? String == someone)

      let silentNoHint = SandboxHarness.redirectParameters(
        try await h.authorize(standard(h, challenge: challenge, extra: [("prompt", "none")])))
      #expect(silentNoHint["error"] == "login_required")
      #expect(silentNoHint["state"] == "st-42")
      #expect(silentNoHint["error_description"]?.hasPrefix("AADSTS50058:") == true)

      let silentHint = SandboxHarness.redirectParameters(
        try await h.authorize(standard(h, challenge: challenge, extra: [("prompt", "none"), ("login_hint", someone)])))
      #expect(silentHint["code"] != nil)

      let badScope = SandboxHarness.redirectParameters(
        try await h.authorize(standard(h, challenge: challenge).map { $0.0 == "scope" ? ("scope", "Files.Reed") : $0 }))
      #expect(badScope["error"] == "invalid_scope")
    }
  }
}
