import Foundation
import TestSupport
import Transport

/// Graph-shaped scripted answers.
extension FakeTransport.Step {
  static func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> Self {
    .respond(
      HTTPResponse(
        status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(body.utf8)))
  }

  static func graphError(_ status: Int, code: String, message: String, headers: [(name: String, value: String)] = [])
    -> Self
  {
    .json(
      status, #"{"error":{"code":"\#(code)","message":"\#(message)","innerError":{"request-id":"r1"}}}"#,
      headers: headers)
  }

  static func people(_ names: [String], next: String? = nil) -> Self {
    let values = names.enumerated().map { #"{"id":"id-\#($0.offset)-\#($0.element)","displayName":"\#($0.element)"}"# }
    let nextPart = next.map { #","@odata.nextLink":"\#($0)""# } ?? ""
    return .json(200, #"{"value":[\#(values.joined(separator: ","))]\#(nextPart)}"#)
  }
}
