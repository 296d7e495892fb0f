import Foundation

/// The detail pane: loads the selected person's full profile after a short pause, from a small
/// cache when it was seen recently. A lone selection change shows at once; while the selection
/// runs through the list (changes less than `Tuning.selectionRest` apart) the pane is blank and
/// fills when it rests, so neither the terminal nor the network pays for every row passed.
enum DetailReducer {
  static func reduce(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    switch action {
    case .selectionRested:
      state.detail.selectionMoving = false
      state.detail.pane.personPane?.rested = true
      guard state.detail.pane == .following, state.list.selected?.kind == .person else { return [] }
      return load(&state, state.selectedListPerson, pause: nil)
    case .debounceElapsed(let id):
      guard id == state.detail.requestID, case .loading(let person)? = state.detail.pane.personPane?.status else {
        return []
      }
      state.detail.pane.personPane?.rested = true
      return [.cancel(id: .detail), fetch(state, person)]
    case .loaded(let id, let result):
      guard id == state.detail.requestID, let person = state.detail.pane.personPane?.person else { return [] }
      state.detail.pane.personPane?.retry = nil
      switch result {
      case .success(let detail):
        state.detail.cache.insert(detail, for: person.id, now: state.now)
        state.detail.pane.personPane?.status = .loaded(detail)
        placeOrgRowSelection(&state)
        return []
      case .failure(.cancelled):
        return []
      case .failure(.signInRequired(let failure)):
        state.detail.pane.personPane?.status = .loading(person)
        return SessionEnd.signInRequired(&state, failure)
      case .failure(.notFound) where state.index.attached:
        // Gone from the tenant: out of the index and the list now, not at the next sync.
        state.detail.pane.personPane?.status = .failed(person, message: DirectoryError.notFound.plainMessage)
        let remaining = state.search.results.filter { $0.id != person.id }
        state.search.answer?.people.removeAll { $0.id == person.id }
        return [.index(.remove(personID: person.id))]
          + PeopleSearch.replaceResults(&state, with: remaining, answeredFor: state.search.resultsQuery?.string)
      case .failure(let error):
        state.detail.pane.personPane?.status = .failed(person, message: error.plainMessage)
        // Offline, the index may know the person: the reason stays until it answers, and stays
        // when it does not.
        guard case .offline = error, state.index.attached else { return [] }
        return [.loadDetailFromIndex(personID: person.id, requestID: id)]
      }
    case .loadedFromIndex(let id, let detail):
      guard id == state.detail.requestID, let detail, state.detail.pane.personPane?.person.id == detail.person.id
      else { return [] }
      // Not cached: the next look at this person asks Graph again.
      state.detail.pane.personPane?.status = .loaded(detail)
      placeOrgRowSelection(&state)
      return []
    case .retryScheduled(let id, let notice):
      guard id == state.detail.requestID else { return [] }
      state.detail.pane.personPane?.retry = RetryCountdown(
        reason: notice.reason, until: state.now.addingTimeInterval(notice.wait.timeInterval),
        attempt: notice.attempt)
      return []
    case .closed:
      state.singlePaneDetailOpen = false
      state.focus = .list
      return walkEnded(&state)
    case .copyRequested(let label, let text):
      guard !text.isEmpty else { return [] }
      state.showBanner("Copied \(label) to the clipboard")
      return [.copyToClipboard(text)]
    case .orgRowMoved, .orgRowOpened, .wentBack, .vCardRequested, .vCardExported:
      return reduceOrgChart(&state, action)
    }
  }

  /// Points the pane at the list's selected person: from the cache at once, else after a pause;
  /// blank (`.following`) when the selection moved moments ago and is still moving. Nothing
  /// happens when the pane already shows that person.
  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    // Called for a person row or none (`PaneReducer` routes groups and rooms elsewhere).
    let selected = state.selectedListPerson
    let root = state.detail.trail.first?.person ?? state.detail.pane.personPane?.person
    // Nobody selected and nobody shown can still leave a group or a room in the pane (Esc
    // emptied a list whose group row was selected, issue 28 item 10): that too empties the pane.
    let otherLeft = selected == nil && state.detail.pane.subject != nil && state.detail.pane.personPane == nil
    guard selected?.id != root?.id || state.detail.pane == .following || otherLeft else { return [] }
    guard let selected else { return load(&state, nil) }
    let rest: Effect = .debounce(id: .selectionRest, after: Tuning.selectionRest, then: .detail(.selectionRested))
    guard state.detail.selectionMoving else {
      state.detail.selectionMoving = true
      return load(&state, selected) + [rest]
    }
    state.detail.requestID += 1
    state.detail.pane = .following
    return [.cancel(id: .detailDebounce), .cancel(id: .detail), rest]
  }

  /// The pane is about to be looked at (opened, or given the keyboard): show the selected person
  /// now rather than when the selection rests.
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] {
    state.detail.selectionMoving = false
    guard state.detail.pane == .following else { return [.cancel(id: .selectionRest)] }
    return [.cancel(id: .selectionRest)] + load(&state, state.selectedListPerson, pause: nil)
  }

  /// Where the pane's person comes from: Graph, or straight from the local index when the last
  /// sync found Graph unreachable (every live load would wait out its retries first). The next
  /// successful sync clears `offline` and Graph answers again.
  static func fetch(_ state: AppState, _ person: Person) -> Effect {
    if state.directorySource == .index {
      return .loadDetailFromIndex(personID: person.id, requestID: state.detail.requestID)
    }
    return .loadDetail(personID: person.id, requestID: state.detail.requestID)
  }

  /// A session started (`DerivedEvent.sessionStarted`): the pane's person is loaded again, unless
  /// their profile already shows (signed in again after the session ended).
  static func sessionStarted(_ state: inout AppState) -> [Effect] {
    guard let person = state.selectedListPerson else { return [] }
    if case .loaded? = state.detail.pane.personPane?.status { return [] }
    return load(&state, person)
  }

  /// Shows `person` (from the cache, else loading it after `pause`, or at once when nil).
  private static func load(
    _ state: inout AppState, _ person: Person?, pause: Duration? = Tuning.detailDebounce
  ) -> [Effect] {
    state.detail.requestID += 1
    state.detail.trail = []
    let cancels: [Effect] = [.cancel(id: .detailDebounce), .cancel(id: .detail)]
    guard let person else {
      state.detail.pane = .empty
      state.singlePaneDetailOpen = false
      if state.focus == .detail { state.focus = .list }
      return cancels
    }
    let memberOf = state.detail.memberOfCache.value(for: person.id, now: state.now)
    // Shown without a pause, the pane is at rest on the person now.
    let rested = pause == nil
    if let cached = state.detail.cache.value(for: person.id, now: state.now) {
      state.detail.pane = .person(PersonPane(.loaded(cached), memberOf: memberOf, rested: rested))
      placeOrgRowSelection(&state)
      return cancels
    }
    state.detail.pane = .person(PersonPane(.loading(person), memberOf: memberOf, rested: rested))
    guard let pause else {
      return [.cancel(id: .detailDebounce), fetch(state, person)]
    }
    return [
      .cancel(id: .detail),
      .debounce(id: .detailDebounce, after: pause, then: .detail(.debounceElapsed(id: state.detail.requestID))),
    ]
  }
}
