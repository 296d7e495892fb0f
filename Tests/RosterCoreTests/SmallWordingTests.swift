import Foundation
import RosterCore
import Testing

/// Issue 40 item 25: the login screen's "your session ended" line gives the advice to sign in
/// once, whether or not the identity platform's explanation already says it.
@MainActor
@Suite struct SessionEndedReasonTests {
  @Test func theAdviceIsGivenOnce() {
    let revoked = SignInFailure(
      message: "Your session was revoked (a password change or an administrator); sign in again", error: "invalid_grant"
    )
    let said = revoked.sessionEndedReason(keeping: "your search is kept")
    #expect(
      said
        == "Your session ended: Your session was revoked (a password change or an administrator); sign in again. Your search is kept."
    )
    #expect(said.lowercased().components(separatedBy: "sign in again").count == 2, "\(said)")

    let plain = SignInFailure(message: "The refresh token was revoked.", error: "invalid_grant")
    #expect(
      plain.sessionEndedReason(keeping: "your search is kept")
        == "Your session ended: The refresh token was revoked. Sign in again; your search is kept.")
  }

  @Test func theSessionEndingOnTheMainScreenSaysItOnce() {
    var state = OfflineSessionTests.offline()
    let failure = SignInFailure(message: "The sign-in grant has expired; sign in again", error: "invalid_grant")
    _ = reduce(&state, .index(.syncFinished(.failed(.signInRequired(failure)))))
    let reason = state.login.reason?.string ?? ""
    #expect(reason.lowercased().components(separatedBy: "sign in again").count == 2, "\(reason)")
  }
}

/// Issue 40 item 25: a count and its noun agree ("applying 1 change", not "1 changes").
@Suite struct CountedNounTests {
  @Test func oneIsSingularAndTheRestArePluralAndGrouped() {
    #expect(NumberText.counted(1, "change") == "1 change")
    #expect(NumberText.counted(0, "change") == "0 changes")
    #expect(NumberText.counted(1203, "change") == "1,203 changes")
    #expect(NumberText.counted(2, "person", plural: "people") == "2 people")
  }
}

/// Issue 40 item 25: every availability has a shape of its own, so none is told apart by colour
/// alone (Idle beside Available, Busy-idle beside Busy, Be right back beside Away).
@Suite struct PresenceShapeTests {
  @Test func everyAvailabilityHasItsOwnShape() {
    let glyphs = Presence.Availability.allCases.map(\.glyph)
    #expect(Set(glyphs).count == glyphs.count, "\(glyphs)")
  }
}

/// Issue 40 item 25: a zone Roster cannot read is said once, in words, never as a column or a
/// clock of "?"; a person named twice is one column.
@Suite struct UnknownZoneWordingTests {
  @Test func theFreeTableHasNoColumnOfQuestionMarksAndNoTwins() {
    let mars = ReachFreeSlotsTests.person("Mo", .named("Mars Standard Time"), 9, 17)
    let bruno = ReachFreeSlotsTests.threeZones[1]
    let report = FreeSlotsReport(request: ReachReportTests.request, attendees: [bruno, mars, bruno])
    let table = report.table() ?? ""
    #expect(!table.contains("?") && !table.contains("Mo ("), "\(table)")
    #expect(table.components(separatedBy: "Bruno (Berlin)").count == 2, "\(table)")
    #expect(report.result.notes.contains(.unknownZone("Mo", zone: "Mars Standard Time")))
  }

  @Test func theLocalTimeOfAnUnknownZoneSaysWhichZone() {
    let mars = ZoneResolver.resolve(name: "Mars Standard Time")
    let line = ZoneText.localTime(at: Date(), theirs: mars, yours: ReachFreeSlotsTests.london)
    #expect(line == "unknown (zone \"Mars Standard Time\")")
  }
}

/// Issue 40 item 18: someone away says "out of office until …", with when they are back on your
/// clock, not a note about working hours their absence explains.
@Suite struct OutOfOfficeNoteTests {
  @Test func awayIsSaidWithWhenTheyAreBack() {
    let day = CivilDay(year: 2026, month: 3, day: 16)
    let away = Attendee(
      name: "Mo",
      schedule: PersonSchedule(
        address: "mo@example.test",
        items: [
          ScheduleItem(
            status: .oof, start: ReachFreeSlotsTests.utc("2026-03-13T17:00:00Z"),
            end: ReachFreeSlotsTests.utc("2026-03-18T09:00:00Z"))
        ]))
    let result = FreeSlots.find(
      FreeSlotRequest(day: day, yours: ReachFreeSlotsTests.london, minimum: 1800),
      attendees: [ReachFreeSlotsTests.threeZones[1], away])
    #expect(result.notes == [.outOfOffice("Mo", until: "Wed 2026-03-18 09:00")], "\(result.notes)")
    #expect(
      result.notes[0].text
        == "Mo is out of office until Wed 2026-03-18 09:00 (your clock); their time away was left out.")
    #expect(result.slots.isEmpty, "away all day: no common time")
  }
}
