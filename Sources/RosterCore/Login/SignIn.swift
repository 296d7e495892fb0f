import Foundation

/// Which interactive sign-in to run.
public enum SignInMethod: String, Sendable, Equatable, Codable {
  case deviceCode = "device-code"
  case browser
}

/// What the person must do to finish a device-code sign-in (RFC 8628), as the server said it.
public struct DeviceCodePrompt: Sendable, Equatable {
  /// Server text, cleaned where the device-code answer is decoded.
  public var userCode: CleanText
  public var verificationURI: CleanText
  /// The server's own instructions, shown as-is (clean) because it may be localised.
  public var message: CleanText?
  public var expiresAt: Date
  /// Seconds between polls, after any `slow_down`.
  public var interval: Int

  public init(
    userCode: CleanText, verificationURI: CleanText, message: CleanText?, expiresAt: Date, interval: Int
  ) {
    self.userCode = userCode
    self.verificationURI = verificationURI
    self.message = message
    self.expiresAt = expiresAt
    self.interval = interval
  }
}

/// Where an interactive sign-in stands; the login screen shows each step.
public enum SignInEvent: Sendable, Equatable {
  /// A device code was issued: show it.
  case deviceCodeIssued(DeviceCodePrompt)
  /// Polling goes on; `slowDown` is true after the server asked to slow down.
  case waitingForUser(slowDown: Bool)
  /// The browser flow is waiting: open `url`; a redirect URL may also be pasted.
  case browserOpened(url: CleanText, listeningOn: CleanText?)
  /// Done: tokens are cached (or held in memory) and Graph calls may start.
  case signedIn(Account)
  /// Ended without a token; the failure says why in plain language.
  case failed(SignInFailure)
}

/// Why a sign-in or a silent refresh failed, in words a person can act on.
public struct SignInFailure: Error, Sendable, Equatable {
  /// What went wrong and what to do, in one line (never a token). Clean: it often quotes the
  /// identity platform's own description.
  public var message: CleanText
  /// The identity platform's code (`AADSTS50076`, `AADB2C90080`) when there was one.
  public var code: CleanText?
  /// The server's `error` field (`invalid_grant`, `expired_token`, ...).
  public var error: String?
  public var traceId: CleanText?
  /// Whether starting sign-in again may help (an expired code: yes; app not found: no).
  public var canRetry: Bool

  public init(
    message: CleanText, code: CleanText? = nil, error: String? = nil, traceId: CleanText? = nil,
    canRetry: Bool = true
  ) {
    self.message = message
    self.code = code
    self.error = error
    self.traceId = traceId
    self.canRetry = canRetry
  }
}

extension SignInFailure {
  /// The login screen's line when a session ends: the failure, then what is kept. Most of the
  /// identity platform's explanations already end in "sign in again", so the advice is given
  /// once ("…; sign in again. Your search is kept."), never twice in a row.
  public func sessionEndedReason(keeping kept: String) -> String {
    var text = message.string.trimmingCharacters(in: .whitespaces)
    if let last = text.last, !".!?".contains(last) { text += "." }
    guard text.lowercased().contains("sign in again") else {
      return "Your session ended: \(text) Sign in again; \(kept)."
    }
    return "Your session ended: \(text) \(kept.prefix(1).uppercased() + kept.dropFirst())."
  }
}

/// Thrown by an `AccessTokenProvider` when no token can be had without the person signing in
/// again (refresh token expired or revoked, no account cached). The UI returns to the login
/// screen, keeping the search text.
public struct SignInRequired: Error, Sendable, Equatable {
  public var failure: SignInFailure
  public init(_ failure: SignInFailure) { self.failure = failure }
}

/// Gives Graph calls a bearer token, refreshing silently a few minutes before expiry.
public protocol AccessTokenProvider: Sendable {
  /// A usable access token; `forceRefresh` after a 401 gets a new one even if the old looks valid.
  /// Throws `SignInRequired` when only interactive sign-in can help.
  func accessToken(forceRefresh: Bool) async throws -> Secret
}

/// Sign-in as the app's runtime uses it: a struct of closures (TCA's client style), `live` in
/// Identity, fakes in tests.
public struct AuthClient: Sendable {
  /// The cached account, if a silent token can be had for it; nil means show the login screen.
  public var restoreSession: @Sendable () async -> Account?
  /// Starts an interactive sign-in; `events` is called (on any thread) until `.signedIn` or
  /// `.failed`. Cancelling the handle stops polling or closes the loopback listener.
  public var signIn:
    @Sendable (_ method: SignInMethod, _ events: @escaping @Sendable (SignInEvent) -> Void) -> any Cancellable
  /// Hands a redirect URL pasted by the person (browser on another machine) to a browser sign-in
  /// in progress; false when it is not a valid redirect for it.
  public var submitRedirectURL: @Sendable (_ url: String) async -> Bool
  /// Forgets the active account's tokens.
  public var signOut: @Sendable () async -> Void
  /// Bearer tokens for Graph.
  public var tokens: any AccessTokenProvider

  public init(
    restoreSession: @escaping @Sendable () async -> Account?,
    signIn: @escaping @Sendable (SignInMethod, @escaping @Sendable (SignInEvent) -> Void) -> any Cancellable,
    submitRedirectURL: @escaping @Sendable (String) async -> Bool,
    signOut: @escaping @Sendable () async -> Void,
    tokens: any AccessTokenProvider
  ) {
    self.restoreSession = restoreSession
    self.signIn = signIn
    self.submitRedirectURL = submitRedirectURL
    self.signOut = signOut
    self.tokens = tokens
  }
}
