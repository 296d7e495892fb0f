import Foundation

/// A time zone as Graph states it for working hours (`timeZoneBase`): a name — Windows ("Pacific
/// Standard Time") or IANA ("Asia/Singapore") — or a `customTimeZone` with its own rules.
public enum ScheduleTimeZone: Sendable, Equatable {
  case named(CleanText)
  case custom(CustomTimeZone)

  /// The name as Graph sent it, for messages.
  public var name: CleanText {
    switch self {
    case .named(let name): return name
    case .custom(let zone): return zone.name ?? "custom time zone"
    }
  }
}

/// Graph's `customTimeZone`: a standard offset and, when the zone keeps daylight saving time, the
/// yearly rules for entering and leaving it.
///
/// Signs follow Windows (`TIME_ZONE_INFORMATION`), not the sentence in Graph's resource page:
/// UTC = local + `bias` (+ `daylightBias` in summer), so Pacific time is `bias` 480 with
/// `daylightBias` -60. Graph's own getSchedule example sends exactly that for Pacific time, and
/// microsoft-graph-docs#15217 reports +480 from the live API.
public struct CustomTimeZone: Sendable, Equatable {
  public var name: CleanText?
  /// Minutes to add to local standard time to get UTC.
  public var bias: Int
  /// When summer time ends (`standardOffset`); nil or month 0: no daylight saving time.
  public var standard: ZoneTransition?
  /// When summer time starts (`daylightOffset`).
  public var daylight: ZoneTransition?
  /// Minutes added to `bias` during summer time (usually -60).
  public var daylightBias: Int

  public init(
    name: CleanText? = nil, bias: Int, standard: ZoneTransition? = nil, daylight: ZoneTransition? = nil,
    daylightBias: Int = 0
  ) {
    self.name = name
    self.bias = bias
    self.standard = standard
    self.daylight = daylight
    self.daylightBias = daylightBias
  }
}

/// A yearly transition, Windows style: the `occurrence`-th `weekday` of `month` at local `time`;
/// occurrence 5 (or one past the month's last) means the last such day.
public struct ZoneTransition: Sendable, Equatable {
  public var month: Int
  public var occurrence: Int
  public var weekday: Weekday
  public var time: TimeOfDay
  /// Graph documents it as "how frequently in terms of years"; 0 is every year, the only value
  /// its examples show. Any value is evaluated as every year.
  public var year: Int

  public init(month: Int, occurrence: Int, weekday: Weekday, time: TimeOfDay, year: Int = 0) {
    self.month = month
    self.occurrence = occurrence
    self.weekday = weekday
    self.time = time
    self.year = year
  }

  /// The civil date of this transition in `year`; nil when the rule names no real month.
  public func day(in year: Int) -> CivilDay? {
    guard (1...12).contains(month), occurrence >= 1 else { return nil }
    let first = CivilDay(year: year, month: month, day: 1)
    var day = 1 + (weekday.rawValue - first.weekday.rawValue + 7) % 7 + 7 * (min(occurrence, 5) - 1)
    while day > first.daysInMonth { day -= 7 }
    return CivilDay(year: year, month: month, day: day)
  }
}

extension CustomTimeZone {
  /// Seconds east of UTC at `date`, daylight saving time included when the rules say so.
  public func secondsFromGMT(at date: Date) -> Int {
    let standardOffset = -bias * 60
    guard let rules = rules else { return standardOffset }
    let summerOffset = -(bias + daylightBias) * 60
    let year = LocalDateTime(date, offset: standardOffset).day.year
    // Summer starts at its local standard time and ends at its local summer time.
    guard let start = rules.start.day(in: year), let end = rules.end.day(in: year) else { return standardOffset }
    let starts = LocalDateTime(day: start, seconds: rules.start.time.seconds).asUTC.addingTimeInterval(
      Double(-standardOffset))
    let ends = LocalDateTime(day: end, seconds: rules.end.time.seconds).asUTC.addingTimeInterval(
      Double(-summerOffset))
    // South of the equator summer spans the new year: it starts late in the year and ends early.
    let inSummer = starts < ends ? (starts <= date && date < ends) : !(ends <= date && date < starts)
    return inSummer ? summerOffset : standardOffset
  }

  /// Both transitions, when the zone keeps summer time at all (month 0 or no bias change: it does not).
  private var rules: (start: ZoneTransition, end: ZoneTransition)? {
    guard let daylight, let standard, daylight.month != 0, standard.month != 0, daylightBias != 0 else { return nil }
    return (daylight, standard)
  }
}
