import Foundation

/// One HTTP request as the identity and Graph clients describe it: plain data, so request
/// building is pure and testable without a network.
public struct HTTPRequest: Sendable, Equatable {
  public var method: String
  public var url: URL
  /// Header fields in order; names compared case-insensitively by servers.
  public var headers: [(name: String, value: String)]
  public var body: Data?
  /// How long the whole exchange may take before it fails with `TransportError.timedOut`.
  public var timeout: Duration

  public init(
    method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
    timeout: Duration = .seconds(30)
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
      && lhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
        == rhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
  }

  /// The first value of a header, by case-insensitive name.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: Data

  public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The first value of a header, by case-insensitive name.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// Why a request got no HTTP response at all.
public enum TransportError: Error, Sendable, Equatable {
  /// The deadline passed before the response was complete.
  case timedOut
  /// The caller's task was cancelled; the request was really cancelled on the wire.
  case cancelled
  /// The connection failed or was reset; the text is safe to show (it never holds a token).
  case connectionFailed(String)
  /// TLS failed, for example an untrusted certificate; the text says which.
  case tls(String)
  /// The response body was larger than the transport accepts.
  case bodyTooLarge(limit: Int)
}

/// Sends requests. The live implementation is one shared AsyncHTTPClient; tests use fakes.
///
/// Cancellation is Swift task cancellation: cancelling the calling task cancels the request.
public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
