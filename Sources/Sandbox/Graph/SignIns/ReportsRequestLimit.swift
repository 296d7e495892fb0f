import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Microsoft Graph's "Identity and access reports service limits" (learn.microsoft.com/graph/throttling-limits):
/// "Five requests per 10 seconds" per app per tenant for `auditLogRoot` — `/auditLogs/signIns` —
/// on top of the identity service's resource units. One window per app, opened by its first
/// request, on the sandbox's clock; a request over the limit is answered 429 with `Retry-After`
/// (the seconds to the window's end) and counts nothing.
final class ReportsRequestLimit: Sendable {
  static let window: TimeInterval = 10

  private struct Window {
    var start: Date
    var count = 0
  }

  private let windows = Mutex<[String: Window]>([:])

  /// nil when served; else the seconds to the window's end (at least 1).
  func admit(app: String, limit: Int, now: Date) -> Int? {
    windows.withLock { windows in
      var window = windows[app] ?? Window(start: now)
      let elapsed = now.timeIntervalSince(window.start)
      if elapsed >= Self.window || elapsed < 0 { window = Window(start: now) }
      defer { windows[app] = window }
      guard window.count < limit else { return max(1, Int((Self.window - elapsed).rounded(.up))) }
      window.count += 1
      return nil
    }
  }

  /// Forgets every window (`DELETE /_sandbox/stats`).
  func reset() { windows.withLock { $0.removeAll() } }
}

extension GraphEndpoints {
  /// The reports limit's 429 for this request, or nil when it is served (or the limit is off).
  func reportsThrottle(_ request: IncomingRequest, caller: GraphCaller) -> Response? {
    let limits = tenant.configuration.limits
    guard limits.throttles, let limit = limits.reportsRequestsPerWindow,
      let retryAfter = tenant.reportsLimit.admit(app: caller.clientId, limit: limit, now: tenant.now)
    else { return nil }
    tenant.stats.record { $0.throttled += 1 }
    var headers = HTTPFields()
    headers[.retryAfter] = String(retryAfter)
    return GraphError.forStatus(429).response(request: request, now: tenant.now, extraHeaders: headers)
  }
}
