import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Discovery, keys and tenants")
struct DiscoveryTests {
  @Test("tenant id, domain, organizations and common all serve discovery pointing at the sandbox")
  func discoveryForEveryTenantForm() async throws {
    try await SandboxHarness.withManualClock { h in
      let id = h.sandbox.tenantId
      for (segment, issuer, endpointSegment) in [
        (id, "\(h.base)/\(id)/v2.0", id), (h.sandbox.tenantDomain, "\(h.base)/\(id)/v2.0", id),
        ("organizations", "\(h.base)/{tenantid}/v2.0", "organizations"),
        ("common", "\(h.base)/{tenantid}/v2.0", "common"),
      ] {
        let reply = try await h.get("/\(segment)/v2.0/.well-known/openid-configuration")
        #expect(reply.status == 200)
        #expect(reply["issuer"] == issuer)
        #expect(reply["token_endpoint"] == "\(h.base)/\(endpointSegment)/oauth2/v2.0/token")
        #expect(reply["authorization_endpoint"] == "\(h.base)/\(endpointSegment)/oauth2/v2.0/authorize")
        #expect(reply["device_authorization_endpoint"] == "\(h.base)/\(endpointSegment)/oauth2/v2.0/devicecode")
        #expect(reply["jwks_uri"] == "\(h.base)/\(endpointSegment)/discovery/v2.0/keys")
      }
    }
  }

  @Test("an unknown tenant gets AADSTS90002 in Entra's error shape")
  func unknownTenant() async throws {
    try await SandboxHarness.withManualClock { h in
      let reply = try await h.post("/fabrikam.example/oauth2/v2.0/token", form: [("grant_type", "refresh_token")])
      #expect(reply.status == 400)
      #expect(reply["error"] == "invalid_request")
      ErrorShape.expectAAD(reply, code: 90002)
      let discovery = try await h.get("/nobody.onmicrosoft.com/v2.0/.well-known/openid-configuration")
      #expect(discovery.status == 400)
      #expect(discovery["error"] == "invalid_tenant")
    }
  }

  @Test("JWKS publishes the RSA key that signs access tokens")
  func jwksMatchesTokens() async throws {
    try await SandboxHarness.withManualClock { h in
      let keys = try await h.get("\(h.tenantPath)/discovery/v2.0/keys")
      let list = try #require(keys.json["keys"] as? [[String: Any]])
      let key = try #require(list.first)
      #expect(key["kty"] as? String == "RSA")
      #expect(key["use"] as? String == "sig")
      #expect((key["n"] as? String)?.count ?? 0 > 300)
      #expect(key["e"] as? String == "AQAB")
      let tokens = try await h.signIn()
      let header = try #require(tokens.accessToken.split(separator: ".").first)
      var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
      while base64.count % 4 != 0 { base64 += "=" }
      let headerJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(base64Encoded: base64)!) as? [String: Any])
      #expect(headerJSON["alg"] as? String == "RS256")
      #expect(headerJSON["kid"] as? String == key["kid"] as? String)
    }
  }

  @Test("B2C policy discovery has no device endpoint, and devicecode is 404 there")
  func b2cDiscovery() async throws {
    try await SandboxHarness.withManualClock { h in
      let domain = h.sandbox.tenantDomain
      let reply = try await h.get("/\(domain)/B2C_1_signupsignin/v2.0/.well-known/openid-configuration")
      #expect(reply.status == 200)
      #expect(reply.json["device_authorization_endpoint"] == nil)
      #expect(reply["issuer"] == "\(h.base)/\(h.sandbox.tenantId)/v2.0/")
      #expect(reply["token_endpoint"] == "\(h.base)/\(domain)/B2C_1_signupsignin/oauth2/v2.0/token")
      let query = try await h.get("/\(domain)/v2.0/.well-known/openid-configuration?p=B2C_1_signupsignin")
      #expect(query["authorization_endpoint"] == "\(h.base)/\(domain)/B2C_1_signupsignin/oauth2/v2.0/authorize")
      let device = try await h.post(
        "/\(domain)/B2C_1_signupsignin/oauth2/v2.0/devicecode",
        form: [("client_id", h.sandbox.clientId), ("scope", "openid")])
      #expect(device.status == 404)
    }
  }
}

/// Checks of the identity platform's error body shape.
enum ErrorShape {
  static func expectAAD(_ reply: Reply, code: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let json = reply.json
    let description = json["error_description"] as? String ?? ""
    #expect(description.hasPrefix("AADSTS\(code):"), sourceLocation: sourceLocation)
    #expect(description.contains("\r\nTrace ID: "), sourceLocation: sourceLocation)
    #expect(description.contains("\r\nCorrelation ID: "), sourceLocation: sourceLocation)
    #expect(
      description.range(of: #"\r\nTimestamp: \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil,
      sourceLocation: sourceLocation)
    #expect((json["error_codes"] as? [Int]) == [code], sourceLocation: sourceLocation)
    #expect((json["timestamp"] as? String)?.hasSuffix("Z") == true, sourceLocation: sourceLocation)
    #expect((json["trace_id"] as? String)?.count == 36, sourceLocation: sourceLocation)
    #expect((json["correlation_id"] as? String)?.count == 36, sourceLocation: sourceLocation)
    #expect(
      json["error_uri"] as? String == "https://login.microsoftonline.com/error?code=\(code)",
      sourceLocation: sourceLocation)
    #expect(reply.header("Cache-Control") == "no-store, no-cache", sourceLocation: sourceLocation)
  }
}
