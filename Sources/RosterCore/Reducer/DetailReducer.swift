import Foundation

/// The detail pane: loads the selected person's full profile after a short pause, from a small
/// cache when it was seen recently.
enum DetailReducer {
  static func reduce(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    switch action {
    case .debounceElapsed(let id):
      guard id == state.detail.requestID, case .loading(let person) = state.detail.status else { return [] }
      return [.cancel(id: .detail), .loadDetail(personID: person.id, requestID: id)]
    case .loaded(let id, let result):
      guard id == state.detail.requestID, let person = state.detail.status.person else { return [] }
      state.detail.retry = nil
      switch result {
      case .success(let detail):
        state.detail.cache.insert(detail, for: person.id, now: state.now)
        state.detail.status = .loaded(detail)
        return []
      case .failure(.cancelled):
        return []
      case .failure(.signInRequired(let failure)):
        state.detail.status = .loading(person)
        return LoginReducer.sessionEnded(&state, failure)
      case .failure(let error):
        state.detail.status = .failed(person, message: error.plainMessage)
        return []
      }
    case .retryScheduled(let id, let notice):
      guard id == state.detail.requestID else { return [] }
      state.detail.retry = RetryCountdown(
        reason: notice.reason, until: state.now.addingTimeInterval(notice.wait.timeInterval),
        attempt: notice.attempt)
      return LifecycleReducer.ticking(state)
    case .closed:
      state.singlePaneDetailOpen = false
      state.focus = .list
      return []
    case .copyRequested(let label, let text):
      guard !text.isEmpty else { return [] }
      LifecycleReducer.showBanner(&state, "Copied \(label) to the clipboard")
      return [.copyToClipboard(text)] + LifecycleReducer.ticking(state)
    }
  }

  /// Points the pane at the list's selected person: from the cache at once, else after a pause.
  /// Nothing happens when the pane already shows that person.
  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    let selected = state.search.selectedPerson
    guard selected?.id != state.detail.status.person?.id else { return [] }
    return load(&state, selected)
  }

  /// Loads the pane's person again (after signing in again).
  static func reload(_ state: inout AppState) -> [Effect] {
    guard let person = state.search.selectedPerson else { return [] }
    if case .loaded = state.detail.status { return [] }
    return load(&state, person)
  }

  private static func load(_ state: inout AppState, _ person: Person?) -> [Effect] {
    state.detail.requestID += 1
    state.detail.retry = nil
    let cancels: [Effect] = [.cancel(id: .detailDebounce), .cancel(id: .detail)]
    guard let person else {
      state.detail.status = .empty
      state.singlePaneDetailOpen = false
      if state.focus == .detail { state.focus = .list }
      return cancels
    }
    if let cached = state.detail.cache.value(for: person.id, now: state.now) {
      state.detail.status = .loaded(cached)
      return cancels
    }
    state.detail.status = .loading(person)
    return [
      .cancel(id: .detail),
      .debounce(
        id: .detailDebounce, after: Tuning.detailDebounce, then: .detail(.debounceElapsed(id: state.detail.requestID))),
    ]
  }
}
