import Diagnostics
import Foundation

/// One log line per HTTP exchange: method, host and path, status, duration, and the ids a
/// support case needs (`request-id` / `x-ms-request-id` from the service, our `client-request-id`).
///
/// Successful calls and a photo's 404 are `info`; failures (4xx, 5xx, no response) are `warning`, so the default
/// log level already keeps the call that went wrong. Query values and bodies only at `debug`,
/// redacted (`LogRedaction`); headers are never logged whole, so `Authorization` never is.
enum HTTPExchangeLog {
  static func finished(_ request: HTTPRequest, response: HTTPResponse, after duration: Duration) {
    let log = DiagnosticLog.logger("roster.http")
    let level: Logger.Level = response.status >= 400 && !isExpectedAbsence(request, response) ? .warning : .info
    guard log.logLevel <= level else { return }
    var metadata = base(request, duration: duration, log: log)
    metadata["status"] = "\(response.status)"
    if let id = response.header("request-id") ?? response.header("x-ms-request-id") { metadata["request_id"] = "\(id)" }
    if let retryAfter = response.header("Retry-After") { metadata["retry_after"] = "\(retryAfter)" }
    if response.status == 429 { metadata["throttled"] = "true" }
    if log.logLevel <= .debug,
      let body = LogRedaction.body(response.body, contentType: response.header("Content-Type"))
    {
      metadata["response_body"] = "\(body)"
    }
    log.log(level: level, "HTTP \(request.method)", metadata: metadata)
  }

  /// A 404 for a photo is the usual answer for a person without one (most people, in many
  /// tenants): an `info` line, not a `warning` per person scrolled past in the default log.
  static func isExpectedAbsence(_ request: HTTPRequest, _ response: HTTPResponse) -> Bool {
    guard response.status == 404 else { return false }
    let path = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
    return path.hasSuffix("/$value") && (path.contains("/photo/") || path.contains("/photos/"))
  }

  static func failed(_ request: HTTPRequest, error: any Error, after duration: Duration) {
    let log = DiagnosticLog.logger("roster.http")
    let cancelled = (error as? TransportError) == .cancelled || error is CancellationError
    let level: Logger.Level = cancelled ? .debug : .warning
    guard log.logLevel <= level else { return }
    var metadata = base(request, duration: duration, log: log)
    metadata["error"] = "\(LogRedaction.scrubJWTs(String(describing: error)))"
    log.log(level: level, "HTTP \(request.method) failed", metadata: metadata)
  }

  private static func base(_ request: HTTPRequest, duration: Duration, log: Logger) -> Logger.Metadata {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    var metadata: Logger.Metadata = [
      "host": "\(components?.host ?? "")",
      "path": "\(components?.percentEncodedPath ?? "")",
      "ms": "\(milliseconds(duration))",
      "client_request_id": "\(request.header("client-request-id") ?? "")",
    ]
    if log.logLevel <= .debug {
      if let query = components?.percentEncodedQuery, !query.isEmpty {
        metadata["query"] = "\(LogRedaction.form(query))"
      }
      if let body = LogRedaction.body(request.body, contentType: request.header("Content-Type")) {
        metadata["request_body"] = "\(body)"
      }
    }
    return metadata
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
