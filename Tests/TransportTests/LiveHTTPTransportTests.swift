import Foundation
import TestSupport
import Testing

// Identity's loopback redirect listener serves as a small local HTTP server here.
@testable import Identity
@testable import Transport

#if canImport(Glibc)
  import Glibc
#endif

/// The live transport against local listeners: deadline, cancellation, body cap, errors, proxy rules.
@Suite struct LiveHTTPTransportTests {
  /// A TCP socket on 127.0.0.1 that accepts connections into its backlog and never answers, or,
  /// when not `listening`, holds its port bound so that connecting is refused — and no other test
  /// running in parallel can be handed the same port and answer instead.
  final class SilentListener {
    let descriptor: Int32
    let port: Int

    init(listening: Bool = true) throws {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
      }
      if listening { listen(descriptor, 8) }
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
      }
      self.descriptor = descriptor
      self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
  }

  @Test func theDeadlineEndsARequestThatGetsNoAnswer() async throws {
    let listener = try SilentListener()
    let transport = try LiveHTTPTransport()
    // The listener never answers, so only the request's own deadline can end the call: that it
    // ends, with `timedOut`, is the proof. (How soon is not asserted: in the full parallel suite
    // the continuation resumes whenever the shared cooperative threads are free, up to a minute.)
    await #expect(throws: TransportError.timedOut) {
      _ = try await transport.send(
        HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/")!, timeout: .milliseconds(300)))
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    let listener = try SilentListener()
    let transport = try LiveHTTPTransport()
    let task = Task {
      try await transport.send(
        HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/")!, timeout: .seconds(60)))
    }
    task.cancel()
    await #expect(throws: TransportError.cancelled) { _ = try await task.value }
  }

  @Test func bodiesOverTheCapAreRefused() async throws {
    let server = try await LoopbackRedirectServer.start { _ in (.ok, String(repeating: "x", count: 10_000)) }
    defer { server.close() }
    let transport = try LiveHTTPTransport(configuration: TransportConfiguration(maxBodyBytes: 1_000))
    await #expect(throws: TransportError.bodyTooLarge(limit: 1_000)) {
      _ = try await transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!))
    }
    let roomy = try LiveHTTPTransport()
    let response = try await roomy.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!))
    #expect(response.status == 200)
    #expect(response.body.count == 10_000)
  }

  @Test func refusedConnectionsHaveSafeText() async throws {
    let bound = try SilentListener(listening: false)
    let port = bound.port
    defer { withExtendedLifetime(bound) {} }
    let transport = try LiveHTTPTransport()
    do {
      // AsyncHTTPClient retries refused connections until the deadline, then reports the cause.
      _ = try await transport.send(
        HTTPRequest(
          url: URL(string: "http://127.0.0.1:\(port)/?code=secret-code")!, timeout: .seconds(2)))
      Issue.record("expected failure")
    } catch let error as TransportError {
      guard case .connectionFailed(let text) = error else {
        #expect(error == .timedOut)
        return
      }
      #expect(text.contains("127.0.0.1"))
      #expect(!text.contains("secret-code"))
    }
  }

  @Test func aBadCAFileIsReportedAtStartUp() throws {
    #expect(throws: TransportSetupError.self) {
      try LiveHTTPTransport(configuration: TransportConfiguration(extraCAFile: "/nonexistent/ca.pem"))
    }
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.url.appendingPathComponent("ca.pem").path
    _ = FileManager.default.createFile(atPath: path, contents: Data("not a certificate".utf8))
    #expect(throws: TransportSetupError.self) {
      try LiveHTTPTransport(configuration: TransportConfiguration(extraCAFile: path))
    }
  }

  @Test func proxySettingsComeFromTheEnvironment() throws {
    let proxy = try #require(
      ProxySettings.fromEnvironment([
        "HTTPS_PROXY": "http://user:p%40ss@proxy.corp:3128", "NO_PROXY": "corp.example, .internal,10.0.0.1",
      ]))
    #expect(proxy.host == "proxy.corp")
    #expect(proxy.port == 3128)
    #expect(proxy.credentials?.user == "user")
    #expect(proxy.credentials?.password == "p@ss")
    #expect(proxy.bypasses(host: "graph.corp.example"))
    #expect(proxy.bypasses(host: "login.internal"))
    #expect(proxy.bypasses(host: "127.0.0.1"))
    #expect(proxy.bypasses(host: "localhost"))
    #expect(!proxy.bypasses(host: "login.microsoftonline.com"))
    #expect(ProxySettings.fromEnvironment(["https_proxy": "proxy:8080"])?.port == 8080)
    #expect(ProxySettings.fromEnvironment([:]) == nil)
    #expect(
      ProxySettings.fromEnvironment(["HTTPS_PROXY": "http://p:1", "NO_PROXY": "*"])?.bypasses(host: "x.com") == true)
    let configuration = TransportConfiguration.fromEnvironment(["SSL_CERT_FILE": "/a.pem"])
    #expect(configuration.extraCAFile == "/a.pem")
    #expect(
      TransportConfiguration.fromEnvironment(["SSL_CERT_FILE": "/a.pem"], caFile: "/b.pem").extraCAFile == "/b.pem")
  }
}
