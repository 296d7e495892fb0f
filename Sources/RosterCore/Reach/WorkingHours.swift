import Foundation

/// A day of the week, numbered as Foundation's Gregorian calendar numbers them (Sunday = 1).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
  case sunday = 1
  case monday, tuesday, wednesday, thursday, friday, saturday

  /// Graph spells days in lower case English (`dayOfWeek`): "monday".
  public init?(graphName: String) {
    guard let day = Self.allCases.first(where: { $0.graphName == graphName.lowercased() }) else { return nil }
    self = day
  }

  public var graphName: String { String(describing: self) }

  /// "Mon".
  public var short: String { graphName.prefix(1).uppercased() + graphName.dropFirst().prefix(2) }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Seconds since midnight, as Graph's `Edm.TimeOfDay` ("08:00:00.0000000") gives it.
public struct TimeOfDay: Sendable, Hashable, Comparable {
  public var seconds: Int

  public init(seconds: Int) { self.seconds = seconds }

  public init(hour: Int, minute: Int = 0) { seconds = hour * 3600 + minute * 60 }

  /// `HH:MM[:SS[.fffffff]]`; nil for anything else.
  public init?(graph text: String) {
    let parts = text.split(separator: ".", maxSplits: 1)[0].split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2]) : 0
    guard let second, (0..<60).contains(second) else { return nil }
    seconds = hour * 3600 + minute * 60 + second
  }

  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.seconds < rhs.seconds }
}

/// When someone works, in the zone they work in (`workingHours`). Graph gives one start and one end
/// for all the listed days; an end at or before the start means the day ends after midnight.
public struct WorkingHours: Sendable, Equatable {
  public var days: Set<Weekday>
  public var start: TimeOfDay
  public var end: TimeOfDay
  public var timeZone: ScheduleTimeZone?

  public init(days: Set<Weekday>, start: TimeOfDay, end: TimeOfDay, timeZone: ScheduleTimeZone?) {
    self.days = days
    self.start = start
    self.end = end
    self.timeZone = timeZone
  }

  /// No day to work on: the person set no working hours (Graph still sends the object).
  public var isEmpty: Bool { days.isEmpty }
}
