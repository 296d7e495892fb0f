import Foundation
import RosterCore

/// The runtime's running work, filed by `CancelID`: a newer effect with the same id (or
/// `.cancel`) cancels the one before it, so a stale HTTP request really stops.
///
/// Confined to the worker queue: every method is called there, and every hop back (a timer
/// firing, a Task ending, a sign-in event) is enqueued on it, so the table needs no lock.
final class JobTable: @unchecked Sendable {
  /// The serial queue the table (and every interpreter) runs on.
  let worker: any WorkQueue
  private let scheduler: any Scheduler
  private let tracker: TaskTracker
  private var jobs: [CancelID: Job] = [:]

  init(worker: any WorkQueue, scheduler: any Scheduler, tracker: TaskTracker) {
    self.worker = worker
    self.scheduler = scheduler
    self.tracker = tracker
  }

  /// Cancels the job filed under `id`, if any.
  func cancel(_ id: CancelID) {
    jobs.removeValue(forKey: id)?.cancel()
  }

  /// Files a new job under `id`, cancelling the one it replaces.
  func file(_ id: CancelID, _ feedback: EffectFeedback) -> Job {
    cancel(id)
    let job = Job(feedback: feedback)
    jobs[id] = job
    return job
  }

  /// Removes `job` from the table if it is still the one filed under `id`.
  func retire(_ job: Job, _ id: CancelID) {
    if jobs[id] === job { jobs[id] = nil }
  }

  /// Sends `action` once `delay` has passed, unless a job filed under `id` later replaces it.
  func startTimer(_ id: CancelID, after delay: Duration, sending action: AppAction, _ feedback: EffectFeedback) {
    let job = file(id, feedback)
    let handle = scheduler.schedule(after: delay) { [worker] in
      worker.enqueue {
        guard !job.isCancelled else { return }
        self.retire(job, id)
        job.send(action)
        job.finish()
      }
    }
    job.onCancel = {
      handle.cancel()
      job.finish()
    }
  }

  /// Runs `call` in a Task filed under `id`; its action is sent unless the job was cancelled,
  /// and the effect finishes when the Task really ends (after the client saw the cancellation).
  /// `call` gets a `report` closure for progress actions (retry notices), sent from the worker.
  func startCall(
    _ id: CancelID, _ feedback: EffectFeedback,
    _ call: @escaping @Sendable (_ report: @escaping @Sendable (AppAction) -> Void) async -> AppAction
  ) {
    let job = file(id, feedback)
    let tracker = self.tracker
    let worker = self.worker
    let report: @Sendable (AppAction) -> Void = { action in worker.enqueue { job.send(action) } }
    tracker.started()
    let task = Task {
      let action = await call(report)
      worker.enqueue {
        self.retire(job, id)
        job.send(action)
        job.finish()
      }
      tracker.ended()
    }
    job.onCancel = { task.cancel() }
  }

  /// Runs an uncancellable call in a Task and sends its action, if it has one.
  func spawn(_ feedback: EffectFeedback, _ call: @escaping @Sendable () async -> AppAction?) {
    let tracker = self.tracker
    tracker.started()
    Task {
      if let action = await call() { feedback.send(action) }
      feedback.finish()
      tracker.ended()
    }
  }
}
