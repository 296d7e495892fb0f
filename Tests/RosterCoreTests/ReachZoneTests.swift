import Foundation
import RosterCore
import Testing

/// Zones as Graph names them: Windows names through CLDR's table, IANA ids, Graph's custom zones
/// evaluated by their own rules, and names nobody knows; wall clock to instant across the
/// spring gap and the autumn overlap.
@Suite struct ReachZoneTests {
  /// `2026-03-29T01:00:00Z` style instants.
  static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  static func iana(_ id: String) -> ResolvedZone { ResolvedZone(rules: .iana(id), source: CleanText(id)) }

  /// Pacific time as Graph's getSchedule example sends it (bias 480, summer from the 2nd Sunday of
  /// March to the 1st Sunday of November, 02:00).
  static let pacific = CustomTimeZone(
    name: "Customized Time Zone", bias: 480,
    standard: ZoneTransition(month: 11, occurrence: 1, weekday: .sunday, time: TimeOfDay(hour: 2)),
    daylight: ZoneTransition(month: 3, occurrence: 2, weekday: .sunday, time: TimeOfDay(hour: 2)), daylightBias: -60)

  /// Sydney: summer from the 1st Sunday of October (02:00) to the 1st Sunday of April (03:00).
  static let sydney = CustomTimeZone(
    bias: -600, standard: ZoneTransition(month: 4, occurrence: 1, weekday: .sunday, time: TimeOfDay(hour: 3)),
    daylight: ZoneTransition(month: 10, occurrence: 1, weekday: .sunday, time: TimeOfDay(hour: 2)), daylightBias: -60)

  @Test(arguments: [
    ("Pacific Standard Time", "America/Los_Angeles"), ("W. Europe Standard Time", "Europe/Berlin"),
    ("GMT Standard Time", "Europe/London"), ("Singapore Standard Time", "Asia/Singapore"),
    ("india standard time", "Asia/Kolkata"), ("Asia/Singapore", "Asia/Singapore"), ("UTC", "Etc/UTC"),
  ])
  func windowsNamesAndIANAIdsResolve(_ name: String, _ id: String) {
    let zone = ZoneResolver.resolve(name: CleanText(name))
    #expect(zone.rules == .iana(id))
    #expect(zone.isKnown)
  }

  @Test func spelledOffsetsAreKeptButMarkedUnknownAndTheRestIsUnknown() {
    let chennai = ZoneResolver.resolve(name: "(UTC+05:30) Chennai, Kolkata")
    #expect(chennai.rules == .fixed(seconds: 19_800) && !chennai.isKnown)
    #expect(ZoneResolver.resolve(name: "UTC-03").rules == .fixed(seconds: -10_800))
    #expect(ZoneResolver.resolve(name: "GMT+1 something").rules == .fixed(seconds: 3600))
    // Abbreviations are ambiguous across the world; Graph does not send them.
    #expect(ZoneResolver.resolve(name: "PST").rules == .unknown)
    #expect(ZoneResolver.resolve(name: "Mars Standard Time").rules == .unknown)
    #expect(ZoneResolver.resolve(name: "Mars Standard Time").secondsFromGMT(at: Date()) == nil)
  }

  @Test(arguments: [
    ("2026-03-29T00:59:59Z", 0), ("2026-03-29T01:00:00Z", 3600), ("2026-10-25T00:59:59Z", 3600),
    ("2026-10-25T01:00:00Z", 0),
  ])
  func londonChangesAtOneUTCOnTheLastSundays(_ instant: String, _ offset: Int) {
    #expect(ZoneResolver.resolve(name: "GMT Standard Time").secondsFromGMT(at: Self.utc(instant)) == offset)
  }

  @Test(arguments: [
    ("2026-03-08T06:59:59Z", -18_000), ("2026-03-08T07:00:00Z", -14_400),
    ("2026-11-01T05:59:59Z", -14_400), ("2026-11-01T06:00:00Z", -18_000),
  ])
  func newYorkChangesAtTwoLocalOnTheSecondAndFirstSundays(_ instant: String, _ offset: Int) {
    #expect(ZoneResolver.resolve(name: "Eastern Standard Time").secondsFromGMT(at: Self.utc(instant)) == offset)
  }

