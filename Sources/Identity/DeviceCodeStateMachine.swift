import Foundation
import RosterCore

/// The device authorization grant's polling (RFC 8628 §3.4-3.5) as a pure state machine: each
/// event returns the one thing to do next, so every step is tested with a manual scheduler and
/// no real waiting (Hummingbird's state machine style).
///
/// ```
/// idle ──issued──► waiting ──timerFired──► polling ──pending/slowDown──► waiting
///                     │                       ├── tokens ──► finished(signedIn)
///                     └── deadline passed ────┴── declined/expired/bad code/failure ──► finished(failed)
/// any ──cancel──► finished(cancelled)
/// ```
public struct DeviceCodeStateMachine: Sendable {
  /// What a poll of the token endpoint came to.
  public enum PollOutcome: Sendable, Equatable {
    case pending
    case slowDown
    case tokens
    /// Stops polling: declined, expired, bad code, or any other error.
    case rejected(SignInFailure)
    /// No usable answer (5xx, reset); polling goes on a few times before giving up.
    case transientFailure(SignInFailure)
  }

  public enum Event: Sendable, Equatable {
    /// The device code was issued; polling starts.
    case issued(interval: Int, expiresIn: Int, now: ContinuousClock.Instant)
    case timerFired(now: ContinuousClock.Instant)
    case pollCompleted(PollOutcome, now: ContinuousClock.Instant)
    case cancelled
  }

  public enum Action: Sendable, Equatable {
    /// Arm the timer; `slowDown` tells the person the server asked for slower polling.
    case schedulePoll(after: Duration, slowDown: Bool)
    /// Send one poll now.
    case sendPoll
    /// Signed in: store the tokens the last poll returned.
    case finishSignedIn
    case finishFailed(SignInFailure)
    /// Stop: cancel the timer and any poll in flight.
    case finishCancelled
    /// Nothing to do (a late timer or answer after the end).
    case none
  }

  enum State: Sendable, Equatable {
    case idle
    case waiting(deadline: ContinuousClock.Instant, interval: Int, failures: Int)
    case polling(deadline: ContinuousClock.Instant, interval: Int, failures: Int)
    case finished
  }

  /// Consecutive transient failures tolerated before giving up.
  public static let maxTransientFailures = 3
  /// RFC 8628 §3.5: each `slow_down` adds five seconds.
  public static let slowDownIncrement = 5

  private(set) var state: State = .idle

  public init() {}

  public var isFinished: Bool { state == .finished }

  /// The polling interval now in force, in seconds (after any `slow_down`).
  public var interval: Int? {
    switch state {
    case .waiting(_, let interval, _), .polling(_, let interval, _): return interval
    case .idle, .finished: return nil
    }
  }

  public mutating func receive(_ event: Event) -> Action {
    switch (state, event) {
    case (.finished, _):
      return .none
    case (_, .cancelled):
      state = .finished
      return .finishCancelled
    case (.idle, .issued(let interval, let expiresIn, let now)):
      // The first poll waits the server's interval, even none (a sandbox that approves at once is
      // answered at once); later polls are a second apart at least, whatever the server says.
      let deadline = now + .seconds(expiresIn)
      state = .waiting(deadline: deadline, interval: max(1, interval), failures: 0)
      return schedule(interval: max(0, interval), deadline: deadline, now: now, slowDown: false)
    case (.waiting(let deadline, let interval, let failures), .timerFired(let now)):
      if now >= deadline { return expire() }
      state = .polling(deadline: deadline, interval: interval, failures: failures)
      return .sendPoll
    case (.polling(let deadline, let interval, let failures), .pollCompleted(let outcome, let now)):
      return afterPoll(outcome, deadline: deadline, interval: interval, failures: failures, now: now)
    default:
      // A timer that fired while a poll was in flight, or a second `issued`: ignore.
      return .none
    }
  }

  private mutating func afterPoll(
    _ outcome: PollOutcome, deadline: ContinuousClock.Instant, interval: Int, failures: Int,
    now: ContinuousClock.Instant
  ) -> Action {
    switch outcome {
    case .tokens:
      state = .finished
      return .finishSignedIn
    case .rejected(let failure):
      state = .finished
      return .finishFailed(failure)
    case .pending:
      state = .waiting(deadline: deadline, interval: interval, failures: 0)
      return schedule(interval: interval, deadline: deadline, now: now, slowDown: false)
    case .slowDown:
      let slower = interval + Self.slowDownIncrement
      state = .waiting(deadline: deadline, interval: slower, failures: 0)
      return schedule(interval: slower, deadline: deadline, now: now, slowDown: true)
    case .transientFailure(let failure):
      if failures + 1 >= Self.maxTransientFailures {
        state = .finished
        return .finishFailed(failure)
      }
      state = .waiting(deadline: deadline, interval: interval, failures: failures + 1)
      return schedule(interval: interval, deadline: deadline, now: now, slowDown: false)
    }
  }

  /// The next poll after `interval`, but no later than the deadline, so expiry is reported on time.
  private mutating func schedule(
    interval: Int, deadline: ContinuousClock.Instant, now: ContinuousClock.Instant, slowDown: Bool
  ) -> Action {
    let remaining = now.duration(to: deadline)
    if remaining <= .zero { return expire() }
    return .schedulePoll(after: min(.seconds(interval), remaining), slowDown: slowDown)
  }

  private mutating func expire() -> Action {
    state = .finished
    return .finishFailed(
      SignInFailure(
        message: "The code expired before sign-in finished; start again for a new code.",
        error: "expired_token"))
  }
}
