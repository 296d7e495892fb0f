import AppRuntime
import Foundation
import RosterCore
import SearchRules
import TestSupport
import Testing

/// Devices, the first kind registered as a value (`SearchedKind`), through the real Store and
/// runtime: searched with the field beside people, listed under one selection, Ctrl-G through them,
/// opened in an item pane that loads owners, walked to an owner and back, the missing permission
/// named, and a session's answers never shown in the next.
@MainActor
@Suite struct DeviceListTests {
  nonisolated static let laptop = Device(
    id: "d-1", displayName: "LAPTOP-ADA", operatingSystem: "Windows", operatingSystemVersion: "10.0.22631",
    trustType: "AzureAd", isCompliant: true)
  nonisolated static let phone = Device(id: "d-2", displayName: "Ada's iPhone", operatingSystem: "iOS")
  nonisolated static let ada = Person(id: "u-ada", displayName: "Ada Lovelace", mail: "ada@contoso.test")

  static func signedIn() -> AppState {
    var state = AppState.signedIn()
    state.enableSearchedKinds()
    return state
  }

  /// A device client over a fixed list, counting its calls.
  final class Devices: Sendable {
    let searches = LockedValue<[String]>([])
    let details = LockedValue<[String]>([])
    let failure: DirectoryError?
    init(failing failure: DirectoryError? = nil) { self.failure = failure }

    var client: KindClient {
      KindClient(
        search: { query, _ in
          let text = query.value(as: ItemQuery.self)?.text ?? ""
          self.searches.withLock { $0.append(text) }
          if let failure = self.failure { return .devices(.failure(failure)) }
          let words = Narrowing(text)
          return .devices(
            .success(
              ItemPage(
                [DeviceListTests.laptop, DeviceListTests.phone].filter {
                  words.matches($0.searchFields)
                })))
        },
        nextPage: { _ in .devices(.success(ItemPage([]))) },
        detail: { id in
          self.details.withLock { $0.append(id) }
          let device = [DeviceListTests.laptop, DeviceListTests.phone].first { $0.id == id }!
          return .device(.success(DeviceDetail(device: device, owners: [DeviceListTests.ada], users: [])))
        })
    }
  }

  private func typed(_ text: String, _ store: TestStore) async {
    await store.send(.search(.queryChanged(text)))
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [])) }
    await store.settle()
  }

  @Test func devicesAnswerTheFieldAndOpenInAPaneThatLoadsTheirOwners() async {
    let devices = Devices()
    let store = TestStore(state: Self.signedIn(), kinds: [.device: devices.client])
    store.exhaustivity = .off(reason: "the devices' rows, the pane and the walk")
    await typed("laptop", store)
    #expect(devices.searches.withLock { $0 } == ["laptop"], "Graph is asked once, after the debounce")
    #expect(store.state.listRows == [.item(AnyListedItem(Self.laptop))])
    #expect(
      store.state.listStatus(of: .device)
        == .results(listed: 1, total: 1, more: false, loadingMore: false, fromIndex: false))
    #expect(store.state.selectedListRow?.kind == .device, "no one matches: the device leads")

    await store.send(.list(.detailOpened))
    await store.settle()
    guard case .item(let pane) = store.state.detail.pane else {
      Issue.record("the pane shows the device: \(store.state.detail.pane)")
      return
    }
    #expect(pane.item == AnyListedItem(Self.laptop))
    #expect(pane.walkable == [.person(Self.ada)], "its owner is a row Enter walks to")
    #expect(devices.details.withLock { $0 } == ["d-1"])

    await store.send(.itemPane(.rowOpened))
    await store.settle()
    #expect(store.state.detail.subject == .person(Self.ada), "Enter walked to the owner")
    #expect(store.state.detail.trail.map(\.id) == ["d-1", "u-ada"])

    await store.send(.detail(.wentBack))
    await store.settle()
    #expect(store.state.detail.subject == .item(AnyListedItem(Self.laptop)), "Backspace came back to the device")
  }

  @Test func ctrlGListsDevicesAloneAndNarrowsWhileGraphIsAsked() async {
    let devices = Devices()
    let store = TestStore(state: Self.signedIn(), kinds: [.device: devices.client])
    store.exhaustivity = .off(reason: "Ctrl-G and the narrowing")
    await typed("ada", store)
    #expect(store.state.devices.results.map(\.id) == ["d-2", "d-1"], "a name that starts with the word first")
    var seen: [ListKind] = [store.state.list.kind]
    for _ in 0..<6 {
      await store.send(.list(.kindSwitched))
      seen.append(store.state.list.kind)
    }
    #expect(seen.contains(.only(.device)), "Ctrl-G reaches devices: \(seen)")
    while store.state.list.kind != .only(.device) { await store.send(.list(.kindSwitched)) }
    #expect(store.state.listRows.allSatisfy { $0.kind == .device })

    await store.send(.search(.queryChanged("ada iph")))
    #expect(store.state.devices.status == .searching)
    #expect(store.state.devices.results.map(\.id) == ["d-2"], "narrowed locally while the debounce runs")
    #expect(!store.state.rowsMatchQuery(.device), "and marked as narrowed")
  }

  @Test func aMissingPermissionIsNamedAndPeopleStillSearch() async {
    let devices = Devices(failing: .permissionDenied("Insufficient privileges to complete the operation."))
    let store = TestStore(state: Self.signedIn(), kinds: [.device: devices.client])
    store.exhaustivity = .off(reason: "the devices' status only")
    await typed("laptop", store)
    #expect(store.state.devices.status == .needsPermission("Device.Read.All"))
    #expect(store.state.listStatus(of: .device) == .needsPermission("Device.Read.All"))
    await typed("laptops", store)
    #expect(devices.searches.withLock { $0 } == ["laptop"], "a refused kind is not asked again for every key")
  }

  @Test func aSessionEndForgetsTheDevices() async {
    let devices = Devices()
    let store = TestStore(state: Self.signedIn(), kinds: [.device: devices.client])
    store.exhaustivity = .off(reason: "the devices' slice at sign-out")
    await typed("laptop", store)
    #expect(!store.state.devices.results.isEmpty)
    await store.send(.app(.signOutRequested))
    await store.settle()
    #expect(store.state.devices.results.isEmpty)
    #expect(store.state.devices.isEnabled, "still listed for the next sign-in")
  }

  /// A device in a group's members is a row Enter opens, as a device (its pane reads the rest);
  /// a service principal opens as an enterprise app, and a contact still opens nothing.
  @Test func aDeviceMemberOpensAsADevice() async {
    let agent = UndescribedObject(id: "d-9", odataType: "#microsoft.graph.device", displayName: "BUILD-AGENT-1")
    let subject = PaneSubject(.undescribed(agent))
    #expect(subject?.kind == .device)
    #expect(subject?.id == "d-9")
    let pipeline = UndescribedObject(id: "sp-1", odataType: "#microsoft.graph.servicePrincipal", displayName: "CI")
    #expect(PaneSubject(.undescribed(pipeline))?.kind == .enterpriseApp)
    let contact = UndescribedObject(id: "c-1", odataType: "#microsoft.graph.orgContact", displayName: "Vendor")
    #expect(PaneSubject(.undescribed(contact)) == nil)
  }
}
