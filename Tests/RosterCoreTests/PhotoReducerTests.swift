import Foundation
import RosterCore
import TestSupport
import Testing

/// The photo follows the detail pane: fetched for the selected person once the selection rests,
/// never while it moves, never holding up the pane's text, and never at all when photos are off.
@MainActor
struct PhotoReducerTests {
  static let face = PhotoImage(width: 2, height: 2, rgb: [UInt8](repeating: 0x80, count: 12))

  /// A store whose search for "al" was answered (the first of `Fixtures.alexes` selected), photos in `mode`.
  static func searched(mode: PhotoMode) async -> TestStore {
    let store = TestStore()
    await store.send(.photo(.modeDetected(mode))) { $0.photo.mode = mode }
    await store.search("al", answer: Fixtures.alexes)
    store.exhaustivity = .off(
      reason: """
        from here these tests follow the photo's requests and status; the detail pane's state changes
        along the way are SelectionRestTests' subject, asserted there exhaustively
        """)
    return store
  }

  /// Answers the detail calls made since the last take; returns the others (photo calls).
  static func answerDetails(_ store: TestStore) async -> [FakeDirectoryClient.Call] {
    var others: [FakeDirectoryClient.Call] = []
    for call in store.directory.takeCalls() {
      if case .detail(let id) = call.request {
        call.respond(Fixtures.detail(Fixtures.alexes.first { $0.id == id } ?? Person(id: id)))
      } else {
        others.append(call)
      }
    }
    await store.settle()
    return others
  }

  /// The first person's text and photo both loaded.
  static func showingFirst(mode: PhotoMode) async -> TestStore {
    let store = await searched(mode: mode)
    await store.advance(by: Tuning.detailDebounce)
    await answerDetails(store).first?.respond(photo: face)
    await store.settle()
    return store
  }

  static func request(_ store: TestStore, _ person: Person, side: Int = 48) -> FakeDirectoryClient.Request {
    .photo(PhotoRequest(tenant: store.state.account?.tenantId.string ?? "", personID: person.id, side: side))
  }

  @Test func photosOffNeverAskForOne() async {
    let store = await Self.searched(mode: .off)
    await store.advance(by: Tuning.detailDebounce)
    #expect(await Self.answerDetails(store).isEmpty)
    await store.advance(by: Tuning.selectionRest)
    #expect(store.directory.takeRequests().isEmpty)
    #expect(store.state.photo.status == .none)
    await store.finish()
  }

  @Test func thePhotoIsFetchedWhenTheSelectionRestsAndTheTextIsNotHeldUp() async {
    let store = await Self.searched(mode: .halfBlocks256)
    #expect(store.directory.takeRequests().isEmpty, "no photo before the selection rests")
    await store.advance(by: Tuning.selectionRest)
    let photo = store.directory.takeCalls()
    #expect(photo.map(\.request) == [Self.request(store, Fixtures.alexes[0])], "asked for once it rests")
    #expect(store.state.photo.status == .loading)
    await store.advance(by: Tuning.detailDebounce - Tuning.selectionRest)
    #expect(await Self.answerDetails(store).isEmpty)
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[0])), "the text does not wait")
    #expect(store.state.photo.status == .loading)
    photo.first?.respond(photo: Self.face)
    await store.settle()
    #expect(store.state.photo.status == .loaded(Self.face))
    await store.finish()
  }

  @Test func aRunOfMovesFetchesOnePhotoForWhereItRests() async {
    let store = await Self.searched(mode: .halfBlocks256)
    await store.advance(by: Tuning.selectionRest)
    let first = store.directory.takeCalls()
    #expect(first.count == 1)
    await store.advance(by: Tuning.detailDebounce)
    #expect(await Self.answerDetails(store).isEmpty)
    for _ in 0..<3 {
      await store.send(.list(.selectionMoved(by: 1)))
      await store.advance(by: .milliseconds(30))
    }
    #expect(first.first?.wasCancelled == true, "the first person's photo was called off")
    #expect(store.state.photo.status == .none, "no photo while the selection moves")
    #expect(store.directory.takeRequests().allSatisfy { if case .photo = $0 { false } else { true } })
    await store.advance(by: Tuning.selectionRest)
    var photoCalls: [FakeDirectoryClient.Call] = []
    for call in store.directory.takeCalls() {
      switch call.request {
      case .detail(let id): call.respond(Fixtures.detail(Fixtures.alexes.first { $0.id == id } ?? Person(id: id)))
      case .photo: photoCalls.append(call)
      default: break
      }
    }
    await store.settle()
    #expect(photoCalls.map(\.request) == [Self.request(store, Fixtures.alexes[3])])
    photoCalls.first?.respond(photo: nil)
    await store.settle()
    #expect(store.state.photo.status == .absent)
    await store.finish()
  }

  @Test func aPhotoSeenRecentlyNeedsNoRequest() async {
    let store = await Self.showingFirst(mode: .halfBlocks256)
    await store.advance(by: Tuning.selectionRest)
    await store.send(.list(.selectionMoved(by: 1)))
    await store.advance(by: Tuning.detailDebounce)
    let calls = store.directory.takeCalls()
    #expect(calls.count == 2, "the text and, once the selection rested, the photo")
    for call in calls {
      if case .detail = call.request {
        call.respond(Fixtures.detail(Fixtures.alexes[1]))
      } else {
        call.respond(photo: nil)
      }
    }
    await store.advance(by: Tuning.selectionRest)
    await store.send(.list(.selectionMoved(by: -1)))
    await store.advance(by: Tuning.selectionRest)
    #expect(store.directory.takeRequests().isEmpty)
    #expect(store.state.photo.status == .loaded(Self.face))
    await store.finish()
  }

  @Test func kittyAnsweringLateFetchesTheLargerSize() async {
    let store = await Self.showingFirst(mode: .halfBlocks256)
    #expect(store.state.photo.status == .loaded(Self.face))
    await store.send(.photo(.modeDetected(.kitty)))
    let calls = store.directory.takeCalls()
    #expect(calls.map(\.request) == [Self.request(store, Fixtures.alexes[0], side: 240)])
    calls.first?.fail(.malformedResponse("Not a JPEG"))
    await store.settle()
    #expect(
      store.state.photo.status == .unavailable(DirectoryError.malformedResponse("Not a JPEG").plainMessage.string))
    #expect(store.state.detail.status == .loaded(Fixtures.detail(Fixtures.alexes[0])), "the text is untouched")
    await store.finish()
  }
}
