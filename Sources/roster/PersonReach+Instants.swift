import Foundation
import RosterCore

/// What a script needs beside the reach lines' words (issue 40: `show --json` held only prose
/// such as "06:59 in Kolkata, 5 h 30 min ahead of you"): the zone's id, its UTC offset now, and
/// ISO 8601 instants for the local time and for today's working hours, with their offset.
extension PersonReach {
  /// The person's zone as facts.
  struct ZoneFacts: Encodable, Equatable {
    /// The IANA id the zone resolved to; nil for a zone known only by an offset or not at all.
    var id: String?
    /// The name Graph gave (a Windows or IANA name).
    var name: String
    /// "+05:30" at the moment read; nil when the zone is unknown.
    var utcOffset: String?
    /// Now on their clock, ISO 8601 with their offset ("2026-12-02T06:59:00+05:30").
    var localTime: String?
  }

  /// Today's working hours in the person's zone as two instants (the end on the next day when
  /// the hours pass midnight); nil on a day off or without hours.
  struct Interval: Encodable, Equatable {
    var start: String
    var end: String
  }

  static func zoneFacts(_ zone: ResolvedZone, at now: Date) -> ZoneFacts {
    let offset = zone.secondsFromGMT(at: now)
    return ZoneFacts(
      id: zone.ianaIdentifier, name: zone.source.string, utcOffset: offset.map(offsetText),
      localTime: offset.map { iso8601(now, offset: $0) })
  }

  static func workingDay(_ hours: WorkingHours?, zone: ResolvedZone, at now: Date) -> Interval? {
    guard let hours, !hours.isEmpty, let local = zone.local(now),
      let weekday = Weekday(rawValue: utcCalendar.component(.weekday, from: local.asUTC)),
      hours.days.contains(weekday),
      let start = zone.instant(LocalDateTime(day: local.day, seconds: hours.start.seconds)),
      let end = zone.instant(
        LocalDateTime(
          day: local.day, seconds: hours.end.seconds + (hours.end <= hours.start ? 86_400 : 0))),
      let startOffset = zone.secondsFromGMT(at: start), let endOffset = zone.secondsFromGMT(at: end)
    else { return nil }
    return Interval(start: iso8601(start, offset: startOffset), end: iso8601(end, offset: endOffset))
  }

  /// Reads a wall clock held as if it were UTC (`LocalDateTime.asUTC`).
  private static var utcCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return calendar
  }

  /// "+05:30", "-08:00", "+00:00".
  static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    return String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
  }

  /// `date` on a clock `offset` seconds east of UTC, ISO 8601 to the second.
  static func iso8601(_ date: Date, offset: Int) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(secondsFromGMT: offset)
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  private enum Key: String, CodingKey {
    case presence, outOfOffice, outOfOfficeMessage, statusMessage, statusMessageExpires, localTime, timeZone
    case zone, workingHours, workingHoursToday, workingHoursAsOf, today, notes
  }

  /// Every key always, `null` when unknown: one shape for scripts, as the people lists have.
  func encode(to encoder: any Encoder) throws {
    var out = encoder.container(keyedBy: Key.self)
    try out.encode(presence, forKey: .presence)
    try out.encode(outOfOffice, forKey: .outOfOffice)
    try out.encode(outOfOfficeMessage, forKey: .outOfOfficeMessage)
    try out.encode(statusMessage, forKey: .statusMessage)
    try out.encode(statusMessageExpires, forKey: .statusMessageExpires)
    try out.encode(localTime, forKey: .localTime)
    try out.encode(timeZone, forKey: .timeZone)
    try out.encode(zone, forKey: .zone)
    try out.encode(workingHours, forKey: .workingHours)
    try out.encode(workingHoursToday, forKey: .workingHoursToday)
    try out.encode(workingHoursAsOf, forKey: .workingHoursAsOf)
    try out.encode(today, forKey: .today)
    try out.encode(notes, forKey: .notes)
  }
}
