import Foundation
import Sandbox
import TestSupport
import Transport

/// The sandbox's own tests: raw requests over real sockets (redirects are never followed) to a
/// sandbox whose time the test moves by hand.
extension SandboxHarness {
  /// Runs `body` against a fresh sandbox (50 people unless configured) on a `ManualClock`.
  static func withManualClock<T>(
    _ configure: (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxHarness) async throws -> T
  ) async throws -> T {
    try await with(clock: ManualClock(), configure: configure, body)
  }

  /// The sandbox's clock (set by `withManualClock`).
  var manualClock: ManualClock {
    guard let clock else { preconditionFailure("start the harness with withManualClock") }
    return clock
  }

  var base: String { sandbox.baseURL.absoluteString }
  var tenantPath: String { "/\(sandbox.tenantId)" }

  // MARK: - Requests

  func get(_ pathOrURL: String, headers: [(String, String)] = [], timeout: Duration = .seconds(30)) async throws
    -> Reply
  {
    try await send("GET", pathOrURL, headers: headers, body: nil, timeout: timeout)
  }

  func post(_ path: String, form: [(String, String)], headers: [(String, String)] = []) async throws -> Reply {
    let body = PercentEncoding.form(form)
    return try await send(
      "POST", path, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: body)
  }

  func postJSON(_ path: String, _ json: String) async throws -> Reply {
    try await send("POST", path, headers: [("Content-Type", "application/json")], body: json)
  }

  func delete(_ path: String) async throws -> Reply { try await send("DELETE", path, headers: [], body: nil) }

  func send(
    _ method: String, _ pathOrURL: String, headers: [(String, String)], body: String?,
    timeout: Duration = .seconds(30)
  ) async throws -> Reply {
    let text = pathOrURL.hasPrefix("http") ? pathOrURL : base + pathOrURL
    guard let url = URL(string: text) else { throw SandboxHarnessError("not a URL: \(text)") }
    let response = try await transport.send(
      HTTPRequest(
        method: method, url: url, headers: headers.map { (name: $0.0, value: $0.1) }, body: body.map { Data($0.utf8) },
        timeout: timeout))
    return Reply(status: response.status, headers: response.headers, body: response.body)
  }

  /// Percent-encodes a query value (for `$filter`, `$search` and friends).
  static func q(_ text: String) -> String { PercentEncoding.encode(text) }
  static func encode(_ text: String) -> String { PercentEncoding.encode(text) }
}

/// A response, with helpers to read JSON.
struct Reply: Sendable {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }
  var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
  func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
  /// `json[key]` as a string.
  subscript(_ key: String) -> String? { json[key] as? String }
}
