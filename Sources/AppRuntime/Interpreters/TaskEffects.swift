import RosterCore

/// The B2C task list's calls: loading the list (cancellable, filed under `.tasks`), and adding,
/// completing and deleting one task (each runs to its end).
struct TaskEffects: EffectInterpreter {
  let tasks: TaskClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let tasks = self.tasks
    switch effect {
    case .tasks(.load(let requestID)):
      jobs.startCall(.tasks, feedback) { _ in
        .tasks(.loaded(id: requestID, await EffectResults.tasks { try await tasks.list() }))
      }
    case .tasks(.add(let text, let localID)):
      jobs.spawn(feedback) { .tasks(.added(localID: localID, await EffectResults.tasks { try await tasks.add(text) })) }
    case .tasks(.setCompleted(let id, let completed)):
      jobs.spawn(feedback) {
        .tasks(.completionSaved(id: id, await EffectResults.tasks { try await tasks.setCompleted(id, completed) }))
      }
    case .tasks(.delete(let id)):
      jobs.spawn(feedback) {
        .tasks(
          .deleted(
            id: id,
            await EffectResults.tasks {
              try await tasks.delete(id)
              return id
            }))
      }
    default:
      notMine(effect, feedback)
    }
  }
}
