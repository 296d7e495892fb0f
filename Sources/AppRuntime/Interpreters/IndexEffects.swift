import RosterCore

/// The local index (issue 12): opening, the detail fallback and removing are quick SQLite calls;
/// the sync is a Task filed under `CancelID.indexSync`, reporting progress as it goes. Searching
/// is not here: the Store answers `.searchIndex` itself, in the key's own frame, through
/// `InstantIndexSearch`.
struct IndexEffects: EffectInterpreter {
  let index: LocalIndexClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let index = self.index
    switch effect {
    case .attachIndex(let account):
      jobs.spawn(feedback) { .index(.attached(index.attach(account))) }
    case .syncIndex:
      jobs.startCall(.indexSync, feedback) { report in
        let result = await index.sync { indexed, estimate in
          report(.index(.syncProgressed(indexed: indexed, estimate: estimate)))
        }
        return .index(.syncFinished(result))
      }
    case .loadDetailFromIndex(let personID, let requestID):
      jobs.spawn(feedback) { .detail(.loadedFromIndex(id: requestID, index.detail(personID))) }
    case .removeFromIndex(let personID):
      jobs.spawn(feedback) {
        index.remove(personID)
        return nil
      }
    default:
      notMine(effect, feedback)
    }
  }
}
