import Foundation

/// Someone (or a room) whose calendar takes part in finding a time.
public struct Attendee: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// Free time must fall in their working hours.
    case person
    /// Only the bookings count: a room has no working day worth honouring.
    case room
  }

  public var name: CleanText
  public var kind: Kind
  public var schedule: PersonSchedule
  /// The person asking (`roster free` reads their calendar too): their clock is "You" already,
  /// so they get a column of their own only when their mailbox keeps another zone.
  public var isAsker: Bool

  public init(name: CleanText, kind: Kind = .person, schedule: PersonSchedule, isAsker: Bool = false) {
    self.name = name
    self.kind = kind
    self.schedule = schedule
    self.isAsker = isAsker
  }
}

/// What to find: slots of at least `minimum` on `day` as the asker's clock (`yours`) counts it.
public struct FreeSlotRequest: Sendable, Equatable {
  public var day: CivilDay
  public var yours: ResolvedZone
  public var minimum: TimeInterval
  /// Nothing before this (now, when the day is today).
  public var notBefore: Date?

  public init(day: CivilDay, yours: ResolvedZone, minimum: TimeInterval, notBefore: Date? = nil) {
    self.day = day
    self.yours = yours
    self.minimum = minimum
    self.notBefore = notBefore
  }

  /// The asker's day from midnight to midnight: 23 or 25 hours on the days clocks change. This is
  /// also the span to ask getSchedule about.
  public var window: Range<Date> {
    let zone = yours.isKnown ? yours : ResolvedZone(rules: .iana("UTC"), source: "UTC")
    let start = zone.instant(LocalDateTime(day: day, seconds: 0)) ?? day.utcMidnight
    let end = zone.instant(LocalDateTime(day: day.adding(days: 1), seconds: 0)) ?? start.addingTimeInterval(86_400)
    return start..<end
  }
}

/// The common free time of several people and rooms on one day, within everyone's working hours.
///
/// Someone whose schedule Graph could not read is left out and named in `notes`, as is someone
/// with no working hours (their bookings still count) or whose working-hours zone is unknown.
/// Working hours are placed day by day on each person's own clock, so a change to summer time in
/// one zone moves that person's hours against everyone else's, as it does in life.
public struct FreeSlots: Sendable, Equatable {
  public var window: Range<Date>
  public var slots: [Range<Date>]
  public var notes: [FreeSlotNote]

  public static func find(_ request: FreeSlotRequest, attendees: [Attendee]) -> FreeSlots {
    var window = request.window
    if let notBefore = request.notBefore {
      window = min(max(notBefore, window.lowerBound), window.upperBound)..<window.upperBound
    }
    var free = TimeRanges([window])
    var notes: [FreeSlotNote] = []
    var counted = 0
    for attendee in attendees {
      let schedule = attendee.schedule
      if let error = schedule.error {
        notes.append(.scheduleError(attendee.name, error))
        continue
      }
      counted += 1
      if attendee.kind == .person {
        // Away all or part of the day: said as such (with when they are back), which is what
        // the asker needs, rather than a note about working hours an absence explains.
        let away = TimeRanges(schedule.items.filter { $0.status == .oof }.map(\.interval))
        if let run = away.ranges.first(where: { $0.overlaps(window) }) {
          let back = request.yours.local(run.upperBound)
          let when = back.map {
            $0.day == request.day ? $0.clock : "\($0.day.weekday.short) \($0.day.description) \($0.clock)"
          }
          notes.append(.outOfOffice(attendee.name, until: CleanText(when ?? "later")))
        }
        var spanNotes: [FreeSlotNote] = []
        free = free.intersection(workingSpans(of: attendee, in: window, notes: &spanNotes))
        notes += spanNotes.filter { !($0.isNoWorkingHours && notes.contains(where: \.isOutOfOffice)) }
      }
      free = free.subtracting(TimeRanges(schedule.items.filter(\.status.blocksMeetings).map(\.interval)))
    }
    if counted == 0 {
      notes.append(.nobodyCounted)
      free = TimeRanges([])
    }
    let slots = free.ranges.filter { $0.upperBound.timeIntervalSince($0.lowerBound) >= request.minimum }
    return FreeSlots(window: window, slots: slots, notes: notes)
  }

