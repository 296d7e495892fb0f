import Foundation
import RosterCore
import Testing

/// The line under someone's local time, at an injected "now": out of office, outside working
/// hours, busy until, free until, free for the rest of the day; and how their time is said.
@Suite struct ReachTodayTests {
  static func utc(_ text: String) -> Date { ReachZoneTests.utc(text) }

  /// Singapore, Mon–Fri 09:00–18:00 (01:00–10:00Z).
  static func singapore(_ items: [ScheduleItem] = []) -> PersonSchedule {
    PersonSchedule(
      address: "wei@example.test", items: items,
      workingHours: WorkingHours(
        days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: TimeOfDay(hour: 9),
        end: TimeOfDay(hour: 18), timeZone: .named("Singapore Standard Time")))
  }

  static func item(_ status: FreeBusyStatus, _ start: String, _ end: String) -> ScheduleItem {
    ScheduleItem(status: status, start: utc(start), end: utc(end))
  }

  static let sgt = ResolvedZone(rules: .iana("Asia/Singapore"), source: "Asia/Singapore")

  @Test func outOfOfficeWinsEvenOutsideWorkingHours() {
    let schedule = Self.singapore([Self.item(.oof, "2026-11-27T00:00:00Z", "2026-11-30T00:00:00Z")])
    let state = TodayState.at(Self.utc("2026-11-27T12:00:00Z"), schedule: schedule)
    #expect(state == .outOfOffice(until: Self.utc("2026-11-30T00:00:00Z")))
    #expect(state.text(in: Self.sgt) == "out of office")
  }

  @Test func thePaneReadsADayEitherSideOfNow() {
    let now = Self.utc("2026-11-27T12:00:00Z")
    #expect(TodayState.window(around: now).duration == 2 * 86_400)
    #expect(TodayState.window(around: now).start == Self.utc("2026-11-26T12:00:00Z"))
  }

  @Test func outsideWorkingHoursOnTheirClockNotOurs() {
    // 10:30Z is 18:30 in Singapore on a Friday.
    #expect(TodayState.at(Self.utc("2026-11-27T10:30:00Z"), schedule: Self.singapore()) == .outsideWorkingHours)
    // Saturday morning there.
    #expect(TodayState.at(Self.utc("2026-11-28T02:00:00Z"), schedule: Self.singapore()) == .outsideWorkingHours)
  }

  @Test func busyUntilTheEndOfBackToBackMeetings() {
    let schedule = Self.singapore([
      Self.item(.busy, "2026-11-27T02:00:00Z", "2026-11-27T03:00:00Z"),
      Self.item(.tentative, "2026-11-27T03:00:00Z", "2026-11-27T03:30:00Z"),
      Self.item(.busy, "2026-11-27T05:00:00Z", "2026-11-27T06:00:00Z"),
    ])
    let state = TodayState.at(Self.utc("2026-11-27T02:10:00Z"), schedule: schedule)
    #expect(state == .busy(until: Self.utc("2026-11-27T03:30:00Z")))
    #expect(state.text(in: Self.sgt) == "busy until 11:30")
  }

  @Test func freeUntilTheNextMeetingOrForTheRestOfTheDay() {
    let schedule = Self.singapore([
      Self.item(.free, "2026-11-27T03:00:00Z", "2026-11-27T04:00:00Z"),
      Self.item(.workingElsewhere, "2026-11-27T04:00:00Z", "2026-11-27T05:00:00Z"),
      Self.item(.busy, "2026-11-27T07:00:00Z", "2026-11-27T08:00:00Z"),
      // After their working day: does not end "the rest of the day".
      Self.item(.busy, "2026-11-27T11:00:00Z", "2026-11-27T12:00:00Z"),
    ])
    let morning = TodayState.at(Self.utc("2026-11-27T03:30:00Z"), schedule: schedule)
    #expect(morning == .free(until: Self.utc("2026-11-27T07:00:00Z")))
    #expect(morning.text(in: Self.sgt) == "free until 15:00")
    let late = TodayState.at(Self.utc("2026-11-27T08:30:00Z"), schedule: schedule)
    #expect(late == .freeForRestOfDay && late.text(in: Self.sgt) == "free for the rest of the day")
  }

