import Foundation

/// One entry of a generated calendar, as getSchedule's `scheduleItem` carries it.
public struct CalendarItem: Sendable, Equatable {
  /// `free`, `tentative`, `busy`, `oof`, `workingElsewhere`.
  public var status: String
  public var start: Date
  public var end: Date
  public var subject: String
  public var location: String?
  public var isPrivate: Bool

  public init(status: String, start: Date, end: Date, subject: String, location: String? = nil, isPrivate: Bool = false)
  {
    self.status = status
    self.start = start
    self.end = end
    self.subject = subject
    self.location = location
    self.isPrivate = isPrivate
  }
}

extension CalendarProfile {
  /// The person's entries on their local `day` (days since 1970-01-01), in start order. `away`
  /// makes the day one all-day out-of-office entry (the person is on leave; the sandbox's
  /// presence says so too). Drawn from (seed, id, day), so every request sees the same day.
  public func items(id: String, seed: UInt64, day: Int, away: Bool) -> [CalendarItem] {
    func at(_ seconds: Int) -> Date { zone.instant(day: day, seconds: seconds) }
    if away {
      return [
        CalendarItem(
          status: "oof", start: at(0), end: zone.instant(day: day + 1, seconds: 0), subject: "Out of office",
          isPrivate: false)
      ]
    }
    var random = SeededRandom(seed: seed ^ Self.hash(id) ^ (UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15))
    let weekday = CalendarDays.weekday(day)
    let works = workingDays.isEmpty ? (2...6).contains(weekday) : workingDays.contains(weekday)
    guard works else {
      guard random.below(12) == 0 else { return [] }
      return [
        CalendarItem(status: "busy", start: at(10 * 3600), end: at(12 * 3600), subject: "Family", isPrivate: true)
      ]
    }
    let dayStart = start
    let dayEnd = max(end, start + 4 * 3600)
    var items: [CalendarItem] = []
    if random.chance(60) {
      let stand = dayStart + 1800
      items.append(
        CalendarItem(
          status: "busy", start: at(stand), end: at(stand + 900), subject: "Stand-up",
          location: "Microsoft Teams Meeting"))
    }
    for _ in 0..<(1 + random.below(3)) {
      let slots = max(1, (dayEnd - dayStart) / 1800 - 2)
      let begin = dayStart + 1800 * (1 + random.below(slots))
      let length = [1800, 3600, 3600, 5400][random.below(4)]
      let (subject, location) = Self.meetings[random.below(Self.meetings.count)]
      items.append(
        CalendarItem(
          status: random.chance(30) ? "tentative" : "busy", start: at(begin), end: at(min(begin + length, dayEnd)),
          subject: subject, location: location))
    }
    if random.chance(20) {
      items.append(
        CalendarItem(status: "busy", start: at(12 * 3600), end: at(13 * 3600), subject: "Lunch", isPrivate: true))
    }
    if random.chance(12) {
      let from = dayStart + 4 * 3600
      items.append(
        CalendarItem(status: "workingElsewhere", start: at(from), end: at(dayEnd), subject: "Working from home"))
    }
    if random.chance(6) {
      let from = dayStart + 2 * 3600
      items.append(
        CalendarItem(status: "oof", start: at(from), end: at(from + 2 * 3600), subject: "Dentist", isPrivate: true))
    }
    return items.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }

  static let meetings: [(String, String?)] = [
    ("Design review", "Microsoft Teams Meeting"), ("1:1", nil), ("Customer call", "Microsoft Teams Meeting"),
    ("Planning", "Room 4.12"), ("Interview", nil), ("Budget <Q3> & \"forecast\"", "Board room"),
    ("Incident review", "Microsoft Teams Meeting"), ("Focus time", nil),
  ]
}

/// Bookings of a room mailbox: meetings in its building's day, with the organiser as the
/// subject (as Exchange shows a room's bookings by default) and no working hours.
public enum RoomBookings {
  public static func items(email: String, zone: CalendarZone, seed: UInt64, day: Int) -> [CalendarItem] {
    var random = SeededRandom(
      seed: seed ^ CalendarProfile.hash(email) ^ (UInt64(bitPattern: Int64(day)) &* 0xBF58_476D_1CE4_E5B9))
    guard (2...6).contains(CalendarDays.weekday(day)) else { return [] }
    var items: [CalendarItem] = []
    var hour = 8 * 3600
    while hour < 18 * 3600 {
      if random.chance(45) {
        let length = [1800, 3600, 3600, 5400][random.below(4)]
        items.append(
          CalendarItem(
            status: "busy", start: zone.instant(day: day, seconds: hour),
            end: zone.instant(day: day, seconds: min(hour + length, 19 * 3600)), subject: "Booked"))
        hour += length
      }
      hour += 1800
    }
    return items
  }

  /// The zone of a site's rooms, by the city on their address (UTC when the city is not one of
  /// the sandbox's sites).
  public static func zone(city: String?) -> CalendarZone {
    let id = city.flatMap { OfficeZones.byCity[$0] } ?? "UTC"
    return CalendarZone(name: id, rules: .iana(id))
  }
}
