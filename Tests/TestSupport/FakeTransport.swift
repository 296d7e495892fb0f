import AppRuntime
import Foundation
import RosterCore
import Transport

/// The one fake transport: answers from a closure, or from a script of steps in order, and records
/// every request it was sent.
public final class FakeTransport: HTTPTransport, Sendable {
  /// One scripted answer.
  public enum Step: Sendable {
    case respond(HTTPResponse)
    case fail(TransportError)
  }

  private let sent = LockedValue<[HTTPRequest]>([])
  private let handler: @Sendable (HTTPRequest) throws -> HTTPResponse

  /// Answers every request with `handler`.
  public init(_ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) { self.handler = handler }

  /// Answers with `steps` in order; once they are used up, with `fallback`, or a connection failure.
  public convenience init(script steps: [Step], fallback: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil) {
    let remaining = LockedValue(steps)
    self.init { request in
      let step = remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      switch step {
      case .respond(let response)?: return response
      case .fail(let error)?: throw error
      case nil:
        if let fallback { return fallback(request) }
        throw TransportError.connectionFailed("script exhausted")
      }
    }
  }

  /// Every request sent so far, oldest first.
  public var requests: [HTTPRequest] { sent.current }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    sent.withLock { $0.append(request) }
    return try handler(request)
  }

  /// The form fields of a recorded request body.
  public static func form(_ request: HTTPRequest) -> [String: String] {
    let body = String(decoding: request.body ?? Data(), as: UTF8.self)
    var fields: [String: String] = [:]
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
  }
}
