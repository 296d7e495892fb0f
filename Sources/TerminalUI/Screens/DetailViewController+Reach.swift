import RosterCore

/// The pane's "can they answer, and when" lines (issue 31): their local time and how far from
/// yours, their working hours in their zone and yours, and today's state, from the schedule read
/// once the pane rested on them. Without the permission, one line says what it would show.
extension AppState {
  func reachLines(of person: Person) -> [(label: String, value: String, style: Style)] {
    // Without the permission (or refused) the note goes at the pane's end (`reachAbsence`).
    guard asksSchedules else { return [] }
    guard let entry = reach.byPerson[person.id] else {
      if let stored = reach.stored[person.id] { return storedReachLines(stored) }
      return reach.pendingPersonID == person.id ? [("Local time", "…", .muted)] : []
    }
    let schedule = entry.schedule
    if let error = schedule.error {
      return [("Schedule", "not readable: " + error.message.string, .muted)]
    }
    let yours = ResolvedZone.system(timeZone)
    let theirs = schedule.zone
    var pairs: [(label: String, value: String, style: Style)] = []
    if let theirs {
      pairs.append(("Local time", ZoneText.localTime(at: now, theirs: theirs, yours: yours), .plain))
    }
    pairs.append(("Hours", ZoneText.workingHours(schedule.workingHours, at: now, yours: yours), .plain))
    let today = TodayState.at(now, schedule: schedule)
    // Their clock when Roster can read it, else yours: never "busy until ?" (issue 40).
    let clock = theirs.flatMap { $0.secondsFromGMT(at: now) == nil ? nil : $0 } ?? yours
    pairs.append(("Today", today.text(in: clock), today.style))
    return pairs
  }
}

extension AppState {
  /// Graph cannot be reached: the zone's local time now and the hours the index kept, marked
  /// with their age. Today's busy times are not kept, so there is no "Today".
  fileprivate func storedReachLines(_ stored: StoredWorkingHours) -> [(label: String, value: String, style: Style)] {
    let yours = ResolvedZone.system(timeZone)
    var pairs: [(label: String, value: String, style: Style)] = []
    if let theirs = stored.hours.timeZone.map(ZoneResolver.resolve) {
      pairs.append(("Local time", ZoneText.localTime(at: now, theirs: theirs, yours: yours), .plain))
    }
    let age = IndexState.age(now.timeIntervalSince(stored.readAt))
    pairs.append(("Hours", ZoneText.workingHours(stored.hours, at: now, yours: yours) + ", as of " + age, .muted))
    return pairs
  }
}

extension TodayState {
  /// Free reads plain, busy and outside hours as a warning, out of office as one too.
  var style: Style {
    switch self {
    case .free, .freeForRestOfDay: return .plain
    case .busy, .outsideWorkingHours, .outOfOffice: return Style(color: .warning)
    }
  }
}
