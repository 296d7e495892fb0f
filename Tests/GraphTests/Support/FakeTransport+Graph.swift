import Foundation
import Transport

/// A transport that answers from a script, in order, and records every request it was sent.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  enum Step: Sendable {
    case respond(HTTPResponse)
    case fail(TransportError)
  }

  private let lock = NSLock()
  private var steps: [Step]
  private var sent: [HTTPRequest] = []
  /// Answers once the script is used up; nil fails the request loudly.
  private let fallback: (@Sendable (HTTPRequest) -> HTTPResponse)?

  init(_ steps: [Step], fallback: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil) {
    self.steps = steps
    self.fallback = fallback
  }

  var requests: [HTTPRequest] { lock.withLock { sent } }
  var remainingSteps: Int { lock.withLock { steps.count } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let step: Step? = lock.withLock {
      sent.append(request)
      return steps.isEmpty ? nil : steps.removeFirst()
    }
    switch step {
    case let .respond(response)?: return response
    case let .fail(error)?: throw error
    case nil:
      if let fallback { return fallback(request) }
      throw TransportError.connectionFailed("script exhausted")
    }
  }
}

extension ScriptedTransport.Step {
  static func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> Self {
    .respond(HTTPResponse(
      status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(body.utf8)))
  }

  static func graphError(_ status: Int, code: String, message: String, headers: [(name: String, value: String)] = [])
    -> Self
  {
    .json(status, #"{"error":{"code":"\#(code)","message":"\#(message)","innerError":{"request-id":"r1"}}}"#, headers: headers)
  }

  static func people(_ names: [String], next: String? = nil) -> Self {
    let values = names.enumerated().map { #"{"id":"id-\#($0.offset)-\#($0.element)","displayName":"\#($0.element)"}"# }
    let nextPart = next.map { #","@odata.nextLink":"\#($0)""# } ?? ""
    return .json(200, #"{"value":[\#(values.joined(separator: ","))]\#(nextPart)}"#)
  }
}
