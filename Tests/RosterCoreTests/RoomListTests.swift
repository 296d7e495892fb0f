import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Rooms, the third kind, through the real Store and runtime: one read of the whole list a
/// session, every query matched locally in the key's own frame, rows beside people and groups
/// under one selection, the pane showing a room, Ctrl-G through every kind, the permission
/// explained, the index offline, and an answer about an ended session dropped.
@MainActor
@Suite struct RoomListTests {
  nonisolated static let fjord = Room(
    id: "r-fjord", displayName: "Fjord 2.14", emailAddress: "fjord@contoso.test", building: "Oslo North",
    floorNumber: 2, capacity: 8, bookingType: "standard", isWheelChairAccessible: true,
    videoDeviceName: "Rally Bar")
  nonisolated static let ada = Room(
    id: "r-ada", displayName: "Ada Boardroom", emailAddress: "ada-room@contoso.test", building: "London South",
    floorLabel: "G", capacity: 20)
  nonisolated static let ann = Person(id: "u-ann", displayName: "Ann Lee", mail: "ann@contoso.test")

  static func signedIn() -> AppState {
    var state = AppState.signedIn()
    state.groups.isEnabled = true
    state.rooms.isEnabled = true
    return state
  }

  /// Rooms answered from a fixed list, counting the reads.
  final class Catalog: Sendable {
    let reads = LockedValue(0)
    let result: Result<[Room], DirectoryError>
    let fromIndex: Bool
    init(_ result: Result<[Room], DirectoryError>, fromIndex: Bool = false) {
      self.result = result
      self.fromIndex = fromIndex
    }
    var client: RoomClient {
      RoomClient { _ in
        self.reads.withLock { $0 += 1 }
        return RoomCatalog(rooms: try self.result.get(), fromIndex: self.fromIndex)
      }
    }
  }

  /// Issue 40 item 5: a word finds a room by the start of a word of it (or of its mailbox), as for
  /// people and groups; never inside a word, so the domain every mailbox shares finds none.
  @Test func roomsMatchByTheStartOfAWordNeverInsideOne() async {
    let catalog = Catalog(.success([Self.fjord, Self.ada]))
    let store = TestStore(state: Self.signedIn(), rooms: catalog.client)
    store.exhaustivity = .off(reason: "only the rooms listed for each query")
    for (query, expected) in [
      ("ros", []), ("om", []), ("contoso", []), ("test", []), ("room", []), ("oard", []),
      ("boa", [Self.ada]), ("ada-r", [Self.ada]), ("fjo", [Self.fjord]), ("sou", [Self.ada]), ("2.1", [Self.fjord]),
    ] as [(String, [Room])] {
      await store.send(.search(.queryChanged(query)))
      #expect(store.state.shownRooms == expected, "\(query)")
      #expect(store.state.rowsMatchQuery(.room), "\(query): the rows are this query's answer")
    }
  }

