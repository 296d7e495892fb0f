import RosterCore

/// First-run setup's save: writes the settings (the composition root's `saveSettings`) and puts
/// the clients built for them in force before `.saved` can lead to a sign-in.
struct SetupEffects: EffectInterpreter {
  let save: @Sendable (Settings) async throws -> Services
  /// Replaces the runtime's clients; called from the save's Task.
  let use: @Sendable (Services) -> Void
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    guard case .saveSettings(let settings) = effect else { return notMine(effect, feedback) }
    let (save, use) = (self.save, self.use)
    jobs.spawn(feedback) {
      do {
        use(try await save(settings))
        return .setup(.saved(settings))
      } catch {
        return .setup(.saveFailed(String(describing: error)))
      }
    }
  }
}
