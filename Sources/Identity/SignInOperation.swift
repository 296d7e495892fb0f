import AppRuntime
import RosterCore

/// The handle `AuthClient.signIn` returns: cancelling stops the task, the polling timer or the
/// loopback listener, whichever is running.
final class SignInOperation: Cancellable, Sendable {
  private struct State {
    var cancelled = false
    var task: Task<Void, Never>?
    var flow: (any Cancellable)?
  }

  private let state = LockedValue(State())

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  func attach(task: Task<Void, Never>) {
    let cancelNow = state.withLock { state -> Bool in
      state.task = task
      return state.cancelled
    }
    if cancelNow { task.cancel() }
  }

  /// Registers the running flow; cancels it at once if the operation was already cancelled.
  func attach(flow: any Cancellable) {
    let cancelNow = state.withLock { state -> Bool in
      state.flow = flow
      return state.cancelled
    }
    if cancelNow { flow.cancel() }
  }

  func cancel() {
    let (task, flow) = state.withLock { state -> (Task<Void, Never>?, (any Cancellable)?) in
      state.cancelled = true
      return (state.task, state.flow)
    }
    flow?.cancel()
    task?.cancel()
  }
}
