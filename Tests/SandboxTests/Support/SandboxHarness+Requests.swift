import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Sandbox

/// A sandbox on a free loopback port plus an HTTP client that does not follow redirects:
/// every test talks to the real server over real sockets.
struct SandboxHarness: Sendable {
  let sandbox: RunningSandbox
  let client: HTTPClient
  let clock: ManualClock

  /// Runs `body` against a fresh sandbox (50 people unless configured) and always stops it.
  static func with<T: Sendable>(
    _ configure: (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxHarness) async throws -> T
  ) async throws -> T {
    let clock = ManualClock()
    var configuration = SandboxConfiguration()
    configuration.size = 50
    configuration.deviceCodeInterval = 1
    configuration.now = clock.function
    configure(&configuration)
    let sandbox = try await SandboxServer.start(configuration)
    var tls: TLSConfiguration? = nil
    if let pem = sandbox.caCertificatePEM {
      var client = TLSConfiguration.makeClientConfiguration()
      client.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
      tls = client
    }
    let client = HTTPClient(
      eventLoopGroupProvider: .singleton,
      configuration: .init(tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(20))))
    let harness = SandboxHarness(sandbox: sandbox, client: client, clock: clock)
    do {
      let result = try await body(harness)
      try? await client.shutdown()
      await sandbox.stop()
      return result
    } catch {
      try? await client.shutdown()
      await sandbox.stop()
      throw error
    }
  }

  var base: String { sandbox.baseURL.absoluteString }
  var tenantPath: String { "/\(sandbox.tenantId)" }

  // MARK: - Requests

  func get(_ pathOrURL: String, headers: [(String, String)] = []) async throws -> Reply {
    try await send("GET", pathOrURL, headers: headers, body: nil)
  }

  func post(_ path: String, form: [(String, String)], headers: [(String, String)] = []) async throws -> Reply {
    let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    return try await send("POST", path, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: body)
  }

  func postJSON(_ path: String, _ json: String) async throws -> Reply {
    try await send("POST", path, headers: [("Content-Type", "application/json")], body: json)
  }

  func delete(_ path: String) async throws -> Reply { try await send("DELETE", path, headers: [], body: nil) }

  func send(_ method: String, _ pathOrURL: String, headers: [(String, String)], body: String?) async throws -> Reply {
    let url = pathOrURL.hasPrefix("http") ? pathOrURL : base + pathOrURL
    var request = HTTPClientRequest(url: url)
    request.method = HTTPMethod(rawValue: method)
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body { request.body = .bytes(ByteBuffer(string: body)) }
    let response = try await client.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 8 << 20)
    return Reply(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
  }

  static func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// Percent-encodes a query value (for `$filter`, `$search` and friends).
  static func q(_ text: String) -> String { encode(text) }
}

/// A response, with helpers to read JSON.
struct Reply: Sendable {
  var status: Int
  var headers: HTTPHeaders
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }
  var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
  func header(_ name: String) -> String? { headers.first(name: name) }
  /// `json[key]` as a string.
  subscript(_ key: String) -> String? { json[key] as? String }
}
