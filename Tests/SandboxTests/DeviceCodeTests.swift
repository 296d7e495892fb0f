import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Device code flow")
struct DeviceCodeTests {
  @Test("devicecode response, pending polls, approval, tokens once")
  func happyPath() async throws {
    try await SandboxHarness.withManualClock { h in
      let start = try await h.startDeviceFlow()
      #expect(start.status == 200)
      #expect(start.header("Cache-Control") == "no-store, no-cache")
      let userCode = try #require(start["user_code"])
      let deviceCode = try #require(start["device_code"])
      #expect(userCode.count == 9)
      #expect(start["verification_uri"] == "\(h.base)/device")
      #expect(start.json["interval"] as? Int == 1)
      #expect(start.json["expires_in"] as? Int == 900)
      #expect(start["message"]?.contains(userCode) == true)

      let pending = try await h.pollDevice(deviceCode)
      #expect(pending.status == 400)
      #expect(pending["error"] == "authorization_pending")
      ErrorShape.expectAAD(pending, code: 70016)

      let approve = try await h.postJSON("/_sandbox/device/approve", "{}")
      #expect(approve.status == 200)
      #expect(approve["user_code"] == userCode)
      #expect(approve["user"] == h.sandbox.defaultUsername)

      let done = try await h.pollDevice(deviceCode)
      #expect(done.status == 200)
      #expect(done["token_type"] == "Bearer")
      // Entra's default lifetime is 60–90 minutes, not a fixed 3600 (protocol.md §2.4).
      let expiresIn = try #require(done.json["expires_in"] as? Int)
      #expect((3600...5400).contains(expiresIn))
      #expect(done.json["ext_expires_in"] as? Int == expiresIn)
      #expect(done["refresh_token"] != nil)
      #expect(done["id_token"] != nil)
      // Spelled as Entra spells it: short Graph names plus the OpenID scopes granted.
      #expect(done["scope"]?.split(separator: " ").contains("User.Read") == true)
      #expect(done["scope"]?.contains("https://graph.microsoft.com/") == false)

      let again = try await h.pollDevice(deviceCode)
      #expect(again["error"] == "invalid_grant")
    }
  }

