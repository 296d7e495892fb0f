import Foundation
import Sandbox
import Transport

/// The sandbox's `/_sandbox/…` control API: faults and the request log.
struct SandboxControl {
  let sandbox: RunningSandbox
  let transport: any HTTPTransport = SharedTransport.live

  /// Adds a fault rule (`{"match":…, "kind":…, …}`, see the sandbox's FaultRule).
  func addFault(_ rule: [String: Any]) async throws {
    let response = try await transport.send(HTTPRequest(
      method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/faults"),
      headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: rule)))
    guard (200..<300).contains(response.status) else {
      throw SandboxSignInError("fault refused (\(response.status)): \(String(decoding: response.body, as: UTF8.self))")
    }
  }

  func clearFaults() async throws {
    _ = try await transport.send(HTTPRequest(method: "DELETE", url: sandbox.baseURL.appendingPathComponent("_sandbox/faults")))
  }

  func clearRequests() async throws {
    _ = try await transport.send(
      HTTPRequest(method: "DELETE", url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
  }

  /// Logged requests whose path starts with `prefix`: path, decoded query, ConsistencyLevel.
  func requests(pathPrefix prefix: String = "/v1.0/") async throws -> [LoggedRequest] {
    let response = try await transport.send(HTTPRequest(url: sandbox.baseURL.appendingPathComponent("_sandbox/requests")))
    let parsed = try JSONSerialization.jsonObject(with: response.body)
    let list = (parsed as? [[String: Any]]) ?? ((parsed as? [String: Any])?["requests"] as? [[String: Any]]) ?? []
    return list.compactMap { entry in
      guard let path = entry["path"] as? String, path.hasPrefix(prefix) else { return nil }
      let query = (entry["query"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
      let headers = entry["headers"] as? [String: Any]
      return LoggedRequest(path: path, query: query, consistencyLevel: headers?["ConsistencyLevel"] as? String)
    }
  }

  struct LoggedRequest {
    var path: String
    var query: [String: String]
    var consistencyLevel: String?
  }
}
