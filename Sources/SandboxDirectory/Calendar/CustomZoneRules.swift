import Foundation

/// Graph's `customTimeZone` rules, Windows style (`TIME_ZONE_INFORMATION`): UTC = local + `bias`
/// (+ `daylightBias` in summer), so Pacific time is `bias` 480 with `daylightBias` -60, as Graph's
/// getSchedule example sends it.
public struct CustomZoneRules: Sendable, Equatable {
  /// A yearly change: the `occurrence`-th `weekday` (1 = Sunday) of `month` at local `hour`;
  /// occurrence 5 is the month's last such day.
  public struct Transition: Sendable, Equatable {
    public var month: Int
    public var occurrence: Int
    public var weekday: Int
    public var hour: Int

    public init(month: Int, occurrence: Int, weekday: Int, hour: Int) {
      self.month = month
      self.occurrence = occurrence
      self.weekday = weekday
      self.hour = hour
    }

    /// Days since 1970-01-01 of this change in `year`.
    func day(in year: Int) -> Int {
      let first = CalendarDays.day(year: year, month: month, day: 1)
      let firstWeekday = CalendarDays.weekday(first)
      var date = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (min(occurrence, 5) - 1)
      while date > CalendarDays.daysIn(year: year, month: month) { date -= 7 }
      return first + date - 1
    }

    func json(daylightBias: Int?) -> JSONValue {
      var members: [(String, JSONValue)] = []
      if let daylightBias { members.append(("daylightBias", .number(Double(daylightBias)))) }
      members += [
        ("time", .string(String(format: "%02d:00:00.0000000", hour))),
        ("dayOccurrence", .number(Double(occurrence))),
        ("dayOfWeek", .string(CalendarDays.weekdayNames[weekday - 1])), ("month", .number(Double(month))),
        ("year", .number(0)),
      ]
      return .object(members)
    }
  }

  public var bias: Int
  public var daylightBias: Int
  /// When summer time ends; nil with `daylight` nil: no summer time.
  public var standard: Transition?
  /// When summer time starts.
  public var daylight: Transition?

  public init(bias: Int, daylightBias: Int = 0, standard: Transition? = nil, daylight: Transition? = nil) {
    self.bias = bias
    self.daylightBias = daylightBias
    self.standard = standard
    self.daylight = daylight
  }

  public func secondsFromGMT(at date: Date) -> Int {
    let standardOffset = -bias * 60
    guard let standard, let daylight, daylightBias != 0 else { return standardOffset }
    let summerOffset = -(bias + daylightBias) * 60
    let year = CalendarDays.civil(Int((date.timeIntervalSince1970 + Double(standardOffset)) / 86_400)).year
    // Summer starts at local standard time and ends at local summer time.
    let starts = Double(daylight.day(in: year) * 86_400 + daylight.hour * 3600 - standardOffset)
    let ends = Double(standard.day(in: year) * 86_400 + standard.hour * 3600 - summerOffset)
    let now = date.timeIntervalSince1970
    // South of the equator summer spans the new year.
    let inSummer = starts < ends ? (starts <= now && now < ends) : !(ends <= now && now < starts)
    return inSummer ? summerOffset : standardOffset
  }
}

/// Civil-date arithmetic on days since 1970-01-01 (proleptic Gregorian), without Foundation's
/// calendars, so the sandbox's days are the same on every machine.
public enum CalendarDays {
  public static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

  /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
  public static func day(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The civil date of a day number.
  public static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday).
  public static func weekday(_ days: Int) -> Int { ((days % 7 + 7) % 7 + 4) % 7 + 1 }

  static func daysIn(year: Int, month: Int) -> Int {
    let next = month == 12 ? day(year: year + 1, month: 1, day: 1) : day(year: year, month: month + 1, day: 1)
    return next - day(year: year, month: month, day: 1)
  }
}
