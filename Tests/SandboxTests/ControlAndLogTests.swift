import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Control API and request log")
struct ControlAndLogTests {
  @Test("the request log keeps method, path, decoded query and three headers; never tokens or bodies")
  func requestLog() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      #expect(try await h.delete("/_sandbox/requests").status == 204)
      _ = try await h.graph(
        "/v1.0/users?$filter=\(SandboxHarness.q("startswith(displayName,'O''B')"))&$top=5",
        token: tokens.accessToken,
        headers: [("ConsistencyLevel", "eventual"), ("client-request-id", "cr-1"), ("User-Agent", "roster-test")])
      _ = try await h.refresh(tokens.refreshToken!)
      let log = try await h.get("/_sandbox/requests")
      let entries = try #require(log.json["requests"] as? [[String: Any]])
      #expect(entries.count == 2)
      let first = entries[0]
      #expect(first["method"] as? String == "GET")
      #expect(first["path"] as? String == "/v1.0/users")
      #expect((first["query"] as? [String: String])?["$filter"] == "startswith(displayName,'O''B')")
      #expect((first["query"] as? [String: String])?["$top"] == "5")
      let headers = first["headers"] as? [String: String] ?? [:]
      #expect(headers["ConsistencyLevel"] == "eventual")
      #expect(headers["client-request-id"] == "cr-1")
      #expect(headers["User-Agent"] == "roster-test")
      #expect(entries[1]["path"] as? String == "\(h.tenantPath)/oauth2/v2.0/token")
      #expect(!log.text.contains(tokens.accessToken))
      #expect(!log.text.contains(tokens.refreshToken!))
      #expect(!log.text.contains("Bearer"))
    }
  }

  @Test("approve with no pending code is 404; an unknown user is 400")
  func approveRefusals() async throws {
    try await SandboxHarness.withManualClock { h in
      #expect(try await h.postJSON("/_sandbox/device/approve", "{}").status == 404)
      _ = try await h.startDeviceFlow()
      let unknown = try await h.postJSON("/_sandbox/device/approve", #"{"user":"ghost@nowhere.example"}"#)
      #expect(unknown.status == 400)
      #expect(try await h.postJSON("/_sandbox/device/approve", "[1]").status == 400)
    }
  }

  @Test("non-loopback hosts are refused without allowRemote")
  func remoteRefused() async throws {
    var configuration = SandboxConfiguration()
    configuration.host = "0.0.0.0"
    configuration.size = 5
    await #expect(throws: SandboxStartError.self) { try await SandboxServer.start(configuration) }
    #expect(SandboxServer.isLoopback("127.0.0.1"))
    #expect(SandboxServer.isLoopback("localhost"))
    #expect(!SandboxServer.isLoopback("10.0.0.1"))
  }

  @Test("TLS: served by a certificate the throw-away CA issued for 127.0.0.1")
  func tls() async throws {
    try await SandboxHarness.withManualClock({ $0.tls = true }) { h in
      #expect(h.base.hasPrefix("https://127.0.0.1:"))
      let pem = try #require(h.sandbox.caCertificatePEM)
      #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
      let discovery = try await h.get("\(h.tenantPath)/v2.0/.well-known/openid-configuration")
      #expect(discovery.status == 200)
      #expect(discovery["token_endpoint"]?.hasPrefix("https://") == true)
      let tokens = try await h.signIn()
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
      // The certificate also names localhost.
      let viaName = try await h.get("https://localhost:\(h.sandbox.port)\(h.tenantPath)/discovery/v2.0/keys")
      #expect(viaName.status == 200)
    }
  }

  @Test("--latency-ms delays Graph requests, not identity ones")
  func configuredLatency() async throws {
    try await SandboxHarness.withManualClock({ $0.latencyMs = 250 }) { h in
      let tokens = try await h.signIn()
      let clock = ContinuousClock()
      let start = clock.now
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
      #expect(clock.now - start >= .milliseconds(250))
    }
  }

  @Test("logout redirects to post_logout_redirect_uri")
  func logout() async throws {
    try await SandboxHarness.withManualClock { h in
      let reply = try await h.get(
        "\(h.tenantPath)/oauth2/v2.0/logout?post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A9000%2Fbye")
      #expect(reply.status == 302)
      #expect(reply.header("Location") == "http://localhost:9000/bye")
    }
  }
}