  /// Every hour of 2026 (and 2027 for the year turn), Graph's custom Pacific zone and Sydney rules
  /// agree with the tz database.
  @Test func customRulesAgreeWithTheTzDatabaseEveryHourOfTheYear() {
    let start = Self.utc("2026-01-01T00:00:00Z")
    for (custom, id) in [(Self.pacific, "America/Los_Angeles"), (Self.sydney, "Australia/Sydney")] {
      let tz = TimeZone(identifier: id)!
      var mismatches: [Date] = []
      for hour in 0..<(2 * 365 * 24) {
        let date = start.addingTimeInterval(Double(hour) * 3600)
        if custom.secondsFromGMT(at: date) != tz.secondsFromGMT(for: date) { mismatches.append(date) }
      }
      #expect(mismatches.isEmpty, "\(id): \(mismatches.prefix(3))")
    }
  }

  @Test func aCustomZoneChangesAtItsOwnLocalTimes() {
    // 2nd Sunday of March 2026 is the 8th: 02:00 PST is 10:00Z; 1st Sunday of November 02:00 PDT is 09:00Z.
    #expect(Self.pacific.secondsFromGMT(at: Self.utc("2026-03-08T09:59:59Z")) == -28_800)
    #expect(Self.pacific.secondsFromGMT(at: Self.utc("2026-03-08T10:00:00Z")) == -25_200)
    #expect(Self.pacific.secondsFromGMT(at: Self.utc("2026-11-01T08:59:59Z")) == -25_200)
    #expect(Self.pacific.secondsFromGMT(at: Self.utc("2026-11-01T09:00:00Z")) == -28_800)
  }

  @Test func aCustomZoneWithoutSummerRulesKeepsItsBias() {
    let india = CustomTimeZone(
      bias: -330, standard: ZoneTransition(month: 0, occurrence: 0, weekday: .sunday, time: TimeOfDay(seconds: 0)),
      daylight: ZoneTransition(month: 0, occurrence: 0, weekday: .sunday, time: TimeOfDay(seconds: 0)))
    #expect(india.secondsFromGMT(at: Self.utc("2026-07-01T00:00:00Z")) == 19_800)
  }

  @Test func occurrenceFiveIsTheLastSuchDay() {
    let lastSunday = ZoneTransition(month: 3, occurrence: 5, weekday: .sunday, time: TimeOfDay(hour: 1))
    #expect(lastSunday.day(in: 2026) == CivilDay(year: 2026, month: 3, day: 29))
    #expect(lastSunday.day(in: 2027) == CivilDay(year: 2027, month: 3, day: 28))
    let secondSunday = ZoneTransition(month: 3, occurrence: 2, weekday: .sunday, time: TimeOfDay(hour: 2))
    #expect(secondSunday.day(in: 2026) == CivilDay(year: 2026, month: 3, day: 8))
  }

  @Test func aSkippedWallClockLandsAfterTheJumpAndARepeatedOneIsItsFirstOccurrence() {
    let newYork = Self.iana("America/New_York")
    let skipped = newYork.instant(LocalDateTime(day: CivilDay(year: 2026, month: 3, day: 8), seconds: 2 * 3600 + 1800))
    #expect(skipped == Self.utc("2026-03-08T07:30:00Z"))  // 03:30 EDT
    let repeated = newYork.instant(LocalDateTime(day: CivilDay(year: 2026, month: 11, day: 1), seconds: 3600 + 1800))
    #expect(repeated == Self.utc("2026-11-01T05:30:00Z"))  // 01:30 EDT, not EST
    let custom = ResolvedZone(rules: .custom(Self.pacific), source: "custom")
    let morning = custom.instant(LocalDateTime(day: CivilDay(year: 2026, month: 3, day: 8), seconds: 8 * 3600))
    #expect(morning == Self.utc("2026-03-08T15:00:00Z"))
  }

  @Test func civilDaysParseOnlyRealDates() {
    #expect(CivilDay(iso: "2026-02-28")?.weekday == .saturday)
    #expect(CivilDay(iso: "2026-02-29") == nil)
    #expect(CivilDay(iso: "2026-2-28") == nil)
    #expect(CivilDay(iso: "tomorrow") == nil)
    #expect(CivilDay(year: 2026, month: 12, day: 31).adding(days: 1) == CivilDay(year: 2027, month: 1, day: 1))
  }
}
