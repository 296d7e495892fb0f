import Dispatch
import RosterCore

/// The local index (issue 12): opening, the detail fallback and removing are quick SQLite calls;
/// the sync is a Task filed under `CancelID.indexSync`, reporting progress as it goes. Searching
/// is not here: the Store answers `.searchIndex` itself, in the key's own frame, through
/// `InstantIndexSearch`.
struct IndexEffects: EffectInterpreter {
  let index: LocalIndexClient
  let jobs: JobTable

  /// Where index files are opened: a serial queue, so two opens never race for one file.
  static let opening = DispatchQueue(label: "roster.index.open")

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let index = self.index
    switch effect {
    case .index(.attach(let account)):
      // Opening may wait on SQLite's lock (another process's `VACUUM` or checkpoint) or run a
      // migration for seconds: on a thread of its own, never one of the few the Swift runtime
      // shares with the session restore and the UI's other work (issue 28 item 6).
      jobs.spawn(feedback) {
        let summary = await withCheckedContinuation { (done: CheckedContinuation<LocalIndexSummary?, Never>) in
          Self.opening.async { done.resume(returning: index.attach(account)) }
        }
        return .index(.attached(summary))
      }
    case .index(.sync):
      jobs.startCall(.indexSync, feedback) { report in
        let result = await index.sync { indexed, estimate in
          report(.index(.syncProgressed(indexed: indexed, estimate: estimate)))
        }
        return .index(.syncFinished(result))
      }
    case .loadDetailFromIndex(let personID, let requestID):
      jobs.spawn(feedback) { .detail(.loadedFromIndex(id: requestID, index.detail(personID))) }
    case .index(.readFilterValues):
      jobs.spawn(feedback) { .index(.filterValuesRead(index.filterValues())) }
    case .index(.remove(let personID)):
      jobs.spawn(feedback) {
        index.remove(personID)
        return nil
      }
    default:
      notMine(effect, feedback)
    }
  }
}