  @Test("access token claims follow Entra's v2 shape; scopes decide scp")
  func accessTokenClaims() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn(scope: "openid offline_access User.Read.All")
      let claims = Tokens.claims(tokens.accessToken)
      #expect(claims["tid"] as? String == h.sandbox.tenantId)
      #expect(claims["upn"] as? String == h.sandbox.defaultUsername)
      #expect(claims["preferred_username"] as? String == h.sandbox.defaultUsername)
      #expect(claims["scp"] as? String == "User.Read.All")
      #expect(claims["aud"] as? String == "00000003-0000-0000-c000-000000000000")
      #expect(claims["iss"] as? String == "\(h.base)/\(h.sandbox.tenantId)/v2.0")
      #expect(claims["ver"] as? String == "2.0")
      let iat = try #require(claims["iat"] as? Int)
      let exp = try #require(claims["exp"] as? Int)
      #expect((iat + 3600...iat + 5400).contains(exp))
      #expect(claims["nbf"] as? Int == iat)
      #expect(claims["oid"] as? String != nil)
      #expect(claims["name"] as? String != nil)
      let id = Tokens.claims(try #require(tokens.idToken))
      #expect(id["aud"] as? String == h.sandbox.clientId)
      #expect(id["oid"] as? String == claims["oid"] as? String)
      #expect(id["sub"] as? String != nil)
    }
  }

  @Test("deny gives authorization_declined")
  func denied() async throws {
    try await SandboxHarness.withManualClock { h in
      let start = try await h.startDeviceFlow()
      let deny = try await h.postJSON("/_sandbox/device/deny", "{\"user_code\":\"\(start["user_code"]!)\"}")
      #expect(deny.status == 200)
      #expect(deny["status"] == "denied")
      let reply = try await h.pollDevice(start["device_code"]!)
      #expect(reply["error"] == "authorization_declined")
    }
  }

  @Test("an unapproved code expires (time moved by hand)")
  func expires() async throws {
    try await SandboxHarness.withManualClock({ $0.deviceCodeExpiresIn = 60 }) { h in
      let start = try await h.startDeviceFlow()
      h.manualClock.advance(by: 61)
      let reply = try await h.pollDevice(start["device_code"]!)
      #expect(reply["error"] == "expired_token")
      ErrorShape.expectAAD(reply, code: 70020)
      let approve = try await h.postJSON("/_sandbox/device/approve", "{}")
      #expect(approve.status == 404)
    }
  }

  @Test("--approve-after approves as the default user once the time has passed")
  func approveAfter() async throws {
    try await SandboxHarness.withManualClock({ $0.approveAfter = .seconds(3) }) { h in
      let start = try await h.startDeviceFlow()
      let early = try await h.pollDevice(start["device_code"]!)
      #expect(early["error"] == "authorization_pending")
      h.manualClock.advance(by: 3)
      let late = try await h.pollDevice(start["device_code"]!)
      #expect(late.status == 200)
      #expect(Tokens.claims(late["access_token"] ?? "")["upn"] as? String == h.sandbox.defaultUsername)
    }
  }

  @Test("unknown device code, missing parameters, unknown client, client secret")
  func refusals() async throws {
    try await SandboxHarness.withManualClock { h in
      let unknown = try await h.pollDevice("not-a-device-code")
      #expect(unknown["error"] == "bad_verification_code")
      ErrorShape.expectAAD(unknown, code: 70018)

      let noScope = try await h.post(
        "\(h.tenantPath)/oauth2/v2.0/devicecode", form: [("client_id", h.sandbox.clientId)])
      #expect(noScope.status == 400)
      #expect(noScope["error"] == "invalid_request")
      ErrorShape.expectAAD(noScope, code: 900144)
      #expect(noScope["error_description"]?.contains("'scope'") == true)

      let noGrant = try await h.post("\(h.tenantPath)/oauth2/v2.0/token", form: [("client_id", h.sandbox.clientId)])
      ErrorShape.expectAAD(noGrant, code: 900144)

      let stranger = try await h.post(
        "\(h.tenantPath)/oauth2/v2.0/devicecode",
        form: [("client_id", "11111111-2222-3333-4444-555555555555"), ("scope", "User.Read")])
      #expect(stranger.status == 400)
      ErrorShape.expectAAD(stranger, code: 700016)

      let strangerToken = try await h.post(
        "\(h.tenantPath)/oauth2/v2.0/token",
        form: [
          ("client_id", "11111111-2222-3333-4444-555555555555"), ("grant_type", "refresh_token"),
          ("refresh_token", "x"),
        ])
      #expect(strangerToken.status == 401)
      #expect(strangerToken["error"] == "invalid_client")
      ErrorShape.expectAAD(strangerToken, code: 700016)

      let secret = try await h.post(
        "\(h.tenantPath)/oauth2/v2.0/token",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
          ("device_code", "x"), ("client_secret", "s3cret"),
        ])
      #expect(secret.status == 401)
      #expect(secret["error"] == "invalid_client")
      ErrorShape.expectAAD(secret, code: 700025)

      // A permission Graph does not have (a real one such as Mail.Send is consented, issue 11).
      let badScope = try await h.startDeviceFlow(scope: "Mail.Sendd")
      #expect(badScope["error"] == "invalid_scope")
    }
  }

  @Test("slow_down fault answers device polls with slow_down, then clears")
  func slowDownFault() async throws {
    try await SandboxHarness.withManualClock { h in
      let start = try await h.startDeviceFlow()
      let added = try await h.postJSON("/_sandbox/faults", #"{"kind":"slow_down","count":1}"#)
      #expect(added.status == 201)
      let slow = try await h.pollDevice(start["device_code"]!)
      #expect(slow["error"] == "slow_down")
      let next = try await h.pollDevice(start["device_code"]!)
      #expect(next["error"] == "authorization_pending")
    }
  }

  @Test("the /device page: GET shows a form, POST with the code signs in as the chosen user")
  func devicePage() async throws {
    try await SandboxHarness.withManualClock { h in
      let page = try await h.get("/device")
      #expect(page.status == 200)
      #expect(page.text.contains("name=\"user_code\""))
      let start = try await h.startDeviceFlow()
      let users = try await h.graph("/v1.0/users?$top=5", token: try await h.signIn().accessToken)
      let someone = try #require((users.json["value"] as? [[String: Any]])?.last?["userPrincipalName"] as? String)
      let code = start["user_code"]!.lowercased()
      let wrong = try await h.post("/device", form: [("user_code", "ZZZZZZZZZ")])
      #expect(wrong.status == 404)
      let done = try await h.post("/device", form: [("user_code", code), ("user", someone)])
      #expect(done.status == 200)
      #expect(done.text.contains(someone))
      let tokens = try await h.pollDevice(start["device_code"]!)
      #expect(Tokens.claims(tokens["access_token"] ?? "")["upn"] as? String == someone)
    }
  }
}
