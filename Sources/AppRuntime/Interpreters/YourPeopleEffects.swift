import RosterCore

/// "Your people" (issue 32): Graph's `/me/people` (`WorksWithClient.live`), filed under
/// `.yourPeople` so a new sign-in's read replaces one in flight; and the index's keeping of both
/// lists (quick SQLite calls). Background work: its waits are not reported.
struct YourPeopleEffects: EffectInterpreter {
  let worksWith: WorksWithClient
  let index: LocalIndexClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let kept = index.yourPeople
    switch effect {
    case .yourPeople(.load):
      jobs.spawn(feedback) { .yourPeople(.loaded(kept.load())) }
    case .yourPeople(.readWorksWith):
      let client = worksWith
      jobs.startCall(.yourPeople, feedback) { _ in
        .yourPeople(.worksWithRead(await EffectResults.directory { try await client.read() }))
      }
    case .yourPeople(.storeWorksWith(let ids, let readAt)):
      jobs.spawn(feedback) {
        kept.saveWorksWith(ids, readAt)
        return nil
      }
    case .yourPeople(.forgetWorksWith):
      jobs.spawn(feedback) {
        kept.forgetWorksWith()
        return nil
      }
    case .yourPeople(.recordOpened(let id, let at)):
      jobs.spawn(feedback) {
        kept.recordOpened(id, at)
        return nil
      }
    default:
      notMine(effect, feedback)
    }
  }
}
