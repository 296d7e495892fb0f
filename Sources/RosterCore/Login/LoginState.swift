import Foundation

/// The login screen: which flow runs and where it stands, driven by `SignInEvent`s.
public struct LoginState: Equatable, Sendable {
  /// The interactive flow to start (device code by default over SSH; browser when asked).
  public var method: SignInMethod
  /// Where the sign-in stands.
  public var phase: LoginPhase
  /// The browser flow's paste field (a redirect URL holds an authorization code, so it is kept
  /// as a `Secret`; the view-controller reads `exposedValue` to edit and shows it masked).
  public var redirectField: Secret
  /// Why a pasted redirect URL was refused, or nil.
  public var redirectError: CleanText?
  /// A pasted redirect URL is being checked.
  public var isSubmittingRedirect: Bool
  /// Why the person is back at the login screen ("Your session expired…"), or nil on first run.
  public var reason: CleanText?

  public init(method: SignInMethod = .deviceCode) {
    self.method = method
    self.phase = .idle
    self.redirectField = Secret("")
    self.redirectError = nil
    self.isSubmittingRedirect = false
    self.reason = nil
  }
}

/// Where an interactive sign-in stands.
public enum LoginPhase: Equatable, Sendable {
  /// Nothing started yet (press Enter / r to sign in).
  case idle
  /// Checking the token cache for a session that needs no interaction.
  case restoring
  /// A sign-in was started; waiting for the first event (discovery, device code request).
  case starting
  /// A device code is shown; polling for the person to enter it. `slowDown` after the server
  /// asked to poll less often.
  case deviceCode(DeviceCodePrompt, slowDown: Bool)
  /// The browser flow waits for the redirect: open `url`, or paste the redirect URL.
  case browser(url: CleanText, listeningOn: CleanText?)
  /// Ended without a token; `SignInFailure.canRetry` says whether trying again may help.
  case failed(SignInFailure)
}

extension LoginState {
  /// The device-code prompt on screen, if any.
  public var deviceCode: DeviceCodePrompt? {
    if case .deviceCode(let prompt, _) = phase { return prompt }
    return nil
  }

  /// Whether `r` (new code / try again) does something now.
  public var canRequestNewCode: Bool {
    switch phase {
    case .idle, .deviceCode, .browser: return true
    case .failed(let failure): return failure.canRetry
    case .restoring, .starting: return false
    }
  }

  /// Whether a sign-in is under way that needs no one (the demo's device code approves itself):
  /// starting, restoring or showing a code, not failed or waiting for a choice.
  public var signsInByItself: Bool {
    switch phase {
    case .restoring, .starting, .deviceCode: return method == .deviceCode
    case .idle, .browser, .failed: return false
    }
  }

  /// Whole seconds until the shown device code expires at `now` (0 once expired), or nil.
  public func secondsUntilCodeExpires(now: Date) -> Int? {
    guard let prompt = deviceCode else { return nil }
    return Countdown.secondsLeft(until: prompt.expiresAt, now: now)
  }
}
