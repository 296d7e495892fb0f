import Foundation
import Transport

/// The sandbox's directory-change control API (`users`, `churn`, `info`, `requests`) for the
/// local-index tests.
extension SandboxHarness {
  /// A control call with any method and an optional JSON body; the status and the JSON answer.
  @discardableResult
  public func call(_ method: String, _ path: String, _ body: Any? = nil) async throws
    -> (status: Int, json: [String: Any])
  {
    let response = try await transport.send(
      HTTPRequest(
        method: method, url: URL(string: sandbox.baseURL.absoluteString + "/_sandbox/" + path)!,
        headers: [("Content-Type", "application/json")],
        body: try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()))
    let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
    return (response.status, json)
  }
}