  @Test func roomsAreReadOnceAndMatchedAsYouTypeAndOpenInThePane() async {
    let catalog = Catalog(.success([Self.fjord, Self.ada]))
    let store = TestStore(state: Self.signedIn(), rooms: catalog.client)
    store.exhaustivity = .off(reason: "the rooms' rows, selection and pane; people and groups are asserted elsewhere")
    await store.send(.search(.queryChanged("fjord")))
    #expect(catalog.reads.withLock { $0 } == 1)
    #expect(store.state.listRows == [.room(Self.fjord)])
    #expect(store.state.selectedRoom == Self.fjord, "the best match, the room, is selected")
    #expect(store.state.detail.status == .room(Self.fjord), "a room needs no request: shown at once")
    #expect(store.state.detail.subject == .room(Self.fjord))

    await store.send(.search(.queryChanged("london")))
    #expect(store.state.shownRooms == [Self.ada], "matched by building, in the key's own frame")
    #expect(store.state.detail.status == .room(Self.ada), "no one matches yet: the room leads")
    #expect(catalog.reads.withLock { $0 } == 1, "the whole list is read once a session")

    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ann])) }
    await store.settle()
    #expect(store.state.listRows == [.person(Self.ann), .room(Self.ada)], "people first, then rooms: one list")
    #expect(store.state.selectedListPerson == Self.ann, "Enter opens the person typed, not a room named after them")
    #expect(store.state.detail.status.room == nil)
    await store.send(.list(.selectionMoved(by: 1)))
    #expect(store.state.selectedRoom == Self.ada)
    #expect(store.state.detail.status == .room(Self.ada))
  }

  @Test func ctrlGStepsThroughEveryKindSwitchedOn() async {
    let store = TestStore(state: Self.signedIn())
    let enabled = store.state.enabledKinds
    #expect(enabled == [.person, .group, .room])
    #expect(ListKind.all.label(among: enabled) == "people, groups and rooms")
    await store.send(.list(.kindSwitched)) { $0.list.kind = .people }
    await store.send(.list(.kindSwitched)) { $0.list.kind = .groups }
    #expect(ListKind.rooms.label(among: enabled) == "rooms only")
    await store.send(.list(.kindSwitched)) { $0.list.kind = .rooms }
    await store.send(.list(.kindSwitched)) { $0.list.kind = .all }
    #expect(ListKind.all.next(among: [.person, .room]) == .people)
    #expect(ListKind.people.next(among: [.person, .room]) == .rooms, "a kind switched off is skipped")
    await store.finish()
  }

  @Test func withoutPlaceReadAllTheListSaysWhyAndAsksOnce() async {
    let catalog = Catalog(.failure(.permissionDenied(RoomClient.permissionExplanation)))
    var state = Self.signedIn()
    state.list.kind = .rooms
    let store = TestStore(state: state, rooms: catalog.client)
    store.exhaustivity = .off(reason: "the catalog's status")
    await store.send(.search(.queryChanged("fjord")))
    #expect(store.state.rooms.catalog == .needsPermission(CleanText(RoomClient.permissionExplanation)))
    #expect(store.state.listRows.isEmpty)
    await store.send(.search(.queryChanged("fjor")))
    #expect(catalog.reads.withLock { $0 } == 1, "a refusal is not asked again at every key")
  }

  @Test func offlineTheIndexAnswers() async {
    let graph = Catalog(.failure(.offline("The network is down.")))
    let local = Catalog(.success([Self.fjord]), fromIndex: true)
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [] }, sync: { _ in .busy }, remove: { _ in }, rooms: local.client)
    var state = Self.signedIn()
    state.index.attached = true
    let store = TestStore(state: state, index: index, rooms: graph.client)
    store.exhaustivity = .off(reason: "where the rooms came from")
    await store.send(.search(.queryChanged("oslo")))
    #expect(graph.reads.withLock { $0 } == 1)
    #expect(local.reads.withLock { $0 } == 1, "Graph unreachable: the index's rooms")
    #expect(store.state.rooms.catalog == .loaded(RoomCatalog(rooms: [Self.fjord], fromIndex: true)))
    #expect(store.state.shownRooms == [Self.fjord])
  }

  /// One session identity: an answer to a request of a session that has since ended is dropped
  /// by the Store before any reducer sees it, whatever kind it is for.
  @Test func anAnswerAboutAnEndedSessionIsDropped() {
    let store = Store(
      initialState: Self.signedIn(), runtime: GroupListTests.Recorder(), instantSearch: InstantIndexSearch(.disabled))
    store.send(.search(.queryChanged("fjord")))
    let readID = store.state.rooms.requestID
    let generation = store.state.sessionGeneration
    store.send(.app(.signOutRequested))
    #expect(store.state.sessionGeneration == generation + 1)
    #expect(store.state.rooms.requestID > readID, "ids only grow")
    // "My groups" are kept whatever query asked for them: only the session tells an old answer.
    let team = Group(id: "g-old", displayName: "The old account's team")
    let late = AppAction.search(.answered(id: 0, .myGroups(.success(GroupPage(groups: [team])))))
    let before = store.state
    store.send(
      .search(.answered(id: readID, .rooms(.success(RoomCatalog(rooms: [Self.fjord]))))), fromSession: generation)
    store.send(late, fromSession: generation)
    #expect(store.state == before, "dropped: the old session's answers never reach the new one")
    store.send(late, fromSession: store.state.sessionGeneration)
    #expect(store.state.groups.myGroups == [team], "the same answer from the session on screen is taken")
  }
}
