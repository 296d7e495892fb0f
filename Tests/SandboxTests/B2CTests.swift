import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Azure AD B2C policy paths")
struct B2CTests {
  @Test("authorize + token under a policy: string numbers, profile_info, client id as scope")
  func policyFlow() async throws {
    try await SandboxHarness.withManualClock { h in
      let policyPath = "/\(h.sandbox.tenantDomain)/B2C_1_signupsignin"
      let (verifier, challenge) = SandboxHarness.pkce()
      let reply = try await h.authorize(
        [
          ("client_id", h.sandbox.clientId), ("response_type", "code"), ("redirect_uri", "http://localhost:4000"),
          ("scope", "\(h.sandbox.clientId) openid offline_access"), ("state", "b2c"), ("code_challenge", challenge),
          ("code_challenge_method", "S256"),
        ], authorityPath: policyPath)
      #expect(reply.status == 302)
      let params = SandboxHarness.redirectParameters(reply)
      #expect(params["session_state"] == nil)
      let tokens = try await h.post(
        "\(policyPath)/oauth2/v2.0/token",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "authorization_code"), ("code", params["code"]!),
          ("redirect_uri", "http://localhost:4000"), ("code_verifier", verifier),
        ])
      #expect(tokens.status == 200)
      let expiresIn = try #require(tokens["expires_in"].flatMap { Int($0) })
      #expect((3600...5400).contains(expiresIn))
      #expect(tokens["not_before"] != nil)
      #expect(tokens["id_token_expires_in"] == String(expiresIn))
      #expect(tokens["refresh_token_expires_in"] != nil)
      #expect(tokens["profile_info"] != nil)
      let access = Tokens.claims(tokens["access_token"] ?? "")
      #expect(access["aud"] as? String == h.sandbox.clientId)
      #expect(access["tfp"] as? String == "B2C_1_signupsignin")

      // The ?p= form redeems refresh tokens of the same policy; a B2C token is no good at Graph.
      let refreshed = try await h.post(
        "/\(h.sandbox.tenantDomain)/oauth2/v2.0/token?p=B2C_1_signupsignin",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "refresh_token"),
          ("refresh_token", tokens["refresh_token"]!),
        ])
      #expect(refreshed.status == 200)
      let graph = try await h.graph("/v1.0/me", token: tokens["access_token"])
      #expect(graph.status == 401)

      let otherPolicy = try await h.post(
        "/\(h.sandbox.tenantDomain)/B2C_1_other/oauth2/v2.0/token",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "refresh_token"),
          ("refresh_token", tokens["refresh_token"]!),
        ])
      #expect(otherPolicy["error_description"]?.hasPrefix("AADB2C90088:") == true)
    }
  }

  @Test("B2C refuses Graph scopes with AADB2C90117 and has no device code grant")
  func b2cRefusals() async throws {
    try await SandboxHarness.withManualClock { h in
      let policyPath = "/\(h.sandbox.tenantDomain)/B2C_1_signupsignin"
      let reply = try await h.authorize(
        [
          ("client_id", h.sandbox.clientId), ("response_type", "code"), ("redirect_uri", "http://localhost"),
          ("scope", "openid User.Read"), ("state", "s"),
        ], authorityPath: policyPath)
      let params = SandboxHarness.redirectParameters(reply)
      #expect(params["error"] == "invalid_scope")
      #expect(params["error_description"]?.hasPrefix("AADB2C90117:") == true)
      let grant = try await h.post(
        "\(policyPath)/oauth2/v2.0/token",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
          ("device_code", "x"),
        ])
      #expect(grant["error"] == "unsupported_grant_type")
      #expect(grant["error_description"]?.hasPrefix("AADB2C90086:") == true)
    }
  }
}
