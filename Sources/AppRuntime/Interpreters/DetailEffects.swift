import RosterCore

/// What the detail pane shows about the selected person from Graph: the profile, the photo, and
/// the presence of the people on screen.
struct DetailEffects: EffectInterpreter {
  let directory: DirectoryClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let directory = self.directory
    switch effect {
    case .loadDetail(let personID, let requestID):
      jobs.startCall(.detail, feedback) { report in
        let result = await EffectResults.directory {
          try await directory.personDetail(personID) { notice in
            report(.detail(.retryScheduled(id: requestID, notice)))
          }
        }
        return .detail(.loaded(id: requestID, result))
      }
    case .loadPhoto(let request, let requestID):
      jobs.startCall(.photo, feedback) { _ in
        .photo(.loaded(id: requestID, await EffectResults.directory { try await directory.personPhoto(request) }))
      }
    case .fetchPresence(let ids, let requestID):
      jobs.startCall(.presence, feedback) { _ in
        .presence(.loaded(id: requestID, await EffectResults.directory { try await directory.presences(ids) }))
      }
    default:
      notMine(effect, feedback)
    }
  }
}
