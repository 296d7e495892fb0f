import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix
import SandboxDirectory

/// Turns a fired terminal fault into what the client sees on the wire.
struct FaultResponder: Sendable {
  let tenant: SandboxTenant
  let context: SandboxRequestContext

  /// Thrown after the connection was deliberately broken, so Hummingbird writes nothing more.
  struct ConnectionBroken: Error {}

  func respond(
    _ fault: FaultRule, to request: IncomingRequest, isGraph: Bool, real: @Sendable () async -> Response
  ) async throws -> Response {
    switch fault.kind {
    case .status: return statusResponse(fault, request: request, isGraph: isGraph)
    case .reset:
      // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
      if let socket = context.channel as? any SocketOptionProvider {
        try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
      }
      try? await context.channel.close()
      throw ConnectionBroken()
    case .malformedJSON:
      let text =
        isGraph
        ? "{\"@odata.context\":\"\(request.base)/v1.0/$metadata#users\",\"value\":[{\"id\":\"4a1f\",\"displayName\":\"Ad"
        : "{\"token_type\":\"Bearer\",\"scope\":\"User.Re"
      let type = isGraph ? GraphEndpoints.contentType : "application/json; charset=utf-8"
      return .text(text, contentType: type)
    case .truncatedBody:
      let full = await real()
      let collector = BodyCollector()
      try await full.body.write(collector.writer)
      let bytes = collector.buffer
      let channel = context.channel
      var headers = full.headers
      headers[.contentLength] = String(bytes.readableBytes)
      let half = bytes.getSlice(at: bytes.readerIndex, length: max(1, bytes.readableBytes / 2)) ?? bytes
      return Response(
        status: full.status, headers: headers,
        body: ResponseBody(contentLength: bytes.readableBytes) { writer in
          try await writer.write(half)
          try? await channel.close()
          throw ConnectionBroken()
        })
    case .latency, .slowDown, .hold, .expireAccessTokens, .revokeRefreshTokens:
      return await real()
    }
  }

  private func statusResponse(_ fault: FaultRule, request: IncomingRequest, isGraph: Bool) -> Response {
    let status = HTTPResponse.Status(code: fault.status)
    var headers = HTTPFields()
    if let retryAfter = fault.retryAfter { headers[.retryAfter] = retryAfter }
    if isGraph {
      return GraphError.forStatus(fault.status).response(request: request, now: tenant.now, extraHeaders: headers)
    }
    var response = AADError.temporarilyUnavailable(status: status).response(now: tenant.now)
    for field in headers { response.headers.append(field) }
    return response
  }
}

/// Collects a response body so a fault can send part of it.
final class BodyCollector: @unchecked Sendable {
  var buffer = ByteBuffer()

  struct Writer: ResponseBodyWriter {
    let collector: BodyCollector
    mutating func write(_ buffer: ByteBuffer) async throws {
      var buffer = buffer
      collector.buffer.writeBuffer(&buffer)
    }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }

  var writer: Writer { Writer(collector: self) }
}
