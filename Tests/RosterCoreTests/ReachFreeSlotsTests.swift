import Foundation
import RosterCore
import Testing

/// Common free time across three zones, rooms, people without working hours or with a schedule
/// error, and days on which clocks change.
@Suite struct ReachFreeSlotsTests {
  static func utc(_ text: String) -> Date { ReachZoneTests.utc(text) }
  static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

  static func person(
    _ name: CleanText, _ zone: ScheduleTimeZone?, _ start: Int, _ end: Int, days: Set<Weekday> = weekdays,
    busy: [(String, String)] = []
  ) -> Attendee {
    Attendee(
      name: name,
      schedule: PersonSchedule(
        address: CleanText(name.string.lowercased() + "@example.test"),
        items: busy.map { ScheduleItem(status: .busy, start: utc($0.0), end: utc($0.1)) },
        workingHours: WorkingHours(
          days: days, start: TimeOfDay(hour: start), end: TimeOfDay(hour: end), timeZone: zone)))
  }

  static let london = ResolvedZone.system(TimeZone(identifier: "Europe/London")!)

  /// Monday 16 March 2026: New York and Los Angeles are on summer time, Europe not yet. Working
  /// hours meet 15:00–16:00Z only with the American offsets of summer.
  static let threeZones = [
    person("Alice", .named("Pacific Standard Time"), 8, 17),  // 15:00–24:00Z
    person("Bruno", .named("W. Europe Standard Time"), 9, 17),  // 08:00–16:00Z
    person("Carmen", .named("America/New_York"), 9, 17),  // 13:00–21:00Z
  ]

