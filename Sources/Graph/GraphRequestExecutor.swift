import Diagnostics
import Foundation
import RosterCore
import Transport

/// Sends one Graph request with a bearer token, retrying what is worth retrying, and returns the
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
  /// Without `retrying`, a throttle or a transient failure ends the call at once (the 401 refresh
  /// still happens: it is not a retry of the same request's luck).
  func get(
    _ url: URL, headers: [(name: String, value: String)] = [], accept: String = "application/json",
    permission: String,
    retrying: Bool = true, priority: ThrottlePriority = .high, onRetry: @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> HTTPResponse {
    try await send(
      "GET", url, headers: headers, accept: accept, permission: permission, retrying: retrying, priority: priority,
      onRetry: onRetry)
  }

  /// Sends `method` to `url` with a JSON `body` (GET when nil), with the same retry rules as `get`.
  /// `innerStatus` lets a JSON batch surface the status of a request inside it: when it returns
  /// a throttled or failed inner response, that one decides whether the whole batch is retried.
  func send(
    _ method: String, _ url: URL, body: Data? = nil, headers: [(name: String, value: String)] = [],
    accept: String = "application/json",
    permission: String, retrying: Bool = true, priority: ThrottlePriority = .high,
    innerStatus: @Sendable (HTTPResponse) -> HTTPResponse? = { _ in nil },
    onRetry: @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> HTTPResponse {
    if isPersonalAccount { throw .personalAccount }
    /// Every wait goes to the log too: throttling and retries are what a support case asks about.
    func announce(_ notice: RetryNotice) {
      DiagnosticLog.logger("roster.graph").warning(
        "retrying",
        metadata: [
          "method": "\(method)", "path": "\(url.path)", "reason": "\(notice.reason)", "attempt": "\(notice.attempt)",
          "wait_ms":
            "\(notice.wait.components.seconds * 1000 + notice.wait.components.attoseconds / 1_000_000_000_000_000)",
        ])
      onRetry(notice)
    }
    let policy = configuration.retry
    var retries = 0
    var refreshedAfter401 = false
    var forceRefresh = false
    while true {
      if Task.isCancelled { throw .cancelled }
      let token: Secret
      do {
        token = try await tokens.accessToken(forceRefresh: forceRefresh)
      } catch {
        switch classify(tokenFailure: error, retries: retries) {
        case .retry(let reason, let wait, let finalError):
          guard retrying, retries < policy.maxRetries else { throw finalError }
          retries += 1
          announce(RetryNotice(reason: reason, wait: wait, attempt: retries))
          do { try await sleep(wait) } catch { throw .cancelled }
          continue
        case .fail(let error): throw error
        case .success, .refreshToken: throw .cancelled  // not produced for a token failure
        }
      }
      forceRefresh = false
      var fields: [(name: String, value: String)] = [
        ("Authorization", "Bearer " + token.exposedValue), ("Accept", accept),
        // Graph echoes it in responses and logs; it ties a failure report to the service's trace.
        ("client-request-id", UUID().uuidString.lowercased()),
      ]
      if let value = priority.headerValue { fields.append(("x-ms-throttle-priority", value)) }
      if body != nil { fields.append(("Content-Type", "application/json")) }
      let request = HTTPRequest(
        method: method, url: url, headers: fields + headers, body: body, timeout: configuration.requestTimeout)
      let outcome: Outcome
      do {
        let response = try await transport.send(request)
        let inner = (200..<300).contains(response.status) ? innerStatus(response) : nil
        switch classify(inner ?? response, retries: retries, refreshed: refreshedAfter401, permission: permission) {
        case .success: outcome = .success(response)
        case let other: outcome = other
        }
      } catch {
        outcome = classify(error, retries: retries)
      }
      switch outcome {
      case .success(let response):
        return response
      case .refreshToken:
        refreshedAfter401 = true
        forceRefresh = true
      case .fail(let error):
        throw error
      case .retry(let reason, let wait, let finalError):
        guard retrying, retries < policy.maxRetries else { throw finalError }
        retries += 1
        announce(RetryNotice(reason: reason, wait: wait, attempt: retries))
        do { try await sleep(wait) } catch { throw .cancelled }
      }
    }
  }

  /// A personal Microsoft account: no organisation directory, so no call is worth sending.
  private var isPersonalAccount: Bool {
    configuration.tenantId?.lowercased() == GraphConfiguration.personalAccountTenant
  }

  /// What to do after one attempt.
  private enum Outcome {
    case success(HTTPResponse)
    case refreshToken
    /// Retry after `wait` if the budget allows, else fail with `otherwise`.
    case retry(RetryNotice.Reason, wait: Duration, otherwise: DirectoryError)
    case fail(DirectoryError)
  }

  private func classify(_ response: HTTPResponse, retries: Int, refreshed: Bool, permission: String) -> Outcome {
    let policy = configuration.retry
    switch response.status {
    case 200..<300:
      return .success(response)
    case 401 where !refreshed:
      return .refreshToken
    case 429, 503:
      let wait = policy.retryAfter(response.header("Retry-After")) ?? policy.backoff(attempt: retries + 1)
      let otherwise: DirectoryError =
        response.status == 429
        ? .throttled(retryAfter: wait) : GraphFailure.error(for: response, permission: permission)
      if wait > policy.maxRetryAfter { return .fail(otherwise) }
      return .retry(response.status == 429 ? .throttled : .serviceUnavailable, wait: wait, otherwise: otherwise)
    case 500...599:
      return .retry(
        .transientFailure, wait: policy.backoff(attempt: retries + 1),
        otherwise: GraphFailure.error(for: response, permission: permission))
    default:
      return .fail(GraphFailure.error(for: response, permission: permission))
    }
  }

  private func classify(_ error: any Error, retries: Int) -> Outcome {
    switch error {
    case let transport as TransportError:
      guard GraphFailure.isTransient(transport), !Task.isCancelled else {
        return .fail(Task.isCancelled ? .cancelled : GraphFailure.error(for: transport))
      }
      return .retry(
        .transientFailure, wait: configuration.retry.backoff(attempt: retries + 1),
        otherwise: GraphFailure.error(for: transport))
    case let directory as DirectoryError:
      return .fail(directory)
    case is CancellationError:
      return .fail(.cancelled)
    default:
      return .fail(Task.isCancelled ? .cancelled : .offline("Could not reach Microsoft Graph: \(error)"))
    }
  }

  /// A token the provider could not give: the sign-in service's trouble and network failures are
  /// retried like Graph's own (`Retry-After` honoured); a session that needs signing in again
  /// is not. The session ends only through `SignInRequired`.
  private func classify(tokenFailure error: any Error, retries: Int) -> Outcome {
    let policy = configuration.retry
    switch error {
    case let trouble as TokenServiceUnavailable:
      let wait = policy.retryAfter(trouble.retryAfter) ?? policy.backoff(attempt: retries + 1)
      let otherwise = DirectoryError.offline(trouble.message.string)
      if wait > policy.maxRetryAfter { return .fail(otherwise) }
      return .retry(.signInUnavailable, wait: wait, otherwise: otherwise)
    case is TransportError:
      return classify(error, retries: retries)
    default:
      return .fail(GraphFailure.error(forTokenFailure: error))
    }
  }
}

/// `x-ms-throttle-priority` (throttling.md): Graph sheds low-priority traffic first when a tenant
/// nears its limits. Requests a person is waiting for are `high`; background refreshes (presence,
/// the connection warm-up) are `low`.
enum ThrottlePriority: Sendable {
  case low, normal, high

  /// nil for `normal`, which is what no header means.
  var headerValue: String? {
    switch self {
    case .low: return "Low"
    case .normal: return nil
    case .high: return "High"
    }
  }
}
