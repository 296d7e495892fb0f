import Foundation
import RosterCore
import Transport

/// Sends one Graph GET with a bearer token, retrying what is worth retrying, and returns the
/// successful response or a `DirectoryError`.
///
/// Retry rules (DESIGN.md §4): 429 and 503 wait out `Retry-After` (or back off when it is absent);
/// other 5xx and transient transport failures back off exponentially with jitter; both bounded by
/// `RetryPolicy.maxRetries`. A 401 gets one forced token refresh and one more try, outside that
/// budget. Every wait is announced through `onRetry` first and slept through the injected `sleep`,
/// so tests never wait and cancelling the task ends the wait at once.
struct GraphRequestExecutor: Sendable {
  typealias Sleep = @Sendable (Duration) async throws -> Void

  let configuration: GraphConfiguration
  let tokens: any AccessTokenProvider
  let transport: any HTTPTransport
  let sleep: Sleep

  /// GETs `url`; `permission` is the least permission the call needs, named if Graph answers 403.
  func get(
    _ url: URL, headers: [(name: String, value: String)] = [], permission: String,
    onRetry: @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> HTTPResponse {
    if let tenant = configuration.tenantId, tenant.lowercased() == GraphConfiguration.personalAccountTenant {
      throw .personalAccount
    }
    let policy = configuration.retry
    var retries = 0
    var refreshedAfter401 = false
    var forceRefresh = false
    while true {
      if Task.isCancelled { throw .cancelled }
      let token = try await accessToken(forceRefresh: forceRefresh)
      forceRefresh = false
      let request = HTTPRequest(
        method: "GET", url: url,
        headers: [("Authorization", "Bearer " + token.exposedValue), ("Accept", "application/json")] + headers,
        timeout: configuration.requestTimeout)
      let wait: Duration
      let reason: RetryNotice.Reason
      let finalError: DirectoryError
      do {
        let response = try await transport.send(request)
        switch response.status {
        case 200..<300:
          return response
        case 401 where !refreshedAfter401:
          refreshedAfter401 = true
          forceRefresh = true
          continue
        case 429, 503:
          let advised = policy.retryAfter(response.header("Retry-After"))
          reason = response.status == 429 ? .throttled : .serviceUnavailable
          wait = advised ?? policy.backoff(attempt: retries + 1)
          finalError = response.status == 429
            ? .throttled(retryAfter: wait) : GraphFailure.error(for: response, permission: permission)
          if wait > policy.maxRetryAfter { throw finalError }
        case 500...599:
          reason = .transientFailure
          wait = policy.backoff(attempt: retries + 1)
          finalError = GraphFailure.error(for: response, permission: permission)
        default:
          throw GraphFailure.error(for: response, permission: permission)
        }
      } catch let error as TransportError {
        guard GraphFailure.isTransient(error) else { throw GraphFailure.error(for: error) }
        if Task.isCancelled { throw .cancelled }
        reason = .transientFailure
        wait = policy.backoff(attempt: retries + 1)
        finalError = GraphFailure.error(for: error)
      } catch let error as DirectoryError {
        throw error
      } catch is CancellationError {
        throw .cancelled
      } catch {
        throw .offline("Could not reach Microsoft Graph: \(error)")
      }
      guard retries < policy.maxRetries else { throw finalError }
      retries += 1
      onRetry(RetryNotice(reason: reason, wait: wait, attempt: retries))
      do { try await sleep(wait) } catch { throw .cancelled }
    }
  }

  private func accessToken(forceRefresh: Bool) async throws(DirectoryError) -> Secret {
    do {
      return try await tokens.accessToken(forceRefresh: forceRefresh)
    } catch {
      throw GraphFailure.error(forTokenFailure: error)
    }
  }
}
