import Foundation
import RosterCore

/// Working hours as the index keeps them: JSON in Graph's own shape (`workingHours`: `daysOfWeek`,
/// `startTime`, `endTime`, `timeZone` with a `name`, or a custom zone's `bias`, `standardOffset`
/// and `daylightOffset`), so the zone stays as Graph sent it — a Windows or IANA name, or custom
/// rules — and is resolved again each time it is shown, with the zone tables of the build that
/// shows it.
struct WorkingHoursJSON: Codable, Equatable {
  var daysOfWeek: [String]
  var startTime: String
  var endTime: String
  var timeZone: Zone?

  struct Zone: Codable, Equatable {
    var name: String?
    var bias: Int?
    var standardOffset: Transition?
    var daylightOffset: Transition?
  }

  struct Transition: Codable, Equatable {
    var month: Int
    var dayOccurrence: Int
    var dayOfWeek: String
    var time: String
    var year: Int
    var daylightBias: Int?
  }

  init(_ hours: WorkingHours) {
    daysOfWeek = hours.days.sorted().map(\.graphName)
    startTime = Self.text(hours.start)
    endTime = Self.text(hours.end)
    switch hours.timeZone {
    case .named(let name): timeZone = Zone(name: name.string)
    case .custom(let zone):
      var daylight = zone.daylight.map(Self.transition)
      daylight?.daylightBias = zone.daylightBias
      timeZone = Zone(
        name: zone.name?.string, bias: zone.bias, standardOffset: zone.standard.map(Self.transition),
        daylightOffset: daylight)
    case nil: timeZone = nil
    }
  }

  /// The hours again; nil when a time is not one `TimeOfDay` reads (a row written by something else).
  var hours: WorkingHours? {
    guard let start = TimeOfDay(graph: startTime), let end = TimeOfDay(graph: endTime) else { return nil }
    let days = Set(daysOfWeek.compactMap(Weekday.init(graphName:)))
    return WorkingHours(days: days, start: start, end: end, timeZone: timeZone.flatMap(Self.zone))
  }

  private static func zone(_ zone: Zone) -> ScheduleTimeZone? {
    let name = zone.name.map { CleanText($0) }
    guard let bias = zone.bias else { return name.map(ScheduleTimeZone.named) }
    return .custom(
      CustomTimeZone(
        name: name, bias: bias, standard: zone.standardOffset.flatMap(transition),
        daylight: zone.daylightOffset.flatMap(transition), daylightBias: zone.daylightOffset?.daylightBias ?? 0))
  }

  private static func transition(_ rule: ZoneTransition) -> Transition {
    Transition(
      month: rule.month, dayOccurrence: rule.occurrence, dayOfWeek: rule.weekday.graphName, time: text(rule.time),
      year: rule.year)
  }

  private static func transition(_ rule: Transition) -> ZoneTransition? {
    guard let weekday = Weekday(graphName: rule.dayOfWeek), let time = TimeOfDay(graph: rule.time) else { return nil }
    return ZoneTransition(
      month: rule.month, occurrence: rule.dayOccurrence, weekday: weekday, time: time, year: rule.year)
  }

  /// "08:00:00", as Graph writes `Edm.TimeOfDay` (without its fraction).
  private static func text(_ time: TimeOfDay) -> String {
    String(format: "%02d:%02d:%02d", time.seconds / 3600, time.seconds / 60 % 60, time.seconds % 60)
  }
}
