import Foundation

/// The pane's person's schedule: read once the pane has rested on a person with an address
/// (the detail loaded, from Graph, the cache or the index), never while the selection runs.
enum ReachReducer {
  static func reduce(_ state: inout AppState, _ action: ReachAction) -> [Effect] {
    switch action {
    case .loaded(let id, let personIDs, let result):
      guard id == state.reach.requestID else { return [] }
      state.reach.pendingPersonID = nil
      switch result {
      case .success(let schedules):
        for (personID, schedule) in zip(personIDs, schedules) {
          state.reach.byPerson[personID] = ReachEntry(schedule: schedule, readAt: state.now)
        }
      case .failure(.permissionDenied(let message)), .failure(.service(404, _, let message)):
        state.reach.refusal = CleanText(message)
      default:
        break  // offline, throttled past its retries: the next rest asks again
      }
      return []
    }
  }

  /// Runs after every action, like the photo: the person the pane shows once the selection has
  /// rested (and their profile is in) has their schedule asked for, once.
  static func follow(_ state: inout AppState) -> [Effect] {
    guard state.screen == .main, !state.detail.selectionMoving, case .loaded(let detail) = state.detail.status else {
      return []
    }
    return paneRested(on: detail.person, &state)
  }

  /// The pane now shows `person` at rest: ask for their schedule unless a fresh one is known.
  static func paneRested(on person: Person?, _ state: inout AppState) -> [Effect] {
    guard state.asksSchedules, let person, let address = person.scheduleAddress else { return [] }
    if let known = state.reach.byPerson[person.id], state.now.timeIntervalSince(known.readAt) < ReachState.freshFor {
      return []
    }
    guard state.reach.pendingPersonID != person.id else { return [] }
    state.reach.requestID += 1
    state.reach.pendingPersonID = person.id
    return [
      .cancel(id: .schedule),
      .loadSchedules(
        addresses: [address], personIDs: [person.id], window: TodayState.window(around: state.now),
        requestID: state.reach.requestID),
    ]
  }
}

extension Person {
  /// The address getSchedule knows a person by: their mail, else their user name.
  public var scheduleAddress: String? {
    mail?.nonEmpty?.string ?? userPrincipalName?.nonEmpty?.string
  }
}
