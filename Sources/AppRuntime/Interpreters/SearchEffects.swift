import RosterCore

/// People search against Graph: the first page, further pages, and the connection warm-up that
/// makes the first search fast. Each call is filed under its `CancelID`, so a newer query
/// cancels the request in flight.
struct SearchEffects: EffectInterpreter {
  let directory: DirectoryClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let directory = self.directory
    switch effect {
    case .searchGraph(let asked, let requestID):
      guard let query = asked.value(as: PeopleQuery.self) else { return notMine(effect, feedback) }
      jobs.startCall(.search, feedback) { report in
        let result = await EffectResults.directory {
          try await directory.searchPeople(query) { notice in
            report(.search(.retryScheduled(id: requestID, notice)))
          }
        }
        return .search(.answered(id: requestID, .people(result)))
      }
    case .fetchPage(.person, let cursor, let requestID):
      jobs.startCall(.nextPage, feedback) { report in
        let result = await EffectResults.directory {
          try await directory.nextPage(cursor) { notice in
            report(.search(.retryScheduled(id: requestID, notice)))
          }
        }
        return .search(.pageAnswered(id: requestID, .people(result)))
      }
    case .warmUpDirectory:
      jobs.spawn(feedback) {
        await directory.warmUp()
        return nil
      }
    default:
      notMine(effect, feedback)
    }
  }
}
