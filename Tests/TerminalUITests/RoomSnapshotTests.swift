import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Rooms on screen at 120×40, 80×24 and 40×12: rooms in the one list beside groups and people,
/// rooms alone, a room's pane (online and from the index offline), and the permission missing.
@MainActor
@Suite struct RoomSnapshotTests {
  static let fjord = Room(
    id: "r-fjord", displayName: "Fjord 2.14", emailAddress: "fjord@contoso.com", building: "Oslo North",
    floorNumber: 2, capacity: 8, bookingType: "standard", isWheelChairAccessible: true,
    audioDeviceName: "Jabra Speak 750", videoDeviceName: "Logitech Rally Bar", displayDeviceName: "LG 65\" UHD",
    tags: ["whiteboard", "nice view"], phone: "+47 22 55 55 01",
    address: RoomAddress(street: "1 Fjordgata", city: "Oslo", countryOrRegion: "Norway", postalCode: "0150"))
  static let alcove = Room(
    id: "r-alcove", displayName: "Alcove \u{1B}[31m(quiet)", emailAddress: "alcove@contoso.com",
    building: "Oslo North", floorLabel: "G", capacity: 1, bookingType: "reserved", isWheelChairAccessible: false)

  /// The three sizes, as every kind's snapshots are taken.
  func snapshot(_ name: String, _ makeState: (Int, Int) -> AppState) {
    GroupSnapshotTests().snapshot(name, makeState)
  }

  /// "al" typed: groups, then rooms, then people; the first room selected and shown.
  static func mixed(rows: Int, cols: Int) -> AppState {
    var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
    state.rooms.isEnabled = true
    state.rooms.catalog = .loaded(RoomCatalog(rooms: [fjord, alcove]))
    state.rooms.results = [alcove, fjord]
    state.rooms.resultsQuery = "al"
    state.list.selected = ListRowID(.room, alcove.id)
    state.detail.pane = .room(alcove)
    return state
  }

  @Test func roomsBesideGroupsAndPeople() {
    snapshot("rooms-mixed-list") { Self.mixed(rows: $0, cols: $1) }
  }

  @Test func roomsAloneWithTheRoomsPane() {
    snapshot("rooms-only-pane") { rows, cols in
      var state = Self.mixed(rows: rows, cols: cols)
      state.list.kind = .rooms
      state.list.selected = ListRowID(.room, Self.fjord.id)
      state.detail.pane = .room(Self.fjord)
      state.focus = .detail
      state.singlePaneDetailOpen = true
      return state
    }
  }

  @Test func roomsFromTheIndexOffline() {
    snapshot("rooms-offline-pane") { rows, cols in
      var state = Self.mixed(rows: rows, cols: cols)
      state.index.attached = true
      state.index.offline = true
      state.index.summary = LocalIndexSummary(
        complete: true, people: 8, lastSync: ScreenFixtures.epoch.addingTimeInterval(-600), rooms: 2)
      state.rooms.catalog = .loaded(RoomCatalog(rooms: [Self.fjord, Self.alcove], fromIndex: true))
      state.list.selected = ListRowID(.room, Self.fjord.id)
      state.detail.pane = .room(Self.fjord)
      return state
    }
  }

  @Test func roomsWithoutThePermission() {
    snapshot("rooms-permission") { rows, cols in
      var state = Self.mixed(rows: rows, cols: cols)
      state.list.kind = .rooms
      state.rooms.catalog = .needsPermission(CleanText(RoomClient.permissionExplanation))
      state.rooms.results = []
      state.rooms.resultsQuery = nil
      state.list.selected = nil
      state.detail.pane = .empty
      return state
    }
  }
}
