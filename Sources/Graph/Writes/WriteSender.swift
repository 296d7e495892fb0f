import Diagnostics
import Foundation
import RosterCore
import Transport

/// Sends one write. Unlike reads (`GraphRequestExecutor`), a write is not retried after a 5xx or a
/// lost connection: Graph may have done it, and resending a TAP or an invitation does it twice. It
/// is retried only where Graph says it did nothing: a 429 (throttled, `Retry-After` waited out
/// once) and a 401 (one forced token refresh). Every answer keeps Graph's `request-id`.
struct WriteSender: Sendable {
  let configuration: GraphConfiguration
  let tokens: any AccessTokenProvider
  let transport: any HTTPTransport
  let sleep: @Sendable (Duration) async throws -> Void

  func send(_ write: WriteRequest, permission: String) async -> WriteResponse {
    guard let url = URL(string: configuration.root + write.path) else {
      return Self.failed(.malformedResponse("Could not build a Graph URL from \(configuration.root)."))
    }
    var forceRefresh = false
    var refreshed = false
    var throttledOnce = false
    while true {
      let token: Secret
      do {
        token = try await tokens.accessToken(forceRefresh: forceRefresh)
      } catch {
        return Self.failed(GraphFailure.error(forTokenFailure: error))
      }
      var headers: [(name: String, value: String)] = [
        ("Authorization", "Bearer " + token.exposedValue), ("Accept", "application/json"),
        ("client-request-id", UUID().uuidString.lowercased()),
      ]
      if write.body != nil { headers.append(("Content-Type", "application/json")) }
      let request = HTTPRequest(
        method: write.method, url: url, headers: headers, body: write.body, timeout: configuration.requestTimeout)
      let response: HTTPResponse
      do {
        response = try await transport.send(request)
      } catch let error as TransportError {
        return Self.failed(GraphFailure.error(for: error))
      } catch {
        return Self.failed(Task.isCancelled ? .cancelled : .offline("Could not reach Microsoft Graph: \(error)"))
      }
      let requestId = response.header("request-id") ?? GraphErrorBody(data: response.body).requestId
      DiagnosticLog.logger("roster.graph").info(
        "write",
        metadata: ["method": "\(write.method)", "status": "\(response.status)", "request_id": "\(requestId ?? "")"])
      if response.status == 401 && !refreshed {
        refreshed = true
        forceRefresh = true
        continue
      }
      if response.status == 429 && !throttledOnce,
        let wait = configuration.retry.retryAfter(response.header("Retry-After")) ?? Optional(.seconds(1)),
        wait <= configuration.retry.maxRetryAfter
      {
        throttledOnce = true
        do { try await sleep(wait) } catch { return Self.failed(.cancelled) }
        continue
      }
      guard (200..<300).contains(response.status) else {
        let body = GraphErrorBody(data: response.body)
        let failure = WriteFailure(
          status: response.status, code: body.code, message: CleanText(body.text(status: response.status)).string,
          error: GraphFailure.error(for: response, permission: permission))
        return WriteResponse(status: response.status, requestId: requestId, body: Data(), failure: failure)
      }
      return WriteResponse(status: response.status, requestId: requestId, body: response.body, failure: nil)
    }
  }

  static func failed(_ error: DirectoryError) -> WriteResponse {
    WriteResponse(
      status: 0, requestId: nil, body: Data(),
      failure: WriteFailure(status: 0, code: nil, message: "\(error)", error: error))
  }
}
