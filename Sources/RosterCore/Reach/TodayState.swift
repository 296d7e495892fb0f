import Foundation

/// What someone's day looks like right now, from their schedule: the line under their local time.
public enum TodayState: Sendable, Equatable {
  /// An out-of-office entry covers now; `until` is when the run of them ends.
  case outOfOffice(until: Date)
  /// Their working hours are known and now is not in them.
  case outsideWorkingHours
  /// A meeting (or several back to back) until `until`.
  case busy(until: Date)
  /// Free now; the next meeting starts at `until`, before their working day ends.
  case free(until: Date)
  /// Free now and no meeting until their working day (or, without working hours, their day) ends.
  case freeForRestOfDay

  /// The state at `now`. Without working hours (or with an unknown zone) the day is their calendar
  /// day when their zone is known, else the next 12 hours. Out of office wins over everything:
  /// it is what a caller most needs to know.
  public static func at(_ now: Date, schedule: PersonSchedule) -> TodayState {
    let oof = TimeRanges(schedule.items.filter { $0.status == .oof }.map(\.interval))
    if let run = oof.range(containing: now) { return .outOfOffice(until: run.upperBound) }

    let zone = schedule.zone
    let dayEnd: Date
    if let hours = schedule.workingHours, !hours.isEmpty, let zone, zone.secondsFromGMT(at: now) != nil {
      let around = now.addingTimeInterval(-86_400)..<now.addingTimeInterval(86_400)
      guard let working = hours.spans(overlapping: around, in: zone).range(containing: now) else {
        return .outsideWorkingHours
      }
      dayEnd = working.upperBound
    } else if let zone, let local = zone.local(now),
      let midnight = zone.instant(LocalDateTime(day: local.day.adding(days: 1), seconds: 0))
    {
      dayEnd = midnight
    } else {
      dayEnd = now.addingTimeInterval(12 * 3600)
    }

    return bookings(schedule, at: now, dayEnd: dayEnd)
  }

  /// A room's state at `now` (issue 40): its bookings alone, up to `dayEnd` (the end of your
  /// day). A room's mailbox hours say nothing about when it may be booked, and "out of office"
  /// means nothing for a room, so neither is consulted.
  public static func room(at now: Date, schedule: PersonSchedule, dayEnd: Date) -> TodayState {
    bookings(schedule, at: now, dayEnd: dayEnd)
  }

  /// Busy until the run of meetings covering `now` ends, else free until the next one (if it
  /// starts before `dayEnd`), else free for the rest of the day: one rule for people and rooms.
  private static func bookings(_ schedule: PersonSchedule, at now: Date, dayEnd: Date) -> TodayState {
    let busy = TimeRanges(schedule.items.filter(\.status.blocksMeetings).map(\.interval))
    if let run = busy.range(containing: now) { return .busy(until: run.upperBound) }
    if let next = busy.ranges.first(where: { $0.lowerBound > now })?.lowerBound, next < dayEnd {
      return .free(until: next)
    }
    return .freeForRestOfDay
  }

  /// The span to read for `at(_:schedule:)`: a day either side of now covers "today" in every zone
  /// (UTC−12 to UTC+14) and a working day that crosses midnight.
  public static func window(around now: Date) -> DateInterval {
    DateInterval(start: now.addingTimeInterval(-86_400), end: now.addingTimeInterval(86_400))
  }

  /// "busy until 11:30", with times on `zone`'s clock (theirs in the pane: it is their day).
  public func text(in zone: ResolvedZone) -> String {
    func clock(_ date: Date) -> String { zone.local(date)?.clock ?? "?" }
    switch self {
    case .outOfOffice: return "out of office"
    case .outsideWorkingHours: return "outside working hours"
    case .busy(let until): return "busy until \(clock(until))"
    case .free(let until): return "free until \(clock(until))"
    case .freeForRestOfDay: return "free for the rest of the day"
    }
  }
}
