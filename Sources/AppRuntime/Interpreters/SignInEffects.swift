import RosterCore

/// Sign-in, the pasted redirect URL, restoring a session and signing out. A sign-in is one job
/// that reports several events (device code issued, waiting, browser opened) before it ends.
struct SignInEffects: EffectInterpreter {
  let auth: AuthClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let auth = self.auth
    switch effect {
    case .signIn(let method):
      startSignIn(method, feedback)
    case .submitRedirectURL(let url):
      jobs.spawn(feedback) { .login(.redirectURLChecked(accepted: await auth.submitRedirectURL(url.exposedValue))) }
    case .restoreSession:
      jobs.spawn(feedback) { .app(.sessionRestored(await auth.restoreSession())) }
    case .signOut:
      jobs.spawn(feedback) {
        await auth.signOut()
        return .app(.signedOut)
      }
    default:
      notMine(effect, feedback)
    }
  }

  /// Files the sign-in under `.signIn`; it ends (and leaves the table) when it signs in or fails.
  private func startSignIn(_ method: SignInMethod, _ feedback: EffectFeedback) {
    let jobs = self.jobs
    let job = jobs.file(.signIn, feedback)
    let worker = jobs.worker
    let handle = auth.signIn(method) { event in
      worker.enqueue {
        guard !job.isCancelled else { return }
        job.send(.login(.signInEventReceived(event)))
        switch event {
        case .signedIn, .failed:
          jobs.retire(job, .signIn)
          job.finish()
        case .deviceCodeIssued, .waitingForUser, .browserOpened:
          break
        }
      }
    }
    job.onCancel = {
      handle.cancel()
      job.finish()
    }
  }
}
