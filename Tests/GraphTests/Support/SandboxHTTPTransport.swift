import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Transport

/// A minimal AsyncHTTPClient transport for talking to the in-process sandbox in tests.
///
/// Test-only: the app uses Transport's live implementation (deadlines, CA file, proxies); this one
/// only needs loopback HTTP with real cancellation and a deadline.
struct SandboxHTTPTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = HTTPMethod(rawValue: request.method)
    for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
    if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
    let seconds = request.timeout.components.seconds
    do {
      let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(max(seconds, 1)))
      let body = try await response.body.collect(upTo: 32 << 20)
      return HTTPResponse(
        status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
        body: Data(body.readableBytesView))
    } catch is CancellationError {
      throw TransportError.cancelled
    } catch let error as HTTPClientError where error == .deadlineExceeded {
      throw TransportError.timedOut
    } catch {
      if Task.isCancelled { throw TransportError.cancelled }
      throw TransportError.connectionFailed(String(describing: error))
    }
  }
}