  @Test func withoutWorkingHoursTheDayIsTheirCalendarDay() {
    var schedule = Self.singapore([Self.item(.busy, "2026-11-27T14:00:00Z", "2026-11-27T15:00:00Z")])
    schedule.workingHours?.days = []
    // 14:00Z is 22:00 on Friday in Singapore: still their day.
    #expect(
      TodayState.at(Self.utc("2026-11-27T12:00:00Z"), schedule: schedule)
        == .free(until: Self.utc("2026-11-27T14:00:00Z")))
    schedule.workingHours = nil
    #expect(
      TodayState.at(Self.utc("2026-11-27T12:00:00Z"), schedule: schedule)
        == .free(until: Self.utc("2026-11-27T14:00:00Z")))
  }

  @Test func workingHoursFollowTheirSummerTimeOnTheDayItStarts() {
    // New York, Monday 9 March 2026, the day after clocks went forward: 09:00 EDT is 13:00Z.
    let schedule = PersonSchedule(
      address: "ny@example.test",
      workingHours: WorkingHours(
        days: [.monday], start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 17), timeZone: .named("Eastern Standard Time"))
    )
    #expect(TodayState.at(Self.utc("2026-03-09T13:30:00Z"), schedule: schedule) == .freeForRestOfDay)
    #expect(TodayState.at(Self.utc("2026-03-09T21:30:00Z"), schedule: schedule) == .outsideWorkingHours)
  }

  @Test func localTimeSaysCityClockAndDifference() {
    let now = Self.utc("2026-11-27T06:05:00Z")
    let london = ResolvedZone.system(TimeZone(identifier: "Europe/London")!)
    #expect(ZoneText.localTime(at: now, theirs: Self.sgt, yours: london) == "14:05 in Singapore, 8 h ahead of you")
    let india = ZoneResolver.resolve(name: "India Standard Time")
    #expect(
      ZoneText.localTime(at: now, theirs: india, yours: london) == "11:35 in Kolkata, 5 h 30 min ahead of you",
      "tz's current name for the city, not the first id CLDR keeps")
    let ny = ReachZoneTests.iana("America/New_York")
    #expect(ZoneText.localTime(at: now, theirs: ny, yours: london) == "01:05 in New York, 5 h behind you")
    #expect(ZoneText.localTime(at: now, theirs: london, yours: london) == "06:05 in London, the same time as you")
    let guessed = ZoneResolver.resolve(name: "(UTC+05:30) Somewhere")
    #expect(
      ZoneText.localTime(at: now, theirs: guessed, yours: london)
        == "11:35 at UTC+05:30, 5 h 30 min ahead of you (time zone \"(UTC+05:30) Somewhere\" not recognised: offset only)"
    )
    let custom = ResolvedZone(rules: .custom(ReachZoneTests.pacific), source: "Customized Time Zone")
    #expect(ZoneText.localTime(at: now, theirs: custom, yours: london) == "22:05 at UTC−08:00, 8 h behind you")
    // Issue 40: the label says "Local time" already; the value says it is unknown and which zone.
    #expect(
      ZoneText.localTime(at: now, theirs: ZoneResolver.resolve(name: "Mars"), yours: london)
        == "unknown (zone \"Mars\")")
  }

  @Test func workingHoursAreSaidInTheirZoneAndYours() {
    let now = Self.utc("2026-11-27T06:05:00Z")
    let london = ResolvedZone.system(TimeZone(identifier: "Europe/London")!)
    #expect(
      ZoneText.workingHours(Self.singapore().workingHours, at: now, yours: london)
        == "Mon–Fri 09:00–18:00 in Singapore (01:00–10:00 yours)")
    #expect(ZoneText.workingHours(nil, at: now, yours: london) == "no working hours")
    #expect(ZoneText.days([.sunday, .monday, .tuesday, .wednesday, .thursday]) == "Sun–Thu")
    #expect(ZoneText.days([.monday, .wednesday]) == "Mon, Wed")
  }
}
