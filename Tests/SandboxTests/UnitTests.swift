import Foundation
import NIOCore
import Testing

@testable import Sandbox

@Suite("Sandbox building blocks")
struct UnitTests {
  @Test("form decoding: + is space, %XX bytes, first value wins")
  func formFields() {
    let fields = FormFields("a=1+2&b=%27x%27&a=3&empty=&flag")
    #expect(fields["a"] == "1 2")
    #expect(fields["b"] == "'x'")
    #expect(fields["empty"] == "")
    #expect(fields.nonEmpty("empty") == nil)
    #expect(fields["flag"] == "")
  }

  @Test(
    "redirect URI matching as Entra does it",
    arguments: [
      ("http://localhost", true), ("http://localhost:8400", true), ("http://localhost:8400/", true),
      ("http://127.0.0.1:1234", true), ("http://localhost/cb", false), ("https://localhost", false),
      ("http://localhost:80/?x=1", false), ("http://example.com", false), ("not a url", false),
    ])
  func redirects(candidate: String, accepted: Bool) {
    #expect(RegisteredApp.demo.accepts(redirectURI: candidate) == accepted)
  }

  @Test("PKCE S256 matches RFC 7636's example")
  func pkce() {
    #expect(
      IdentityEndpoints.pkceMatches(
        verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        method: "S256"))
    #expect(!IdentityEndpoints.pkceMatches(verifier: "a", challenge: "b", method: "plain"))
  }

  @Test("fault globs")
  func globs() throws {
    let rule = try FaultRule(json: ["kind": "reset", "match": "/v1.0/users*"])
    #expect(rule.matches(method: "GET", path: "/v1.0/users"))
    #expect(rule.matches(method: "GET", path: "/v1.0/users/x/manager"))
    #expect(!rule.matches(method: "GET", path: "/v1.0/me"))
    let any = try FaultRule(json: ["kind": "reset", "method": "post"])
    #expect(any.matches(method: "POST", path: "/anything"))
    #expect(!any.matches(method: "GET", path: "/anything"))
  }

  @Test("scopes: bare names mean Graph, .default means all, OIDC scopes are separate")
  func scopes() throws {
    let set = try ScopeSet.parse(
      "openid offline_access https://graph.microsoft.com/user.read User.ReadBasic.All", clientId: "c", b2c: false)
    #expect(set.graph == ["User.Read", "User.ReadBasic.All"])
    #expect(set.wantsRefreshToken && set.wantsIdToken)
    // Entra's spelling: short Graph names, then the OpenID scopes granted with email added.
    #expect(set.responseScope(clientId: "c") == "User.Read User.ReadBasic.All openid email")
    let profile = try ScopeSet.parse("openid profile offline_access User.Read", clientId: "c", b2c: false)
    #expect(profile.responseScope(clientId: "c") == "User.Read profile openid email")
    #expect(
      try ScopeSet.parse("offline_access User.Read", clientId: "c", b2c: false).responseScope(clientId: "c")
        == "User.Read")
    #expect(try ScopeSet.parse("https://graph.microsoft.com/.default", clientId: "c", b2c: false).graph.count == 4)
    #expect(
      try ScopeSet.parse("https://graph.microsoft.com/.default openid offline_access", clientId: "c", b2c: false).graph
        .count == 4)
    // A real Graph permission the sandbox serves nothing for is consented, not refused.
    #expect(try ScopeSet.parse("Mail.Read", clientId: "c", b2c: false).graph == ["Mail.Read"])
    #expect(throws: AADError.self) { try ScopeSet.parse("Mail.Reed", clientId: "c", b2c: false) }
    #expect(throws: AADError.defaultMixedWithNamed("https://graph.microsoft.com/.default User.Read")) {
      try ScopeSet.parse("https://graph.microsoft.com/.default User.Read", clientId: "c", b2c: false)
    }
  }
}

@Suite("Control API access")
struct ControlAccessTests {
  @Test("peers are loopback only on 127/8 and ::1")
  func loopbackPeers() throws {
    #expect(SandboxRequestContext.isLoopback(try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
    #expect(SandboxRequestContext.isLoopback(try SocketAddress(ipAddress: "127.8.9.10", port: 1)))
    #expect(SandboxRequestContext.isLoopback(try SocketAddress(ipAddress: "::1", port: 1)))
    #expect(!SandboxRequestContext.isLoopback(try SocketAddress(ipAddress: "10.1.2.3", port: 1)))
    #expect(!SandboxRequestContext.isLoopback(try SocketAddress(ipAddress: "fe80::1", port: 1)))
    #expect(!SandboxRequestContext.isLoopback(nil))
  }

  @Test("a caller from another machine gets 403 from every control endpoint")
  func remoteCallerRefused() async throws {
    var configuration = SandboxConfiguration()
    configuration.size = 5
    let tenant = try SandboxTenant(configuration: configuration, directory: .generated(seed: 1, size: 5))
    for (method, path) in [
      ("POST", "/_sandbox/device/approve"), ("POST", "/_sandbox/faults"), ("GET", "/_sandbox/requests"),
    ] {
      let request = IncomingRequest(
        method: method, path: path, rawQuery: "", query: FormFields(""), headers: [:], body: "{}",
        base: "http://10.0.0.5:8080", isLoopbackPeer: false)
      let response = await ControlEndpoints(tenant: tenant).respond(to: request)
      #expect(response.status.code == 403)
    }
  }
}
