import AsyncHTTPClient
import Diagnostics
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// The one live `HTTPTransport`: a shared AsyncHTTPClient for identity and Graph.
///
/// Why one: connection reuse (HTTP/2 where offered), one place for trust (system roots plus the
/// optional extra CA), the proxy and the body cap. A second, direct client exists only when a
/// proxy is configured, for hosts `NO_PROXY` (or loopback) exempts.
///
/// Every request gets a deadline (`HTTPRequest.timeout`), and cancelling the calling task
/// cancels the request on the wire (AsyncHTTPClient closes the stream or connection).
public final class LiveHTTPTransport: HTTPTransport, @unchecked Sendable {
  // @unchecked: all stored properties are immutable after init; HTTPClient is thread-safe.
  private let proxiedClient: HTTPClient
  private let directClient: HTTPClient?
  public let configuration: TransportConfiguration

  /// Builds the clients; throws `TransportSetupError` when the CA file cannot be used, so a
  /// bad setting is reported once at start-up instead of as a TLS failure on every request.
  public init(configuration: TransportConfiguration = TransportConfiguration()) throws {
    self.configuration = configuration
    var tls = TLSConfiguration.makeClientConfiguration()
    if let path = configuration.extraCAFile {
      try Self.validateCAFile(path)
      tls.additionalTrustRoots = [.file(path)]
    }
    func makeClient(proxy: HTTPClient.Configuration.Proxy?) -> HTTPClient {
      var config = HTTPClient.Configuration(
        tlsConfiguration: tls,
        redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(10)),
        proxy: proxy
      )
      config.httpVersion = .automatic
      // Fail fast: a refused connection or an untrusted certificate is reported at once instead
      // of being retried until the connect timeout; callers (device polling, Graph) retry themselves.
      config.connectionPool.retryConnectionEstablishment = false
      return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: config)
    }
    if let proxy = configuration.proxy {
      let authorization = proxy.credentials.map {
        HTTPClient.Authorization.basic(username: $0.user, password: $0.password)
      }
      proxiedClient = makeClient(proxy: .server(host: proxy.host, port: proxy.port, authorization: authorization))
      directClient = makeClient(proxy: nil)
    } else {
      proxiedClient = makeClient(proxy: nil)
      directClient = nil
    }
  }

  deinit {
    // Shut down without blocking: deinit may run on an event loop thread.
    proxiedClient.shutdown { _ in }
    directClient?.shutdown { _ in }
  }

  /// Sends `request` with a `client-request-id` (Graph and the identity platform echo it, and
  /// support asks for it), and logs the exchange (`HTTPExchangeLog`).
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var request = request
    if request.header("client-request-id") == nil {
      request.headers.append((name: "client-request-id", value: UUID().uuidString.lowercased()))
    }
    let started = ContinuousClock.now
    do {
      let response = try await exchange(request)
      HTTPExchangeLog.finished(request, response: response, after: ContinuousClock.now - started)
      return response
    } catch {
      HTTPExchangeLog.failed(request, error: error, after: ContinuousClock.now - started)
      throw error
    }
  }

  private func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
    if Task.isCancelled { throw TransportError.cancelled }
    let host = request.url.host ?? ""
    let client = directClient.flatMap { configuration.proxy?.bypasses(host: host) == true ? $0 : nil } ?? proxiedClient
    let outgoing = Self.makeClientRequest(request)
    let limit = configuration.maxBodyBytes
    let timeout = request.timeout
    do {
      return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
        group.addTask {
          let response = try await client.execute(outgoing, deadline: .now() + TimeAmount(timeout))
          if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
            throw TransportError.bodyTooLarge(limit: limit)
          }
          let body = try await response.body.collect(upTo: limit)
          return HTTPResponse(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: Data(body.readableBytesView)
          )
        }
        // The AsyncHTTPClient deadline covers the head; this covers a body that trickles in.
        group.addTask {
          try await Task.sleep(for: timeout)
          throw TransportError.timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TransportError.cancelled }
        return first
      }
    } catch {
      throw Self.map(error, host: host, limit: limit)
    }
  }

  static func makeClientRequest(_ request: HTTPRequest) -> HTTPClientRequest {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = HTTPMethod(rawValue: request.method)
    for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
    if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
    return outgoing
  }

  /// Checks the extra CA file up front: present, readable and holding at least one PEM certificate.
  static func validateCAFile(_ path: String) throws {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw TransportSetupError(message: "The CA file \(path) does not exist or cannot be read.")
    }
    do {
      let certificates = try NIOSSLCertificate.fromPEMFile(path)
      if certificates.isEmpty { throw TransportSetupError(message: "The CA file \(path) holds no certificate.") }
    } catch let error as TransportSetupError {
      throw error
    } catch {
      throw TransportSetupError(message: "The CA file \(path) is not a PEM certificate file.")
    }
  }
}

/// The transport could not be set up (for example, an unusable CA file); the message says why.
public struct TransportSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}

extension TimeAmount {
  /// Converts a Swift `Duration` to NIO's nanosecond amount.
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
