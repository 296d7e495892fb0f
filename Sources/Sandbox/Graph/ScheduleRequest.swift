import Foundation
import SandboxDirectory

/// getSchedule's request body, read as Graph reads it: property names in any case (Graph's own
/// concept page writes `Schedules` and `StartTime`), `availabilityViewInterval` as a number or a
/// numeric string, times as `dateTimeTimeZone` in a zone Graph knows.
struct ScheduleRequest: Sendable {
  var schedules: [String]
  var start: Date
  var end: Date
  /// Minutes a slot of `availabilityView` spans (5–1440, default 30).
  var interval: Int

  /// Documented: "up to 20 entities at once" (concepts/outlook-get-free-busy-schedule).
  static let maxSchedules = 20
  /// Documented: "The time period to look up must be less than 62 days".
  static let maxDays = 62

  static func parse(_ body: String) throws(GraphError) -> ScheduleRequest {
    guard let data = body.data(using: .utf8), let root = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .object(let members) = root
    else { throw invalid("The request body must be a JSON object.") }
    func member(_ name: String) -> JSONValue? { members.first { $0.0.lowercased() == name.lowercased() }?.1 }
    guard case .array(let values)? = member("schedules"), !values.isEmpty else {
      throw invalid("The parameter 'Schedules' must list at least one SMTP address.")
    }
    var schedules: [String] = []
    for value in values {
      guard case .string(let address) = value else { throw invalid("Every entry of 'Schedules' must be a string.") }
      schedules.append(address)
    }
    guard schedules.count <= maxSchedules else {
      // The code and text the live service sends above its own (higher) limit: docs-contrib#5895.
      throw GraphError(
        status: 400, code: "ErrorMailboxDataArrayTooBig",
        message:
          "There are too many target users in the EmailAddress array. The allowed size = \(maxSchedules); the actual size = \(schedules.count)."
      )
    }
    let start = try instant(member("startTime"), "StartTime")
    let end = try instant(member("endTime"), "EndTime")
    guard start < end else { throw invalid("The StartTime must be earlier than the EndTime.") }
    guard end.timeIntervalSince(start) < Double(maxDays * 86_400) else {
      throw GraphError(
        status: 400, code: "ErrorTimeIntervalTooBig",
        message: "The time period to look up must be less than \(maxDays) days.")
    }
    var interval = 30
    switch member("availabilityViewInterval") {
    case nil, .null?: break
    case .number(let number)?: interval = Int(exactly: number) ?? -1
    case .string(let text)?: interval = Int(text.trimmingCharacters(in: .whitespaces)) ?? -1
    default: interval = -1
    }
    guard (5...1440).contains(interval) else {
      throw invalid("The availabilityViewInterval must be between 5 and 1440 minutes.")
    }
    return ScheduleRequest(schedules: schedules, start: start, end: end, interval: interval)
  }

  /// A `dateTimeTimeZone`: `2026-03-09T08:00:00[.fffffff]` in the zone named beside it.
  static func instant(_ value: JSONValue?, _ name: String) throws(GraphError) -> Date {
    guard case .string(let text)? = value?["dateTime"] else {
      throw invalid("The parameter '\(name)' must be a dateTimeTimeZone with a dateTime.")
    }
    var zoneName = "UTC"
    if case .string(let named)? = value?["timeZone"] { zoneName = named }
    guard let zone = CalendarZone.named(zoneName) else {
      throw GraphError(
        status: 400, code: "ErrorTimeZoneException", message: "A valid TimeZone value must be specified.")
    }
    guard let local = localTime(text) else { throw invalid("The value of '\(name)' is not a valid dateTime.") }
    return zone.instant(day: local.day, seconds: local.seconds)
  }

  /// `YYYY-MM-DDTHH:MM[:SS[.f…]]` as a local day and seconds.
  static func localTime(_ text: String) -> (day: Int, seconds: Int)? {
    let halves = text.split(separator: "T", maxSplits: 1).map(String.init)
    guard halves.count == 2 else { return nil }
    let date = halves[0].split(separator: "-").compactMap { Int($0) }
    let clock = halves[1].prefix { $0 != "." && $0 != "Z" && $0 != "+" }.split(separator: ":").compactMap { Int($0) }
    guard date.count == 3, (2...3).contains(clock.count), (1...12).contains(date[1]), (1...31).contains(date[2]),
      (0..<24).contains(clock[0]), (0..<60).contains(clock[1])
    else { return nil }
    let seconds = clock[0] * 3600 + clock[1] * 60 + (clock.count == 3 ? clock[2] : 0)
    return (CalendarDays.day(year: date[0], month: date[1], day: date[2]), seconds)
  }

  private static func invalid(_ message: String) -> GraphError {
    GraphError(status: 400, code: "ErrorInvalidParameter", message: message)
  }
}
