import RosterCore

/// Debounce timers, the once-a-second tick, and cancellation: the effects about time and jobs
/// rather than any one feature.
struct TimerEffects: EffectInterpreter {
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    switch effect {
    case .debounce(let id, let delay, let action):
      jobs.startTimer(id, after: delay, sending: action, feedback)
    case .scheduleTick(let delay):
      jobs.startTimer(.tick, after: delay, sending: .app(.tick), feedback)
    case .cancel(let id):
      jobs.cancel(id)
      feedback.finish()
    default:
      notMine(effect, feedback)
    }
  }
}
