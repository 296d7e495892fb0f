import Foundation
import RosterCore

/// One piece of cancellable work the runtime runs under a `CancelID`.
///
/// Confined to the worker queue: created, cancelled and completed only there, so its flags need
/// no lock. `finish` reports the effect's end to the Store exactly once.
final class Job: @unchecked Sendable {
  private let feedback: EffectFeedback
  private(set) var isCancelled = false
  private var isFinished = false
  /// What cancelling does (cancel a timer, a Task, a sign-in).
  var onCancel: (() -> Void)?

  init(feedback: EffectFeedback) {
    self.feedback = feedback
  }

  /// Marks the job cancelled and runs `onCancel`; a cancelled job sends no more actions.
  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    onCancel?()
    onCancel = nil
  }

  /// Sends `action` unless the job was cancelled.
  func send(_ action: AppAction) {
    guard !isCancelled else { return }
    feedback.send(action)
  }

  /// Reports the end of the effect (once), and lets go of the cancel closure (which may hold
  /// the job itself).
  func finish() {
    onCancel = nil
    guard !isFinished else { return }
    isFinished = true
    feedback.finish()
  }
}
