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
        var kept: [String: WorkingHours?] = [:]
        for (personID, schedule) in zip(personIDs, schedules) {
          state.reach.byPerson[personID] = ReachEntry(schedule: schedule, readAt: state.now)
          // A room's hours are not a person's: the index keeps people's only.
          guard !state.reach.rooms.contains(personID) else { continue }
          // A schedule Graph could not read forgets the hours kept for it: no longer readable.
          let hours = schedule.error == nil ? schedule.workingHours : nil
          kept[personID] = hours
          state.reach.stored[personID] = hours.map { StoredWorkingHours(hours: $0, readAt: state.now) }
        }
        state.reach.failedAt = nil
        state.reach.lookedUp = []
        // A busy time added meanwhile shows within `freshFor` while the pane stays on the person.
        let refresh: Effect = .debounce(
          id: .scheduleRetry, after: .seconds(ReachState.freshFor), then: .reach(.retryDue))
        return (state.index.attached && !kept.isEmpty ? [.storeWorkingHours(kept, readAt: state.now)] : []) + [refresh]
      case .failure(.service(404, _, let message)) where personIDs.allSatisfy(state.reach.rooms.contains):
        // One room's mailbox has no calendar: that room says so; people's schedules are not refused.
        for roomID in personIDs {
          let unreadable = PersonSchedule(address: "", error: FreeBusyError(message: CleanText(message)))
          state.reach.byPerson[roomID] = ReachEntry(schedule: unreadable, readAt: state.now)
        }
        return []
      case .failure(.permissionDenied(let message)), .failure(.service(404, _, let message)):
        state.reach.refusal = CleanText(message)
        state.reach.stored = [:]
        return state.index.attached ? [.forgetWorkingHours] : []
      case .failure(.cancelled):
        return []
      default:
        // Offline, throttled past its retries: the index answers (`paneRested`) until Graph is
        // asked again, `retryAfterFailure` later, for whoever the pane then rests on.
        state.reach.failedAt = state.now
        return [
          .debounce(
            id: .scheduleRetry, after: .seconds(ReachState.retryAfterFailure), then: .reach(.retryDue))
        ]
      }
    case .retryDue:
      return paneRested(&state)
    case .loadedFromIndex(let found):
      state.reach.stored.merge(found) { _, found in found }
      return []
    }
  }

  /// The pane came to rest on a person or a room (`DerivedEvent.paneRested`): their schedule is
  /// asked for once — when the profile's read starts at rest, in parallel with it, so the day
  /// shows one round trip after the rest; or once the profile is in (Graph, the cache, the index).
  static func paneRested(_ state: inout AppState) -> [Effect] {
    guard state.screen == .main, !state.detail.selectionMoving, state.detail.pane.restingKey != nil else { return [] }
    if let room = state.detail.pane.room { return paneRested(on: room, &state) }
    return paneRested(on: state.detail.pane.personPane?.person, &state)
  }

  /// The pane now shows `person` at rest: ask for their schedule unless a fresh one is known;
  /// while Graph cannot be reached, ask the index for the hours it kept instead.
  static func paneRested(on person: Person?, _ state: inout AppState) -> [Effect] {
    guard state.asksSchedules, let person, let address = person.scheduleAddress else { return [] }
    if let known = state.reach.byPerson[person.id], state.now.timeIntervalSince(known.readAt) < ReachState.freshFor {
      return []
    }
    guard state.reach.pendingPersonID != person.id else { return [] }
    if state.reachFromIndex { return lookUp(person, &state) }
    state.reach.requestID += 1
    state.reach.pendingPersonID = person.id
    // The people around the selection come in the same call (Graph takes 20 addresses a call), so
    // the next Down shows its person's day at once instead of asking again.
    let neighbours = Self.neighbours(of: person, state).prefix(ScheduleClient.maxAddressesPerCall - 1)
    let asked = [(person.id, address)] + neighbours
    return [
      .cancel(id: .schedule),
      .loadSchedules(
        addresses: asked.map(\.1), personIDs: asked.map(\.0), window: TodayState.window(around: state.now),
        requestID: state.reach.requestID),
    ]
  }

  /// The pane now shows `room`: ask for its bookings (issue 40: is it free now, until when),
  /// alone and once while fresh. Offline there is nothing kept to show: the pane says so.
  static func paneRested(on room: Room, _ state: inout AppState) -> [Effect] {
    guard state.asksSchedules, let address = room.emailAddress?.nonEmpty?.string else { return [] }
    if let known = state.reach.byPerson[room.id], state.now.timeIntervalSince(known.readAt) < ReachState.freshFor {
      return []
    }
    guard state.reach.pendingPersonID != room.id, !state.reachFromIndex else { return [] }
    state.reach.requestID += 1
    state.reach.pendingPersonID = room.id
    state.reach.rooms.insert(room.id)
    return [
      .cancel(id: .schedule),
      .loadSchedules(
        addresses: [address], personIDs: [room.id], window: TodayState.window(around: state.now),
        requestID: state.reach.requestID),
    ]
  }

  /// The kept hours of `person` and the people around them, from the index, once each.
  private static func lookUp(_ person: Person, _ state: inout AppState) -> [Effect] {
    guard state.index.attached, !state.reach.lookedUp.contains(person.id) else { return [] }
    let ids = ([person.id] + Self.neighbours(of: person, state).map(\.0)).filter { !state.reach.lookedUp.contains($0) }
    state.reach.lookedUp.formUnion(ids)
    return [.loadWorkingHoursFromIndex(personIDs: ids)]
  }

  /// People listed near the selection (below first, then above) whose schedule is not fresh.
  private static func neighbours(of person: Person, _ state: AppState) -> [(String, String)] {
    let people = state.shownPeople
    guard let at = people.firstIndex(where: { $0.id == person.id }) else { return [] }
    let below = people[(at + 1)..<min(people.count, at + 12)]
    let above = people[max(0, at - 8)..<at].reversed()
    return (Array(below) + Array(above)).compactMap { other in
      guard let address = other.scheduleAddress, other.id != person.id else { return nil }
      if let known = state.reach.byPerson[other.id], state.now.timeIntervalSince(known.readAt) < ReachState.freshFor {
        return nil
      }
      return (other.id, address)
    }
  }
}

extension Person {
  /// The address getSchedule knows a person by: their mail, else their user name.
  public var scheduleAddress: String? {
    mail?.nonEmpty?.string ?? userPrincipalName?.nonEmpty?.string
  }
}