  @Test func threeZonesMeetWhereAllTheirWorkingHoursOverlap() {
    let request = FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800)
    let result = FreeSlots.find(request, attendees: Self.threeZones)
    #expect(result.slots == [Self.utc("2026-03-16T15:00:00Z")..<Self.utc("2026-03-16T16:00:00Z")])
    #expect(result.notes.isEmpty)
    let slot = result.slots[0]
    let day = request.day
    #expect(FreeSlots.clock(slot, in: Self.london, day: day) == "15:00–16:00")
    #expect(FreeSlots.clock(slot, in: ZoneResolver.resolve(name: "Pacific Standard Time"), day: day) == "08:00–09:00")
    #expect(FreeSlots.clock(slot, in: ReachZoneTests.iana("Asia/Tokyo"), day: day) == "Tue 00:00–Tue 01:00")
  }

  @Test func meetingsAndRoomBookingsCutTheSlotsAndTheMinimumDropsShortOnes() {
    var attendees = Self.threeZones
    attendees[1].schedule.items = [
      ScheduleItem(status: .busy, start: Self.utc("2026-03-16T15:00:00Z"), end: Self.utc("2026-03-16T15:20:00Z"))
    ]
    let room = Attendee(
      name: "Everest", kind: .room,
      schedule: PersonSchedule(
        address: "everest@example.test",
        items: [
          ScheduleItem(status: .busy, start: Self.utc("2026-03-16T15:50:00Z"), end: Self.utc("2026-03-16T17:00:00Z"))
        ]))
    let day = CivilDay(year: 2026, month: 3, day: 16)
    let thirty = FreeSlots.find(
      FreeSlotRequest(day: day, yours: Self.london, minimum: 1800), attendees: attendees + [room])
    #expect(thirty.slots == [Self.utc("2026-03-16T15:20:00Z")..<Self.utc("2026-03-16T15:50:00Z")])
    let longer = FreeSlots.find(
      FreeSlotRequest(day: day, yours: Self.london, minimum: 2700), attendees: attendees + [room])
    #expect(longer.slots.isEmpty)
  }

  @Test func aRoomAloneIsFreeAllDayButForItsBookings() {
    let room = Attendee(
      name: "Everest", kind: .room,
      schedule: PersonSchedule(
        address: "everest@example.test",
        items: [
          ScheduleItem(status: .busy, start: Self.utc("2026-03-16T09:00:00Z"), end: Self.utc("2026-03-16T10:00:00Z"))
        ]))
    let result = FreeSlots.find(
      FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800),
      attendees: [room])
    #expect(
      result.slots == [
        Self.utc("2026-03-16T00:00:00Z")..<Self.utc("2026-03-16T09:00:00Z"),
        Self.utc("2026-03-16T10:00:00Z")..<Self.utc("2026-03-17T00:00:00Z"),
      ])
    #expect(
      FreeSlots.clock(result.slots[1], in: Self.london, day: CivilDay(year: 2026, month: 3, day: 16)) == "10:00–24:00")
  }

  /// Sunday 8 March 2026 in New York (the asker's day is 23 hours long): a Londoner working
  /// Sundays 09:00–17:00 GMT and a Pacific custom zone working Sundays from 08:00 — after its own
  /// change that night — meet 15:00–17:00Z, 11:00–13:00 on the asker's summer clock.
  @Test func acrossTheSpringChangeInTwoZonesOnTheSameDay() {
    let newYork = ResolvedZone.system(TimeZone(identifier: "America/New_York")!)
    let day = CivilDay(year: 2026, month: 3, day: 8)
    let request = FreeSlotRequest(day: day, yours: newYork, minimum: 1800)
    #expect(request.window == Self.utc("2026-03-08T05:00:00Z")..<Self.utc("2026-03-09T04:00:00Z"))
    let attendees = [
      Self.person("Lena", .named("Europe/London"), 9, 17, days: [.sunday]),
      Self.person("Paco", .custom(ReachZoneTests.pacific), 8, 18, days: [.sunday]),
    ]
    let result = FreeSlots.find(request, attendees: attendees)
    #expect(result.slots == [Self.utc("2026-03-08T15:00:00Z")..<Self.utc("2026-03-08T17:00:00Z")])
    #expect(FreeSlots.clock(result.slots[0], in: newYork, day: day) == "11:00–13:00")
  }

  /// Sunday 25 October 2026 in London is 25 hours long; a New Yorker (still on summer time until
  /// 1 November) working Sundays 06:00–10:00 is 10:00–14:00Z, which London reads 10:00–14:00 GMT.
  @Test func acrossTheAutumnChangeTheAskersDayHasTwentyFiveHours() {
    let request = FreeSlotRequest(day: CivilDay(year: 2026, month: 10, day: 25), yours: Self.london, minimum: 1800)
    #expect(request.window.upperBound.timeIntervalSince(request.window.lowerBound) == 25 * 3600)
    let result = FreeSlots.find(
      request, attendees: [Self.person("Nia", .named("Eastern Standard Time"), 6, 10, days: [.sunday])])
    #expect(result.slots == [Self.utc("2026-10-25T10:00:00Z")..<Self.utc("2026-10-25T14:00:00Z")])
  }

  @Test func noWorkingHoursAndScheduleErrorsAreSaid() {
    var attendees = Self.threeZones
    attendees[2].schedule.workingHours = nil
    attendees.append(
      Attendee(
        name: "Dana",
        schedule: PersonSchedule(
          address: "dana@other.test",
          error: FreeBusyError(message: "Mailbox not found.", responseCode: "ErrorMailRecipientNotFound"))))
    let result = FreeSlots.find(
      FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800),
      attendees: attendees)
    // Without Carmen's hours, Alice and Bruno meet 15:00–16:00Z still.
    #expect(result.slots == [Self.utc("2026-03-16T15:00:00Z")..<Self.utc("2026-03-16T16:00:00Z")])
    #expect(
      result.notes == [
        .noWorkingHours("Carmen"),
        .scheduleError(
          "Dana", FreeBusyError(message: "Mailbox not found.", responseCode: "ErrorMailRecipientNotFound")),
      ])
    #expect(result.notes[0].text == "Carmen has no working hours set; only their calendar was used.")
    #expect(result.notes[1].text.contains("Dana's schedule could not be read (ErrorMailRecipientNotFound)"))
  }

  @Test func unknownZonesAreSaidAndNobodyReadMeansNoTime() {
    let mars = Self.person("Mo", .named("Mars Standard Time"), 9, 17)
    let result = FreeSlots.find(
      FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800),
      attendees: [Self.threeZones[1], mars])
    #expect(result.notes == [.unknownZone("Mo", zone: "Mars Standard Time")])
    #expect(result.slots == [Self.utc("2026-03-16T08:00:00Z")..<Self.utc("2026-03-16T16:00:00Z")])
    let failed = Attendee(
      name: "X", schedule: PersonSchedule(address: "x@example.test", error: FreeBusyError(message: "no")))
    let nobody = FreeSlots.find(
      FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800),
      attendees: [failed])
    #expect(nobody.slots.isEmpty && nobody.notes.last == .nobodyCounted)
  }

  @Test func nothingBeforeNow() {
    let request = FreeSlotRequest(
      day: CivilDay(year: 2026, month: 3, day: 16), yours: Self.london, minimum: 1800,
      notBefore: Self.utc("2026-03-16T15:40:00Z"))
    #expect(FreeSlots.find(request, attendees: Self.threeZones).slots.isEmpty)
  }

  @Test func nightShiftsEndTheNextMorning() {
    let night = Self.person("Oz", .named("UTC"), 22, 6, days: [.monday])
    let result = FreeSlots.find(
      FreeSlotRequest(day: CivilDay(year: 2026, month: 3, day: 17), yours: Self.london, minimum: 1800),
      attendees: [night])
    #expect(result.slots == [Self.utc("2026-03-17T00:00:00Z")..<Self.utc("2026-03-17T06:00:00Z")])
  }
}
