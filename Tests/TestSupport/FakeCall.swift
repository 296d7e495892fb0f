import Foundation
import RosterCore

/// One call a fake client received: the test answers it later (in any order), or the caller
/// cancels it. The caller's Task is parked on a continuation until then.
public final class FakeCall<Request: Sendable, Response: Sendable>: @unchecked Sendable {
  private enum State {
    case arriving
    case parked(CheckedContinuation<Response, Never>)
    case done
  }

  public let request: Request
  private let lock = NSLock()
  private var state = State.arriving
  private var cancelled = false
  private var earlyResponse: Response?
  private let cancelledResponse: Response
  private let activity: TestActivity
  /// The client's `onRetry`, when the call has one.
  let onRetry: (@Sendable (RetryNotice) -> Void)?

  init(
    request: Request, cancelledResponse: Response, activity: TestActivity,
    onRetry: (@Sendable (RetryNotice) -> Void)? = nil
  ) {
    self.request = request
    self.cancelledResponse = cancelledResponse
    self.activity = activity
    self.onRetry = onRetry
  }

  /// Whether the caller cancelled the call (the Task was cancelled) before it was answered.
  public var wasCancelled: Bool { lock.withLock { cancelled } }

  /// Whether the caller is still waiting for an answer.
  public var isPending: Bool {
    lock.withLock {
      if case .parked = state { return true }
      return false
    }
  }

  /// Whether the call has been answered or cancelled.
  public var isDone: Bool {
    lock.withLock {
      if case .done = state { return true }
      return false
    }
  }

  /// Answers the call with `response`.
  public func respond(_ response: Response) {
    resume(with: response, cancelling: false)
  }

  /// Tells the caller the client waits before retrying (as a throttled client would).
  public func announceRetry(_ notice: RetryNotice) {
    onRetry?(notice)
  }

  /// Parks the calling Task until `respond` or cancellation.
  func wait() async -> Response {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Response, Never>) in
        let immediate = lock.withLock { () -> Response? in
          if let early = earlyResponse {
            state = .done
            return early
          }
          state = .parked(continuation)
          return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
        activity.poke()
      }
    } onCancel: {
      resume(with: cancelledResponse, cancelling: true)
    }
  }

  private func resume(with response: Response, cancelling: Bool) {
    let continuation = lock.withLock { () -> CheckedContinuation<Response, Never>? in
      switch state {
      case .done:
        return nil
      case .arriving:
        if earlyResponse == nil {
          earlyResponse = response
          if cancelling { cancelled = true }
        }
        return nil
      case .parked(let continuation):
        state = .done
        if cancelling { cancelled = true }
        return continuation
      }
    }
    continuation?.resume(returning: response)
    activity.poke()
  }
}
