import Foundation

/// The task list: loads, optimistic add / toggle / delete that roll back with a message when the
/// service refuses, and the way back to sign-in when the token is no good any more.
enum TaskListReducer {
  static func reduce(_ state: inout AppState, _ action: TaskListAction) -> [Effect] {
    switch action {
    case .reloadRequested:
      guard state.screen == .tasks else { return [] }
      return load(&state)
    case .loaded(let id, let result):
      guard id == state.tasks.requestID else { return [] }
      switch result {
      case .success(let items):
        // Changes still in flight keep their optimistic look until they are answered.
        let pendingAdds = state.tasks.items.filter { $0.id.hasPrefix(TaskListState.localPrefix) }
        state.tasks.items =
          items.compactMap { item in
            switch state.tasks.rollbacks[item.id] {
            case .deleted: return nil
            case .completed(let was):
              return TaskItem(id: item.id, text: item.text, completed: !was, dateModified: item.dateModified)
            case nil: return item
            }
          } + pendingAdds
        state.tasks.status = .loaded
        clampSelection(&state)
        return []
      case .failure(let error):
        state.tasks.status = .failed(error.message)
        return failed(&state, error, doing: "Could not load the tasks")
      }
    case .signOutAsked:
      state.tasks.confirmingDelete = nil
      state.tasks.confirmingSignOut = true
      return []
    case .signOutCancelled:
      state.tasks.confirmingSignOut = false
      return []
    case .draftEdited(let text):
      state.tasks.draft = text
      return []
    case .addSubmitted:
      return add(&state)
    case .added(let localID, let result):
      guard let index = state.tasks.items.firstIndex(where: { $0.id == localID }) else { return [] }
      switch result {
      case .success(let stored):
        state.tasks.items[index] = stored
        return []
      case .failure(let error):
        let lost = state.tasks.items.remove(at: index)
        if state.tasks.draft.isEmpty { state.tasks.draft = lost.text.string }
        clampSelection(&state)
        return failed(&state, error, doing: "Not added")
      }
    case .selectionMoved(let delta):
      guard !state.tasks.items.isEmpty else { return [] }
      state.tasks.confirmingDelete = nil
      state.tasks.selection = min(max(state.tasks.selection + delta, 0), state.tasks.items.count - 1)
      return []
    case .selectionMovedTo(let row):
      guard !state.tasks.items.isEmpty else { return [] }
      state.tasks.confirmingDelete = nil
      state.tasks.selection = min(max(row, 0), state.tasks.items.count - 1)
      return []
    case .completionToggled:
      return toggle(&state)
    case .completionSaved(let id, let result):
      guard case .completed(let was)? = state.tasks.rollbacks.removeValue(forKey: id) else { return [] }
      guard let index = state.tasks.items.firstIndex(where: { $0.id == id }) else { return [] }
      switch result {
      case .success(let saved):
        state.tasks.items[index] = saved
        return []
      case .failure(.notFound):
        state.tasks.items.remove(at: index)
        clampSelection(&state)
        return notice(&state, "That task was deleted elsewhere.")
      case .failure(let error):
        state.tasks.items[index].completed = was
        return failed(&state, error, doing: was ? "Still done" : "Still open")
      }
    case .deleteRequested:
      guard let task = state.tasks.selectedTask, !state.tasks.isPending(task.id) else {
        return []
      }
      state.tasks.confirmingDelete = task.id
      return []
    case .deleteCancelled:
      state.tasks.confirmingDelete = nil
      return []
    case .deleteConfirmed:
      guard let id = state.tasks.confirmingDelete, let index = state.tasks.items.firstIndex(where: { $0.id == id })
      else {
        state.tasks.confirmingDelete = nil
        return []
      }
      state.tasks.confirmingDelete = nil
      state.tasks.rollbacks[id] = .deleted(state.tasks.items.remove(at: index), at: index)
      clampSelection(&state)
      return [.tasks(.delete(id: id))]
    case .deleted(let id, let result):
      guard case .deleted(let task, let index)? = state.tasks.rollbacks.removeValue(forKey: id) else { return [] }
      switch result {
      case .success, .failure(.notFound):
        return []
      case .failure(let error):
        state.tasks.items.insert(task, at: min(index, state.tasks.items.count))
        return failed(&state, error, doing: "Not deleted")
      }
    }
  }

  /// Signed in with a task profile: on to the task list, loading it (a B2C token cannot call
  /// Graph, so there is no directory to warm up).
  static func signedIn(_ state: inout AppState, _ account: Account) -> [Effect] {
    state.account = account
    state.login.phase = .idle
    state.login.reason = nil
    state.login.isSubmittingRedirect = false
    state.login.redirectField = Secret("")
    guard state.screen != .tasks else { return [] }
    state.screen = .tasks
    return load(&state)
  }

  /// Arriving at the screen (after sign-in) or `r`: a new load; older answers are dropped.
  static func load(_ state: inout AppState) -> [Effect] {
    state.tasks.requestID += 1
    state.tasks.status = .loading
    return [.tasks(.load(requestID: state.tasks.requestID))]
  }

  private static func add(_ state: inout AppState) -> [Effect] {
    guard state.screen == .tasks else { return [] }
    switch TaskText.prepare(state.tasks.draft) {
    case .failure(let error):
      return notice(&state, error.message, kind: .error)
    case .success(let text):
      let localID = TaskListState.localPrefix + String(state.tasks.nextLocalID)
      state.tasks.nextLocalID += 1
      state.tasks.items.append(TaskItem(id: localID, text: CleanText(text, maxCharacters: TaskText.maxCharacters)))
      state.tasks.draft = ""
      state.tasks.selection = state.tasks.items.count - 1
      return [.tasks(.add(text: text, localID: localID))]
    }
  }

  private static func toggle(_ state: inout AppState) -> [Effect] {
    guard state.screen == .tasks, let task = state.tasks.selectedTask, !state.tasks.isPending(task.id) else {
      return []
    }
    state.tasks.rollbacks[task.id] = .completed(was: task.completed)
    state.tasks.items[state.tasks.selection].completed.toggle()
    return [.tasks(.setCompleted(id: task.id, completed: !task.completed))]
  }

  private static func clampSelection(_ state: inout AppState) {
    state.tasks.selection = min(max(state.tasks.selection, 0), max(state.tasks.items.count - 1, 0))
  }

  /// A refusal: sign-in problems go back to the login screen; the rest is a banner saying what
  /// was put back and why.
  private static func failed(_ state: inout AppState, _ error: TaskError, doing what: String) -> [Effect] {
    switch error {
    case .signInRequired(let failure):
      return SessionEnd.signInRequired(&state, failure)
    case .cancelled:
      return []
    default:
      return notice(&state, "\(what): \(error.message)", kind: .error)
    }
  }

  private static func notice(_ state: inout AppState, _ message: CleanText, kind: Banner.Kind = .info) -> [Effect] {
    state.showBanner(message, kind: kind)
    return []
  }
}
