import Foundation
import RosterCore

/// Decodes getSchedule's answer (a collection of `scheduleInformation`) leniently, as the other
/// decoders do: a field of the wrong type is absent, an item without a readable start and end is
/// dropped, and only a body that is not a collection is malformed. Text is cleaned here, where it
/// enters the program.
enum ScheduleDecoding {
  static func schedules(from data: Data) throws(DirectoryError) -> [PersonSchedule] {
    try ODataCollection(data).objects.compactMap(schedule(from:))
  }

  static func schedule(from object: [String: Any]) -> PersonSchedule? {
    guard let id = object["scheduleId"] as? String, !id.isEmpty else { return nil }
    var schedule = PersonSchedule(address: CleanText(id))
    if let error = object["error"] as? [String: Any] {
      schedule.error = FreeBusyError(
        message: text(error["message"]) ?? "Microsoft Graph gave no reason.", responseCode: text(error["responseCode"]))
    }
    schedule.items = (object["scheduleItems"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).flatMap(item) }
    schedule.workingHours = (object["workingHours"] as? [String: Any]).map(workingHours)
    return schedule
  }

  static func item(from object: [String: Any]) -> ScheduleItem? {
    guard let start = instant(object["start"]), let end = instant(object["end"]) else { return nil }
    return ScheduleItem(
      status: FreeBusyStatus(graph: object["status"] as? String ?? ""), start: start, end: max(start, end),
      subject: text(object["subject"]), location: text(object["location"]), isPrivate: object["isPrivate"] as? Bool)
  }

  static func workingHours(from object: [String: Any]) -> WorkingHours {
    let days = (object["daysOfWeek"] as? [Any] ?? []).compactMap { ($0 as? String).flatMap(Weekday.init(graphName:)) }
    let start = (object["startTime"] as? String).flatMap(TimeOfDay.init(graph:))
    let end = (object["endTime"] as? String).flatMap(TimeOfDay.init(graph:))
    // Days without readable times cannot be placed: no working hours, said so downstream.
    return WorkingHours(
      days: start == nil || end == nil ? [] : Set(days), start: start ?? TimeOfDay(seconds: 0),
      end: end ?? TimeOfDay(seconds: 0), timeZone: (object["timeZone"] as? [String: Any]).flatMap(timeZone))
  }

  /// A `customTimeZone` when it carries a bias, else a named zone.
  static func timeZone(from object: [String: Any]) -> ScheduleTimeZone? {
    let name = text(object["name"])?.nonEmpty
    let type = object["@odata.type"] as? String ?? ""
    if let bias = integer(object["bias"]), type.isEmpty || type.hasSuffix("customTimeZone") {
      let daylight = object["daylightOffset"] as? [String: Any]
      return .custom(
        CustomTimeZone(
          name: name, bias: bias, standard: (object["standardOffset"] as? [String: Any]).flatMap(transition),
          daylight: daylight.flatMap(transition), daylightBias: daylight.flatMap { integer($0["daylightBias"]) } ?? 0))
    }
    return name.map(ScheduleTimeZone.named)
  }

  static func transition(from object: [String: Any]) -> ZoneTransition? {
    guard let month = integer(object["month"]), let occurrence = integer(object["dayOccurrence"]),
      let weekday = (object["dayOfWeek"] as? String).flatMap(Weekday.init(graphName:)),
      let time = (object["time"] as? String).flatMap(TimeOfDay.init(graph:))
    else { return nil }
    return ZoneTransition(
      month: month, occurrence: occurrence, weekday: weekday, time: time, year: integer(object["year"]) ?? 0)
  }

  /// A `dateTimeTimeZone` as an instant. The client asks for UTC (`Prefer: outlook.timezone`);
  /// should Graph answer in another zone, that zone is resolved, and an unknown one read as UTC.
  static func instant(_ value: Any?) -> Date? {
    guard let object = value as? [String: Any], let text = object["dateTime"] as? String,
      let local = localDateTime(text)
    else { return nil }
    let zone = (object["timeZone"] as? String).map { ZoneResolver.resolve(name: CleanText($0)) }
    guard let zone, zone.isKnown || zone.secondsFromGMT(at: local.asUTC) != nil else { return local.asUTC }
    return zone.instant(local) ?? local.asUTC
  }

  /// `2019-03-15T12:00:00.0000000` (no zone: it is given beside it).
  static func localDateTime(_ text: String) -> LocalDateTime? {
    let halves = text.split(separator: "T", maxSplits: 1)
    guard halves.count == 2, let day = CivilDay(iso: String(halves[0])),
      let time = TimeOfDay(graph: String(halves[1].prefix { $0 != "Z" && $0 != "+" }))
    else { return nil }
    return LocalDateTime(day: day, seconds: time.seconds)
  }

  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  /// A whole number that is not a JSON boolean.
  private static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    return Int(exactly: number.doubleValue)
  }
}
