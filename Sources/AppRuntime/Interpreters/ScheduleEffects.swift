import RosterCore

/// Schedules (issue 31): today's free/busy, working hours and zone of the pane's person through
/// getSchedule (`ScheduleClient.live`), filed under `.schedule` so the next person's read cancels
/// the one in flight; and the working hours the local index keeps for when Graph cannot be
/// reached (quick SQLite calls). Background work: its waits are not reported.
struct ScheduleEffects: EffectInterpreter {
  let schedules: ScheduleClient
  let index: LocalIndexClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let kept = index.workingHours
    switch effect {
    case .loadSchedules(let addresses, let personIDs, let window, let requestID):
      let client = schedules
      jobs.startCall(.schedule, feedback) { _ in
        let result = await EffectResults.directory { try await client.schedules(addresses, window) { _ in } }
        return .reach(.loaded(id: requestID, personIDs: personIDs, result))
      }
    case .storeWorkingHours(let hours, let readAt):
      jobs.spawn(feedback) {
        kept.save(hours, readAt)
        return nil
      }
    case .forgetWorkingHours:
      jobs.spawn(feedback) {
        kept.forgetAll()
        return nil
      }
    case .loadWorkingHoursFromIndex(let personIDs):
      jobs.spawn(feedback) { .reach(.loadedFromIndex(kept.read(personIDs))) }
    default:
      notMine(effect, feedback)
    }
  }
}
