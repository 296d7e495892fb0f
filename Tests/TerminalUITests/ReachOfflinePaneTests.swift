import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 31 offline in the pane: with only the hours the index kept, the pane shows the zone's
/// local time now and the hours marked with their age, no "Today" (busy times are not kept), and
/// a schedule read since wins over them.
@MainActor
@Suite struct ReachOfflinePaneTests {
  static let alice = ScreenFixtures.people[0]
  static let singapore = WorkingHours(
    days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 18),
    timeZone: .named("Singapore Standard Time"))

  static func paneState(rows: Int, cols: Int) -> AppState {
    var state = ScreenFixtures.results(rows: rows, cols: cols, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: alice, fromIndex: true)))
    state.focus = .detail
    state.account?.grantedScopes += ["Calendars.ReadBasic"]
    state.reach.stored[alice.id] = StoredWorkingHours(hours: singapore, readAt: state.now - 3 * 86_400)
    return state
  }

  static func screen(_ state: AppState) -> String { ScreenFixtures.screen(state) }

  @Test func thePaneShowsTheKeptZoneAndHoursWithTheirAge() {
    let state = Self.paneState(rows: 40, cols: 120)
    let lines = state.reachLines(of: Self.alice)
    #expect(lines.map(\.label) == ["Local time", "Hours"])
    #expect(lines[0].value.contains("in Singapore, 8 h ahead of you"))
    #expect(lines[1].value.hasSuffix(", as of 3 days ago"))
    let screen = Self.screen(state)
    #expect(screen.contains("Local time"), "\(screen)")
    #expect(screen.contains("as of 3 days ago"), "\(screen)")
    #expect(!screen.contains("Today"))
  }

  @Test func aScheduleReadSinceWins() {
    var state = Self.paneState(rows: 40, cols: 120)
    state.reach.byPerson[Self.alice.id] = ReachEntry(
      schedule: PersonSchedule(address: "alice@contoso.test", workingHours: Self.singapore), readAt: state.now)
    #expect(state.reachLines(of: Self.alice).map(\.label) == ["Local time", "Hours", "Today"])
  }

  @Test func atFortyByTwelveNothingBreaks() {
    let screen = Self.screen(Self.paneState(rows: 12, cols: 40))
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 12)
    #expect(rows.allSatisfy { $0.count <= 40 })
  }
}
