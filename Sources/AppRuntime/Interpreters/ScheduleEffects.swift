import RosterCore

/// Schedules (issue 31): today's free/busy, working hours and zone of the pane's person through
/// getSchedule (`ScheduleClient.live`), filed under `.schedule` so the next person's read cancels
/// the one in flight. Background work: its waits are not reported.
struct ScheduleEffects: EffectInterpreter {
  let schedules: ScheduleClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    guard case .loadSchedules(let addresses, let personIDs, let window, let requestID) = effect else { return }
    let client = schedules
    jobs.startCall(.schedule, feedback) { _ in
      let result = await EffectResults.directory { try await client.schedules(addresses, window) { _ in } }
      return .reach(.loaded(id: requestID, personIDs: personIDs, result))
    }
  }
}
