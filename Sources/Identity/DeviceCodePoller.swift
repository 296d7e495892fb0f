import AppRuntime
import Foundation
import RosterCore
import Transport

/// Runs `DeviceCodeStateMachine` for real: arms timers on the injected scheduler, sends polls,
/// and feeds each answer back in. All decisions are the machine's; this type only performs them.
final class DeviceCodePoller: Cancellable, @unchecked Sendable {
  // @unchecked: mutable state lives in `shared`, behind a lock.
  private struct Shared {
    var machine = DeviceCodeStateMachine()
    var timer: (any Cancellable)?
    var poll: Task<Void, Never>?
    var tokens: TokenResponse?
  }

  private let client: TokenEndpointClient
  private let tokenEndpoint: URL
  private let deviceCode: Secret
  private let scheduler: any Scheduler
  private let shared = LockedValue(Shared())
  private let onWaiting: @Sendable (_ slowDown: Bool) -> Void
  /// Called once: tokens, a failure, or nil when cancelled.
  private let onFinish: @Sendable (Result<TokenResponse, SignInFailure>?) -> Void

  init(
    client: TokenEndpointClient, tokenEndpoint: URL, authorization: DeviceAuthorization, scheduler: any Scheduler,
    onWaiting: @escaping @Sendable (Bool) -> Void,
    onFinish: @escaping @Sendable (Result<TokenResponse, SignInFailure>?) -> Void
  ) {
    self.client = client
    self.tokenEndpoint = tokenEndpoint
    self.deviceCode = authorization.deviceCode
    self.scheduler = scheduler
    self.onWaiting = onWaiting
    self.onFinish = onFinish
  }

  /// Starts polling at the server's interval until the code's lifetime runs out.
  func start(interval: Int, expiresIn: Int) {
    handle(.issued(interval: interval, expiresIn: expiresIn, now: scheduler.now))
  }

  func cancel() { handle(.cancelled) }

  private func handle(_ event: DeviceCodeStateMachine.Event) {
    let (action, tokens) = shared.withLock { shared -> (DeviceCodeStateMachine.Action, TokenResponse?) in
      (shared.machine.receive(event), shared.tokens)
    }
    perform(action, tokens: tokens)
  }

  private func perform(_ action: DeviceCodeStateMachine.Action, tokens: TokenResponse?) {
    switch action {
    case .none:
      return
    case .schedulePoll(let delay, let slowDown):
      let timer = scheduler.schedule(after: delay) { [weak self] in
        guard let self else { return }
        self.handle(.timerFired(now: self.scheduler.now))
      }
      shared.withLock { $0.timer = timer }
      onWaiting(slowDown)
    case .sendPoll:
      let task = Task { [client, tokenEndpoint, deviceCode] in
        let exchange = await client.pollDeviceCode(tokenEndpoint: tokenEndpoint, deviceCode: deviceCode)
        if Task.isCancelled { return }
        let outcome = Self.outcome(of: exchange)
        if case .tokens(let response) = exchange { self.shared.withLock { $0.tokens = response } }
        self.handle(.pollCompleted(outcome, now: self.scheduler.now))
      }
      shared.withLock { $0.poll = task }
    case .finishSignedIn:
      stopWork()
      if let tokens {
        onFinish(.success(tokens))
      } else {
        onFinish(.failure(SignInFailure(message: "Sign-in finished without tokens.", error: "invalid_response")))
      }
    case .finishFailed(let failure):
      stopWork()
      onFinish(.failure(failure))
    case .finishCancelled:
      stopWork()
      onFinish(nil)
    }
  }

  private func stopWork() {
    let (timer, poll) = shared.withLock { shared in
      defer {
        shared.timer = nil
        shared.poll = nil
      }
      return (shared.timer, shared.poll)
    }
    timer?.cancel()
    poll?.cancel()
  }

  /// Sorts a poll's answer into what the machine needs to know.
  static func outcome(of exchange: TokenExchange) -> DeviceCodeStateMachine.PollOutcome {
    switch exchange {
    case .tokens: return .tokens
    case .rejected(let body):
      switch body.error {
      case "authorization_pending": return .pending
      case "slow_down": return .slowDown
      case "temporarily_unavailable": return .transientFailure(ErrorExplainer.failure(for: body))
      default: return .rejected(ErrorExplainer.failure(for: body))
      }
    case .failed(let failure, let transient, _, _, _):
      return transient ? .transientFailure(failure) : .rejected(failure)
    }
  }
}
