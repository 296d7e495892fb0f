import Foundation

/// One mailbox's calendar as the sandbox's getSchedule shows it, drawn from the person's id and
/// the sandbox seed alone (so a seed gives the same week every run, and a person keeps their zone
/// when others are added): the zone their working hours are stated in, the hours, whether others
/// see subjects, and whether free/busy can be read at all.
public struct CalendarProfile: Sendable, Equatable {
  public var zone: CalendarZone
  /// 1 = Sunday … 7 = Saturday; empty: the person set no working hours.
  public var workingDays: [Int]
  /// Seconds after local midnight.
  public var start: Int
  public var end: Int
  /// Whether the calendar lets colleagues see subjects and locations (else free/busy only).
  public var sharesDetails: Bool
  /// Free/busy cannot be read (Graph's per-schedule `error`).
  public var unreadable: Bool

  /// The zones handed out, with weights out of 100: IANA ids, Windows names, custom zones (one with
  /// northern and one with southern summer time, one without), and one name no client knows.
  public static let spread: [(zone: CalendarZone, weight: Int)] = [
    (CalendarZone(name: "America/New_York", rules: .iana("America/New_York")), 9),
    (CalendarZone(name: "Asia/Singapore", rules: .iana("Asia/Singapore")), 6),
    (CalendarZone(name: "Europe/London", rules: .iana("Europe/London")), 8),
    (CalendarZone(name: "Australia/Sydney", rules: .iana("Australia/Sydney")), 4),
    (CalendarZone(name: "America/Sao_Paulo", rules: .iana("America/Sao_Paulo")), 3),
    (CalendarZone(name: "Pacific Standard Time", rules: .iana("America/Los_Angeles")), 12),
    (CalendarZone(name: "W. Europe Standard Time", rules: .iana("Europe/Berlin")), 12),
    (CalendarZone(name: "India Standard Time", rules: .iana("Asia/Kolkata")), 9),
    (CalendarZone(name: "Eastern Standard Time", rules: .iana("America/New_York")), 6),
    (CalendarZone(name: "GMT Standard Time", rules: .iana("Europe/London")), 5),
    (CalendarZone(name: "Tokyo Standard Time", rules: .iana("Asia/Tokyo")), 5),
    (CalendarZone(name: "Israel Standard Time", rules: .iana("Asia/Jerusalem")), 3),
    (CalendarZone(name: "Arabian Standard Time", rules: .iana("Asia/Dubai")), 2),
    (customPacific, 8),
    (customNewZealand, 3),
    (customNepal, 2),
    (CalendarZone(name: "Mars Standard Time", rules: .fixed(seconds: 3 * 3600)), 3),
  ]

  /// Graph's own getSchedule example: Pacific time as a custom zone.
  public static let customPacific = CalendarZone(
    name: "Customized Time Zone",
    rules: .custom(
      CustomZoneRules(
        bias: 480, daylightBias: -60, standard: .init(month: 11, occurrence: 1, weekday: 1, hour: 2),
        daylight: .init(month: 3, occurrence: 2, weekday: 1, hour: 2))))
  /// Summer across the new year: last Sunday of September to the first Sunday of April.
  public static let customNewZealand = CalendarZone(
    name: "Customized Time Zone 2",
    rules: .custom(
      CustomZoneRules(
        bias: -720, daylightBias: -60, standard: .init(month: 4, occurrence: 1, weekday: 1, hour: 3),
        daylight: .init(month: 9, occurrence: 5, weekday: 1, hour: 2))))
  /// A quarter-hour offset and no summer time.
  public static let customNepal = CalendarZone(
    name: "Customized Time Zone 3", rules: .custom(CustomZoneRules(bias: -345)))

  /// The profile of `user`, whose office city (when the generator gave one) sets their zone.
  public init(user: DirectoryUser, seed: UInt64) { self.init(id: user.id, seed: seed, city: user.city) }

  /// The profile of the person with `id` in a sandbox seeded `seed`. With an office `city`, the
  /// zone is that office's: the drawn zone when it keeps the office's clock (so the forms vary —
  /// "Pacific Standard Time", Graph's custom Pacific zone, "America/Los_Angeles" — for Redmond),
  /// else the office's own; a zone no client knows stays (it says nothing about a place, and is
  /// there to be said "unknown"). The draws are the same either way, so the rest of a profile
  /// does not move with the city.
  public init(id: String, seed: UInt64, city: String? = nil) {
    var random = SeededRandom(seed: seed ^ CalendarProfile.hash(id) ^ 0xCA1E_0DA5_0000_0001)
    var roll = random.below(100)
    var picked = Self.spread[0].zone
    for entry in Self.spread {
      if roll < entry.weight {
        picked = entry.zone
        break
      }
      roll -= entry.weight
    }
    if let city, let office = OfficeZones.byCity[city], let drawn = OfficeZones.ianaID(of: picked), drawn != office {
      // The same form of name where the spread has one for the office's clock, else its IANA id.
      let forms = Self.spread.map(\.zone).filter { OfficeZones.ianaID(of: $0) == office }
      picked = forms.isEmpty ? CalendarZone(name: office, rules: .iana(office)) : forms[Int(roll) % forms.count]
    }
    zone = picked
    let pattern = random.below(100)
    switch pattern {
    case 0..<6: workingDays = []
    case 6..<14: workingDays = [1, 2, 3, 4, 5]
    case 14..<18: workingDays = [2, 3, 4, 5]
    default: workingDays = [2, 3, 4, 5, 6]
    }
    // Sunday to Thursday where that is the working week.
    if !workingDays.isEmpty, let clock = OfficeZones.ianaID(of: picked), OfficeZones.sundayToThursday.contains(clock) {
      workingDays = [1, 2, 3, 4, 5]
    }
    let startHour = [7, 8, 8, 8, 9, 9, 9, 10][random.below(8)]
    start = startHour * 3600 + (random.chance(20) ? 1800 : 0)
    end = start + (random.chance(25) ? 8 : 9) * 3600 - (random.chance(15) ? 1800 : 0)
    sharesDetails = random.chance(55)
    unreadable = random.below(40) == 0
  }

  /// FNV-1a over the UTF-8 of the id.
  static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    return value
  }

  /// `workingHours` as Graph writes it. No working days still sends the object, with no days.
  public var workingHoursJSON: JSONValue {
    func time(_ seconds: Int) -> JSONValue {
      .string(String(format: "%02d:%02d:00.0000000", seconds / 3600, seconds / 60 % 60))
    }
    return .object([
      ("daysOfWeek", .array(workingDays.map { .string(CalendarDays.weekdayNames[$0 - 1]) })),
      ("startTime", time(start)), ("endTime", time(end)), ("timeZone", zone.json),
    ])
  }
}
