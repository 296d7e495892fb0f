import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Devices on screen at 120×40, 80×24 and 40×12: devices in the one list beside groups and people,
/// devices alone, a device's pane (loaded, loading, failed, and from the index offline), and the
/// permission missing. The snapshots sit with the other kinds' (`GroupSnapshotTests.snapshot`).
@MainActor
@Suite struct DeviceSnapshotTests {
  static let now = ScreenFixtures.epoch
  static let ivan = GroupScreenFixtures.ivan
  static let aoife = GroupScreenFixtures.aoife
  static let laptop = Device(
    id: "d-laptop", displayName: "LAPTOP-AL4F2K9", deviceId: "5c1f0a3e-7d2b-4e8a-9f61-2b7c0d4e8a13",
    operatingSystem: "Windows", operatingSystemVersion: "10.0.22631", trustType: "AzureAd", isCompliant: false,
    isManaged: true, accountEnabled: true, approximateLastSignInDateTime: now.addingTimeInterval(-3 * 86_400 - 600),
    registrationDateTime: now.addingTimeInterval(-400 * 86_400), manufacturer: "Dell Inc.", model: "Latitude 7450")
  /// A hostile name (an escape sequence), cleaned where it was decoded.
  static let alerts = Device(
    id: "d-alerts", displayName: "Alerts \u{1B}[31mRED\u{1B}[0m Phone", operatingSystem: "iOS",
    operatingSystemVersion: "17.6.1", trustType: "Workplace", isCompliant: true, isManaged: true, accountEnabled: true,
    approximateLastSignInDateTime: now.addingTimeInterval(-3_600),
    registrationDateTime: now.addingTimeInterval(-90 * 86_400),
    manufacturer: "Apple", model: "iPhone 15")
  /// An Autopilot machine: never signed in, nothing reported, nobody owns it.
  static let autopilot = Device(
    id: "d-ap", displayName: "AP-AL7Q2XK", operatingSystem: "Windows", operatingSystemVersion: "10.0.26100.2314",
    trustType: "AzureAd", accountEnabled: false, registrationDateTime: now.addingTimeInterval(-5 * 86_400))

  /// Ivan owns the laptop; Aoife uses it too.
  static let laptopDetail = DeviceDetail(device: laptop, owners: [ivan], users: [ivan, aoife])

  func snapshot(_ name: String, _ makeState: (Int, Int) -> AppState) {
    GroupSnapshotTests().snapshot("Devices/" + name, makeState)
  }

  static func pane(_ device: Device, _ detail: ItemDetailStatus) -> PaneState {
    .item(ItemPane(AnyListedItem(device), detail: detail))
  }

  static func loaded(_ detail: DeviceDetail) -> ItemDetailStatus { .loaded(.device(.success(detail))) }

  /// "al" typed: groups, people, then devices; the laptop selected, its owners read.
  static func mixed(rows: Int, cols: Int) -> AppState {
    var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
    state.devices.isEnabled = true
    state.devices.status = .results
    state.devices.results = [alerts, autopilot, laptop]
    state.devices.resultsQuery = "al"
    state.list.selected = ListRowID(.device, laptop.id)
    state.detail.pane = pane(laptop, loaded(laptopDetail))
    return state
  }

  /// Devices alone, the pane with the keyboard and Aoife's row selected.
  static func devicesOnly(rows: Int, cols: Int, _ detail: ItemDetailStatus) -> AppState {
    var state = mixed(rows: rows, cols: cols)
    state.list.kind = .only(.device)
    var itemPane = ItemPane(AnyListedItem(laptop), detail: detail)
    itemPane.rowIndex = 1
    state.detail.pane = .item(itemPane)
    state.focus = .detail
    state.singlePaneDetailOpen = cols < 60
    return state
  }

  @Test func devicesBesideGroupsAndPeople() {
    snapshot("devices-mixed-list") { Self.mixed(rows: $0, cols: $1) }
  }

  @Test func aDevicesPaneListsItsOwnersThenItsUsers() {
    snapshot("devices-only-pane") { Self.devicesOnly(rows: $0, cols: $1, Self.loaded(Self.laptopDetail)) }
  }

  @Test func aDevicesPaneWhileItsOwnersAreRead() {
    snapshot("devices-pane-loading") { Self.devicesOnly(rows: $0, cols: $1, .loading) }
  }

  @Test func aDevicesPaneWhoseReadFailed() {
    snapshot("devices-pane-failed") { rows, cols in
      Self.devicesOnly(rows: rows, cols: cols, .failed("Microsoft Graph did not answer in time."))
    }
  }

  /// A device nobody owns, never seen and disabled: said in words, the warnings in their style.
  @Test func aDeviceNeverSeenWithNoOwner() {
    snapshot("devices-pane-unowned") { rows, cols in
      var state = Self.devicesOnly(
        rows: rows, cols: cols, Self.loaded(DeviceDetail(device: Self.autopilot, owners: [], users: [])))
      state.list.selected = ListRowID(.device, Self.autopilot.id)
      state.detail.pane = Self.pane(
        Self.autopilot, Self.loaded(DeviceDetail(device: Self.autopilot, owners: [], users: [])))
      return state
    }
  }

  /// Read from the index: the device's facts, and a sentence that owners are not kept.
  @Test func aDeviceFromTheIndexOffline() {
    snapshot("devices-offline-pane") { rows, cols in
      var state = Self.mixed(rows: rows, cols: cols)
      state.index.attached = true
      state.index.offline = true
      state.index.summary = LocalIndexSummary(
        complete: true, people: 8, lastSync: ScreenFixtures.epoch.addingTimeInterval(-600))
      state.index.summary?.kinds[.device] = KindIndexCount(count: 3)
      state.devices.fromIndex = true
      state.detail.pane = Self.pane(
        Self.laptop, Self.loaded(DeviceDetail(device: Self.laptop, owners: nil, users: nil, fromIndex: true)))
      return state
    }
  }

  @Test func devicesWithoutThePermission() {
    snapshot("devices-permission") { rows, cols in
      var state = Self.mixed(rows: rows, cols: cols)
      state.list.kind = .only(.device)
      state.devices.status = .needsPermission("Device.Read.All")
      state.devices.results = []
      state.devices.resultsQuery = nil
      state.list.selected = nil
      state.detail.pane = .empty
      return state
    }
  }

  /// The pane's walkable rows are the lines `rowLines` names, in `walkable`'s order.
  @Test func theSelectableLinesAreThePeopleInWalkOrder() throws {
    let pane = ItemPane(AnyListedItem(Self.laptop), detail: Self.loaded(Self.laptopDetail))
    let state = Self.mixed(rows: 24, cols: 80)
    let (lines, rowLines) = Self.laptop.paneLines(pane, in: state, width: 60)
    #expect(pane.walkable.map(\.id) == ["u-ivan", "u-aoife"])
    #expect(rowLines.count == 2)
    #expect(lines[rowLines[0]].text.contains("Ivan Petrov") && lines[rowLines[1]].text.contains("Aoife O'Connor"))
    #expect(lines.contains { $0.text.hasPrefix("Compliant") && $0.style == .warning })
    #expect(lines.contains { $0.text.contains("3 days ago") })
    #expect(Self.laptop.listAddress == "device · Windows 10.0.22631 · Entra joined · not compliant")
    #expect(!Self.alerts.listName.contains("\u{1B}"))
  }
}
