import Foundation
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 40 item 22: a room's pane says whether the room is free now, until when, or busy until
/// when — its bookings read once the pane rests on it (getSchedule, as `roster free --room`
/// reads them), on your clock; and what stands in the way when it cannot.
@MainActor
@Suite struct RoomNowTests {
  static let fjord = RoomSnapshotTests.fjord
  /// 10:00 UTC on a weekday.
  static let ten = Date(timeIntervalSince1970: 1_764_583_200)

  /// The pane resting on Fjord. The tests then send `.reach(.retryDue)`, which asks for whatever
  /// the pane rests on, as the pane coming to rest does (`DerivedEvent.paneRested`).
  static func showingFjord(scopes: [String]) -> AppState {
    var state = RoomSnapshotTests.mixed(rows: 40, cols: 120)
    state.account?.grantedScopes += scopes
    state.now = ten
    state.list.selected = ListRowID(.room, fjord.id)
    state.detail.pane = .room(fjord)
    return state
  }

  static func nowLine(_ state: AppState) -> String {
    state.roomLines(fjord, width: 70).map(\.text).first { $0.hasPrefix("Now") } ?? "(no Now line)"
  }

  static func bookings(_ items: [(Double, Double)]) -> PersonSchedule {
    PersonSchedule(
      address: "fjord@contoso.com",
      items: items.map {
        ScheduleItem(status: .busy, start: ten.addingTimeInterval($0.0), end: ten.addingTimeInterval($0.1))
      })
  }

  @Test func thePaneAsksForTheRoomsBookingsAndSaysBusyUntil() {
    var state = Self.showingFjord(scopes: ["Calendars.ReadBasic"])
    let effects = reduce(&state, .reach(.retryDue))
    let asked = effects.compactMap { effect -> [String]? in
      if case .loadSchedules(let addresses, let ids, _, _) = effect, ids == [Self.fjord.id] { return addresses }
      return nil
    }
    #expect(asked == [["fjord@contoso.com"]], "\(effects)")
    #expect(Self.nowLine(state).contains("…"))

    // Booked from 09:30 to 10:30, then again 10:30–11:00: busy until 11:00 (back to back).
    let id = state.reach.requestID
    let stored = reduce(
      &state,
      .reach(.loaded(id: id, personIDs: [Self.fjord.id], .success([Self.bookings([(-1800, 1800), (1800, 3600)])]))))
    #expect(Self.nowLine(state).contains("busy until 11:00"), "\(Self.nowLine(state))")
    #expect(!stored.contains { if case .storeWorkingHours = $0 { true } else { false } }, "a room's hours are not kept")
    // Asked once while fresh.
    #expect(!reduce(&state, .reach(.retryDue)).contains { if case .loadSchedules = $0 { true } else { false } })
  }

  @Test func freeUntilTheNextBookingOrForTheRestOfTheDay() {
    var state = Self.showingFjord(scopes: ["Calendars.ReadBasic"])
    _ = reduce(&state, .reach(.retryDue))
    let id = state.reach.requestID
    _ = reduce(&state, .reach(.loaded(id: id, personIDs: [Self.fjord.id], .success([Self.bookings([(16200, 18000)])]))))
    #expect(Self.nowLine(state).contains("free until 14:30"), "\(Self.nowLine(state))")
    state.reach.byPerson[Self.fjord.id] = ReachEntry(schedule: Self.bookings([]), readAt: Self.ten)
    #expect(Self.nowLine(state).contains("free for the rest of the day"), "\(Self.nowLine(state))")
  }

  @Test func aRoomWithoutACalendarSaysSoAndRefusesNobodyElse() {
    var state = Self.showingFjord(scopes: ["Calendars.ReadBasic"])
    _ = reduce(&state, .reach(.retryDue))
    let id = state.reach.requestID
    _ = reduce(
      &state,
      .reach(
        .loaded(
          id: id, personIDs: [Self.fjord.id],
          .failure(.service(status: 404, code: "ErrorItemNotFound", message: "No calendar")))))
    #expect(Self.nowLine(state).contains("unknown: No calendar"), "\(Self.nowLine(state))")
    #expect(state.reach.refusal == nil && state.asksSchedules, "people's schedules are still asked for")
  }

  @Test func withoutThePermissionThePaneSaysWhatItNeeds() {
    var state = Self.showingFjord(scopes: [])
    state.account?.grantedScopes.removeAll { $0.lowercased().hasPrefix("calendars") }
    #expect(!reduce(&state, .reach(.retryDue)).contains { if case .loadSchedules = $0 { true } else { false } })
    #expect(Self.nowLine(state).contains("needs Calendars.ReadBasic"), "\(Self.nowLine(state))")
  }
}
