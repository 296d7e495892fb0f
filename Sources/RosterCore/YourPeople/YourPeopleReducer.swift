import Foundation

/// Keeps "your people" (issue 32): loads what the index keeps when it is attached, reads Graph's
/// `/me/people` when the sign-in holds People.Read and the list is a day old (at sign-in, then
/// after a sync), forgets it when the permission is gone, and records whom the person opens
/// (Enter or Tab into the pane on a person's row). Without People.Read nothing is said here:
/// `roster doctor` names it.
enum YourPeopleReducer {
  static func reduce(_ state: inout AppState, _ action: YourPeopleAction) -> [Effect] {
    switch action {
    case .loaded(let kept):
      // Opened in this session before the index answered: kept, most recent first.
      var people = kept
      for entry in state.yourPeople.people.opened.reversed() where !kept.opened.contains(entry) {
        people.open(entry.id, at: entry.at)
      }
      if kept.worksWithReadAt == nil, state.yourPeople.people.worksWithReadAt != nil {
        people.setWorksWith(
          state.yourPeople.people.worksWith, readAt: state.yourPeople.people.worksWithReadAt ?? state.now)
      }
      state.yourPeople.people = people
      return refreshIfDue(&state)
    case .worksWithRead(let result):
      state.yourPeople.isReading = false
      switch result {
      case .success(let ids):
        state.yourPeople.people.setWorksWith(ids, readAt: state.now)
        return [.yourPeople(.storeWorksWith(ids, readAt: state.now))]
      case .failure(.permissionDenied):
        return forget(&state)
      case .failure:
        // Offline, throttled, a service error: the list kept stays; the next sync asks again.
        return []
      }
    }
  }

  /// Events of other features this one follows: the index attached (load what it keeps, or read
  /// Graph's list when there is no index), a sync finished (a day-old list is read again), a
  /// person opened.

  /// An index was attached (`DerivedEvent.indexAttached`): its lists are read; without one
  /// opened, Graph's list when due.
  static func indexAttached(_ state: inout AppState) -> [Effect] {
    guard state.account != nil, state.screen == .main else { return [] }
    return state.index.summary == nil ? refreshIfDue(&state) : [.yourPeople(.load)]
  }

  /// A sync finished (`DerivedEvent.indexSynced`): Graph's list is read again when due.
  static func indexSynced(_ state: inout AppState) -> [Effect] {
    guard state.account != nil, state.screen == .main else { return [] }
    return refreshIfDue(&state)
  }

  /// The list's person was opened (`DerivedEvent.personOpened`): one more open for "your people".
  static func personOpened(_ state: inout AppState) -> [Effect] {
    guard state.account != nil, state.screen == .main, let person = state.selectedListPerson else { return [] }
    state.yourPeople.people.open(person.id, at: state.now)
    return [.yourPeople(.recordOpened(personID: person.id, at: state.now))]
  }

  /// At sign-in: a new person's lists (the index's come with `.index(.attached)`); without an
  /// index, Graph's list is read now.
  static func sessionStarted(_ state: inout AppState) -> [Effect] {
    state.yourPeople = YourPeopleState()
    return state.settings.index ? [] : refreshIfDue(&state)
  }

  /// Reads Graph's list when the sign-in may and it is due; forgets it when the sign-in may not.
  static func refreshIfDue(_ state: inout AppState) -> [Effect] {
    guard let account = state.account else { return [] }
    switch state.yourPeople.people.refresh(for: account, at: state.now) {
    case .forget: return forget(&state)
    case .keep: return []
    case .read:
      guard !state.yourPeople.isReading else { return [] }
      state.yourPeople.isReading = true
      return [.yourPeople(.readWorksWith)]
    }
  }

  /// Forgets Graph's list here and in the index. This is only asked once the index's lists are
  /// loaded (`.loaded`, a sync's end) or without an index, so the state mirrors what the index
  /// keeps: nothing held here, nothing to forget there.
  private static func forget(_ state: inout AppState) -> [Effect] {
    guard state.yourPeople.people.worksWithReadAt != nil || !state.yourPeople.people.worksWith.isEmpty else {
      return []
    }
    state.yourPeople.people.forgetWorksWith()
    return [.yourPeople(.forgetWorksWith)]
  }
}

extension Account {
  /// Whether the token may read whom the person works with (`People.Read`, or the broader
  /// `People.Read.All`).
  public var canReadYourPeople: Bool { holds(anyOf: "people.read", "people.read.all") }
}