  /// The attendee's working spans in `window`, or the whole window (with a note) when they cannot
  /// be placed.
  private static func workingSpans(of attendee: Attendee, in window: Range<Date>, notes: inout [FreeSlotNote])
    -> TimeRanges
  {
    guard let hours = attendee.schedule.workingHours, !hours.isEmpty else {
      notes.append(.noWorkingHours(attendee.name))
      return TimeRanges([window])
    }
    guard let zoneName = hours.timeZone else {
      notes.append(.unknownZone(attendee.name, zone: "none given"))
      return TimeRanges([window])
    }
    let zone = ZoneResolver.resolve(zoneName)
    switch zone.rules {
    case .unknown:
      notes.append(.unknownZone(attendee.name, zone: zone.source))
      return TimeRanges([window])
    case .fixed:
      notes.append(.offsetOnlyZone(attendee.name, zone: zone.source))
    case .iana, .custom:
      break
    }
    return hours.spans(overlapping: window, in: zone)
  }
}

/// Something the asker should know about a result.
public enum FreeSlotNote: Sendable, Equatable {
  case noWorkingHours(CleanText)
  case scheduleError(CleanText, FreeBusyError)
  /// Their working hours could not be placed, so they were not applied.
  case unknownZone(CleanText, zone: CleanText)
  /// Placed by the offset in the zone's name; a daylight-saving change would be missed.
  case offsetOnlyZone(CleanText, zone: CleanText)
  /// No schedule could be read at all, so no time is offered.
  case nobodyCounted
  /// Out of office for all or part of the day, back at `until` (on the asker's clock).
  case outOfOffice(CleanText, until: CleanText)

  var isNoWorkingHours: Bool { if case .noWorkingHours = self { true } else { false } }
  var isOutOfOffice: Bool { if case .outOfOffice = self { true } else { false } }

  public var text: String {
    switch self {
    case .noWorkingHours(let name):
      return "\(name) has no working hours set; only their calendar was used."
    case .scheduleError(let name, let error):
      let code = error.responseCode.map { " (\($0))" } ?? ""
      return "\(name)'s schedule could not be read\(code): \(error.message) They were left out."
    case .unknownZone(let name, let zone):
      return "\(name)'s working hours are in a time zone Roster does not know (\(zone)); they were not applied."
    case .offsetOnlyZone(let name, let zone):
      return "\(name)'s time zone (\(zone)) was read as a fixed offset; a daylight-saving change would be missed."
    case .nobodyCounted:
      return "No schedule could be read, so no free time is offered."
    case .outOfOffice(let name, let until):
      return "\(name) is out of office until \(until) (your clock); their time away was left out."
    }
  }

  /// A stable word for scripts (`--json`).
  public var kind: String {
    switch self {
    case .noWorkingHours: return "noWorkingHours"
    case .scheduleError: return "scheduleError"
    case .unknownZone: return "unknownZone"
    case .offsetOnlyZone: return "offsetOnlyZone"
    case .nobodyCounted: return "nobodyCounted"
    case .outOfOffice: return "outOfOffice"
    }
  }
}

extension FreeSlots {
  /// "17:00–18:30" on `zone`'s clock, with the weekday before a time that is not on `day` there
  /// ("Sat 01:00–02:30"); "?" for an unknown zone.
  public static func clock(_ slot: Range<Date>, in zone: ResolvedZone, day: CivilDay) -> String {
    guard let from = zone.local(slot.lowerBound), let to = zone.local(slot.upperBound) else { return "?" }
    func stamp(_ local: LocalDateTime) -> String {
      local.day == day ? local.clock : local.day.weekday.short + " " + local.clock
    }
    // A slot ending at midnight ends "24:00" of its day, not "00:00" of the next.
    var end = stamp(to)
    if to.seconds == 0, to.day == from.day.adding(days: 1) {
      end = from.day == day ? "24:00" : from.day.weekday.short + " 24:00"
    }
    return stamp(from) + "–" + end
  }
}
