import Foundation

/// How many times and how long the Graph client waits before trying a failed request again.
///
/// Why bounded: an as-you-type client that retries forever keeps a stale request alive and piles
/// onto a throttled tenant (peers.md §4.6). Throttling waits come from `Retry-After`; other
/// transient failures back off exponentially, capped, with jitter so many clients do not retry in
/// step.
public struct RetryPolicy: Sendable {
  /// Retries after the first attempt (so at most `maxRetries + 1` requests).
  public var maxRetries: Int
  /// The first backoff wait; doubled each retry up to `maxBackoff`.
  public var baseBackoff: Duration
  public var maxBackoff: Duration
  /// A `Retry-After` longer than this is not waited out: the call fails as throttled at once,
  /// so the UI can say so instead of hanging.
  public var maxRetryAfter: Duration
  /// Picks a number in `0..<1`; replaced in tests so backoff waits are exact.
  public var random: @Sendable () -> Double
  /// The current time, for `Retry-After` given as an HTTP-date.
  public var now: @Sendable () -> Date

  public init(
    maxRetries: Int = 3, baseBackoff: Duration = .milliseconds(500), maxBackoff: Duration = .seconds(8),
    maxRetryAfter: Duration = .seconds(120), random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.maxRetries = maxRetries
    self.baseBackoff = baseBackoff
    self.maxBackoff = maxBackoff
    self.maxRetryAfter = maxRetryAfter
    self.random = random
    self.now = now
  }

  public static let standard = RetryPolicy()

  /// The wait before retry number `attempt` (1-based) of a failure without `Retry-After`:
  /// "equal jitter" — half the capped exponential step, plus a random part of the other half.
  public func backoff(attempt: Int) -> Duration {
    let exponent = min(max(attempt - 1, 0), 30)
    let step = min(baseBackoff * (1 << exponent), maxBackoff)
    let half = step / 2
    let jitter = min(max(random(), 0), 1)
    return half + half * jitter
  }

  /// Reads `Retry-After`: delay-seconds (Graph sometimes sends fractions, `2.128`) or an
  /// HTTP-date. nil when absent or unreadable; never negative.
  public func retryAfter(_ header: String?) -> Duration? {
    guard let raw = header?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
    if let seconds = Double(raw), seconds.isFinite {
      // Clamped before the conversion: `Retry-After: 1e300` must not trap.
      return .milliseconds(Int64((min(max(seconds, 0), Self.longestRetryAfter) * 1000).rounded(.up)))
    }
    guard let date = Self.parseHTTPDate(raw) else { return nil }
    let seconds = min(max(date.timeIntervalSince(now()), 0), Self.longestRetryAfter)
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  /// Longest `Retry-After` read, in seconds (a year); anything longer is as good as never.
  static let longestRetryAfter: Double = 365 * 86_400

  /// RFC 9110 IMF-fixdate, plus the obsolete RFC 850 and asctime forms servers may still send.
  static func parseHTTPDate(_ text: String) -> Date? {
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
