import Foundation
import RosterCore

/// The room pane's "Now" line (issue 40): whether the room is free at this moment and until
/// when, or busy until when, from its bookings (getSchedule, as `roster free --room` reads them),
/// on your clock, since you are the one walking there.
extension AppState {
  func roomNow(_ room: Room) -> (value: String, style: Style)? {
    guard account != nil else { return nil }
    guard room.emailAddress?.nonEmpty != nil else { return ("unknown (the room has no mailbox)", .muted) }
    guard asksSchedules else {
      if let refusal = reach.refusal { return ("unknown: " + refusal.string, .muted) }
      return ("needs \(ScheduleClient.permission)", .muted)
    }
    if let entry = reach.byPerson[room.id] {
      if let error = entry.schedule.error { return ("unknown: " + error.message.string, .muted) }
      let yours = ResolvedZone.system(timeZone)
      let dayEnd =
        yours.local(now).flatMap { yours.instant(LocalDateTime(day: $0.day.adding(days: 1), seconds: 0)) }
        ?? now.addingTimeInterval(12 * 3600)
      let state = TodayState.room(at: now, schedule: entry.schedule, dayEnd: dayEnd)
      return (state.text(in: yours), state.style)
    }
    if reach.pendingPersonID == room.id { return ("…", .muted) }
    if reachFromIndex { return ("unknown while Microsoft Graph cannot be reached", .muted) }
    return nil
  }
}
