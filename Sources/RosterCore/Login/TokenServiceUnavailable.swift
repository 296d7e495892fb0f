import Foundation

/// Thrown by an `AccessTokenProvider` when the sign-in service could not give a token just now
/// (a 5xx, a 429, `temporarily_unavailable`, an answer that is not JSON) but the session is
/// intact: the caller retries with back-off and tells the person it is temporary. Only an OAuth
/// error such as `invalid_grant` ends a session (`SignInRequired`); see docs/decisions/sign-in.md#sign-in--identity.
public struct TokenServiceUnavailable: Error, Sendable, Equatable {
  /// What went wrong, in one line a person can read (never a token).
  public var failure: SignInFailure
  /// The service's `Retry-After` header as sent, for the caller's own parser.
  public var retryAfter: String?
  /// True for HTTP 429: the service asked us to slow down.
  public var throttled: Bool

  public init(failure: SignInFailure, retryAfter: String? = nil, throttled: Bool = false) {
    self.failure = failure
    self.retryAfter = retryAfter
    self.throttled = throttled
  }

  /// The line shown while it lasts: temporary, and the session kept.
  public var message: CleanText {
    "The sign-in service is having trouble (\(failure.message)); you are still signed in, and Roster tries again."
  }
}
