import Foundation
import RosterCore
import Testing

/// `roster free`'s words: the table with a column per clock, the line when nothing is free, and
/// the JSON shape scripts read.
@Suite struct ReachReportTests {
  static let request = FreeSlotRequest(
    day: CivilDay(year: 2026, month: 3, day: 16), yours: ReachFreeSlotsTests.london, minimum: 1800)

  @Test func theTableHasAColumnPerClock() {
    let report = FreeSlotsReport(request: Self.request, attendees: ReachFreeSlotsTests.threeZones)
    #expect(report.dayText == "Mon 2026-03-16" && report.minimumText == "at least 30 min")
    #expect(
      report.table()
        == """
        You (London)   Alice (Los Angeles)   Bruno (Berlin)   Carmen (New York)
        15:00–16:00    08:00–09:00           16:00–17:00      11:00–12:00

        """)
  }

  @Test func nothingFreeIsSaidInOneLine() {
    var request = Self.request
    request.minimum = 5400
    let report = FreeSlotsReport(request: request, attendees: ReachFreeSlotsTests.threeZones)
    #expect(report.table() == nil)
    #expect(report.noneText == "No common free time of at least 1 h 30 min on Mon 2026-03-16.")
  }

  @Test func jsonCarriesInstantsClocksAndNotes() {
    var attendees = ReachFreeSlotsTests.threeZones
    attendees[2].schedule.workingHours = nil
    let shape = FreeSlotsReport(request: Self.request, attendees: attendees).jsonShape
    #expect(shape.day == "2026-03-16" && shape.timeZone == "Europe/London" && shape.minimumMinutes == 30)
    #expect(shape.attendees.map(\.timeZone) == ["America/Los_Angeles", "Europe/Berlin", nil])
    #expect(
      shape.slots == [
        .init(
          start: "2026-03-16T15:00:00Z", end: "2026-03-16T16:00:00Z", minutes: 60, yours: "15:00–16:00",
          theirs: [
            "alice@example.test": "08:00–09:00", "bruno@example.test": "16:00–17:00", "carmen@example.test": "?",
          ],
          teamsMeeting:
            "https://teams.microsoft.com/l/meeting/new?startTime=2026-03-16T15%3A00%3A00%2B00%3A00"
            + "&endTime=2026-03-16T16%3A00%3A00%2B00%3A00"
            + "&attendees=alice@example.test,bruno@example.test,carmen@example.test")
      ])
    #expect(shape.notes.map(\.kind) == ["noWorkingHours"])
  }
}
