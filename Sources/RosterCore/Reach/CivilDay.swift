import Foundation

/// A calendar date with no zone attached ("2026-03-29"), and the minutes into it: the wall-clock
/// terms Graph states working hours and transition rules in.
///
/// All arithmetic goes through one proleptic Gregorian calendar fixed at UTC, so a civil date maps
/// to a `Date` "as if it were UTC" and a zone's offset is the only thing that moves it. That keeps
/// IANA zones, Graph's custom zones and offset-only zones on one code path (`ResolvedZone`).
public struct CivilDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `YYYY-MM-DD` only; nil for anything else or a date that does not exist.
  public init?(iso text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
    guard Self.utc.date(from: components).map(CivilDay.init(utcDate:)) == self else { return nil }
  }

  /// The civil date of `date` read at UTC.
  public init(utcDate date: Date) {
    let parts = Self.utc.dateComponents([.year, .month, .day], from: date)
    self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// Midnight of this date, read as UTC.
  public var utcMidnight: Date { Self.utc.date(from: components) ?? Date(timeIntervalSince1970: 0) }

  public var weekday: Weekday { Weekday(rawValue: Self.utc.component(.weekday, from: utcMidnight)) ?? .sunday }

  public func adding(days: Int) -> CivilDay { CivilDay(utcDate: utcMidnight.addingTimeInterval(Double(days) * 86_400)) }

  /// Days in this date's month (28…31).
  public var daysInMonth: Int { Self.utc.range(of: .day, in: .month, for: utcMidnight)?.count ?? 30 }

  public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

  public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private var components: DateComponents { DateComponents(year: year, month: month, day: day) }

  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
    return calendar
  }()
}

/// A wall-clock moment: a civil date and the seconds into it (which may pass 24 h for "the next
/// morning" when working hours cross midnight).
public struct LocalDateTime: Sendable, Hashable {
  public var day: CivilDay
  public var seconds: Int

  public init(day: CivilDay, seconds: Int) {
    self.day = day
    self.seconds = seconds
  }

  /// The moment read as if it were UTC: subtracting a zone's offset turns it into the real instant.
  public var asUTC: Date { day.utcMidnight.addingTimeInterval(Double(seconds)) }

  /// The wall clock `date` shows at `offset` seconds east of UTC.
  public init(_ date: Date, offset: Int) {
    let shifted = date.addingTimeInterval(Double(offset))
    let day = CivilDay(utcDate: shifted)
    self.init(day: day, seconds: Int(shifted.timeIntervalSince(day.utcMidnight).rounded(.down)))
  }

  /// `HH:MM`.
  public var clock: String { String(format: "%02d:%02d", seconds / 3600 % 24, seconds / 60 % 60) }
}
