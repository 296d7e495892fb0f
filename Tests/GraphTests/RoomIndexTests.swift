import Foundation
import RosterCore
import TestSupport
import Testing

@testable import Index

/// Rooms in the local index (issue 29 item 6): refreshed whole after people and groups, kept
/// through a failed refresh, forgotten with the need said on a 403, refreshed at most daily by
/// the app's background sync, and read back whole from the index (`RoomClient.index`).
@Suite struct RoomIndexTests {
  static let atrium = Room(
    id: "r1", displayName: "Atrium", emailAddress: "atrium@contoso.test", building: "One", floorNumber: 1,
    capacity: 12, tags: ["video"], address: RoomAddress(city: "Zürich"),
    geoCoordinates: RoomCoordinates(latitude: 47.3, longitude: 8.5))
  static let boardroom = Room(id: "r2", displayName: "Board \"Room\" & Co", capacity: 20)
  static let cellar = Room(id: "r3", displayName: "会議室 Cellar", bookingType: "reserved")

  /// Answers `next()`'s rooms or error, counting the calls.
  final class Rooms: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Result<[Room], DirectoryError>
    private(set) var calls = 0
    init(_ rooms: [Room]) { answer = .success(rooms) }
    func set(_ answer: Result<[Room], DirectoryError>) { lock.withLock { self.answer = answer } }
    var client: RoomClient {
      RoomClient { _ in
        try self.lock.withLock {
          self.calls += 1
          return RoomCatalog(rooms: try self.answer.get())
        }
      }
    }
  }

  /// A settable clock for the daily rule.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { time } }
    func advance(hours: Double) { lock.withLock { time += hours * 3600 } }
  }

  static let people = DeltaFeed { _, _ in
    DeltaPage(
      changes: [.upsert(Person(id: "p1", displayName: "Ann Lee"), managerId: nil, managerKnown: true)],
      deltaLink: "d1")
  }

  static func sync(_ index: DirectoryIndex, _ rooms: RoomSyncMode, clock: Clock = Clock()) async throws
    -> IndexSyncOutcome
  {
    try await IndexSync(index: index, feed: people, now: { clock.now }, rooms: rooms).run()
  }

  static func withIndex(_ body: (DirectoryIndex) async throws -> Void) async throws {
    let directory = TemporaryDirectory(prefix: "roster-rooms")
    defer { directory.remove() }
    try await body(try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")))
  }

  @Test func aRefreshReplacesTheWholeSetInGraphsOrder() async throws {
    try await Self.withIndex { index in
      let rooms = Rooms([Self.atrium, Self.boardroom, Self.cellar])
      #expect(try await Self.sync(index, .always(rooms.client)) == .synced(full: true, changes: 1, requests: 1))
      #expect(try index.rooms().rooms == [Self.atrium, Self.boardroom, Self.cellar], "every field round-trips")
      #expect(try index.status().rooms == 3)

      // Gone from Graph, gone from the index; a renamed room is the new name; order is Graph's.
      var renamed = Self.cellar
      renamed.displayName = "Wine Cellar"
      let newcomer = Room(id: "r4", displayName: "Loft")
      rooms.set(.success([newcomer, renamed, Self.boardroom, newcomer]))
      _ = try await Self.sync(index, .always(rooms.client))
      #expect(try index.rooms().rooms == [newcomer, renamed, Self.boardroom], "a room listed twice is kept once")
      #expect(try index.status().rooms == 3 && index.status().people == 1)

      rooms.set(.success([]))
      _ = try await Self.sync(index, .always(rooms.client))
      #expect(try index.rooms().rooms.isEmpty && index.status().rooms == 0, "none left is none, not unknown")
    }
  }

  @Test func aFailedRefreshKeepsThePreviousSetAndTheSyncSucceeds() async throws {
    try await Self.withIndex { index in
      let rooms = Rooms([Self.atrium, Self.boardroom])
      _ = try await Self.sync(index, .always(rooms.client))
      rooms.set(.failure(.service(status: 503, code: "serviceUnavailable", message: "Try later")))
      #expect(try await Self.sync(index, .always(rooms.client)) == .synced(full: false, changes: 1, requests: 1))
      #expect(try index.rooms().rooms == [Self.atrium, Self.boardroom])
      let failed = try index.status()
      #expect(failed.rooms == 2 && failed.roomsFailure?.contains("503") == true, "\(failed)")

      // A cancelled sync stops, as it would at any step; the set is still the old one.
      rooms.set(.failure(.cancelled))
      await #expect(throws: IndexSyncError.failed(.cancelled)) { try await Self.sync(index, .always(rooms.client)) }
      #expect(try index.rooms().rooms == [Self.atrium, Self.boardroom])

      // The next refresh that finishes clears the failure.
      rooms.set(.success([Self.cellar]))
      _ = try await Self.sync(index, .always(rooms.client))
      #expect(try index.rooms().rooms == [Self.cellar] && index.status().roomsFailure == nil)
    }
  }

  @Test func withoutPlaceReadAllPeopleSyncAndTheNeedIsRecorded() async throws {
    try await Self.withIndex { index in
      let rooms = Rooms([Self.atrium])
      _ = try await Self.sync(index, .always(rooms.client))
      rooms.set(.failure(.permissionDenied(RoomClient.permissionExplanation)))
      #expect(try await Self.sync(index, .always(rooms.client)) == .synced(full: false, changes: 1, requests: 1))
      let status = try index.status()
      #expect(status.people == 1 && status.complete)
      #expect(status.rooms == nil && status.roomsMissingPermission == "Place.Read.All", "\(status)")
      #expect(try index.rooms().rooms.isEmpty, "nothing the token may not read is kept")
      let reader = RoomClient.index({ index })
      await #expect(throws: DirectoryError.permissionDenied(RoomClient.permissionExplanation)) {
        try await reader.allRooms { _ in }
      }
      #expect(LocalIndexClient.summary(status).roomsProblem == RoomClient.permissionExplanation)

      // Consented later: the next refresh keeps rooms again and the need is gone.
      rooms.set(.success([Self.boardroom]))
      _ = try await Self.sync(index, .always(rooms.client))
      #expect(try index.status().roomsMissingPermission == nil)
      #expect(try await reader.allRooms { _ in } == RoomCatalog(rooms: [Self.boardroom], fromIndex: true))
    }
  }

  @Test func theBackgroundRuleRefreshesOnlyASetOlderThanADay() async throws {
    try await Self.withIndex { index in
      let rooms = Rooms([Self.atrium])
      let clock = Clock()
      _ = try await Self.sync(index, .daily(rooms.client), clock: clock)
      #expect(rooms.calls == 1, "never refreshed: due")
      clock.advance(hours: 23)
      _ = try await Self.sync(index, .daily(rooms.client), clock: clock)
      #expect(rooms.calls == 1, "23 hours old: not due")
      clock.advance(hours: 1.5)
      rooms.set(.failure(.offline("reset")))
      // Graph out of reach fails the round as offline (the app marks itself so and probes again).
      await #expect(throws: IndexSyncError.failed(.offline("reset"))) {
        try await Self.sync(index, .daily(rooms.client), clock: clock)
      }
      #expect(rooms.calls == 2, "over a day old: due")
      #expect(try index.rooms().rooms == [Self.atrium], "the stored set is kept")
      rooms.set(.success([Self.boardroom]))
      _ = try await Self.sync(index, .daily(rooms.client), clock: clock)
      #expect(rooms.calls == 3, "a failed refresh is tried again")
      #expect(try index.rooms().rooms == [Self.boardroom])
      _ = try await Self.sync(index, .always(rooms.client), clock: clock)
      #expect(rooms.calls == 4, "`roster index sync` always refreshes")
      clock.advance(hours: -30)
      _ = try await Self.sync(index, .daily(rooms.client), clock: clock)
      #expect(rooms.calls == 5, "refreshed in the future (the clock went back): due")
    }
  }

  @Test func theIndexReaderSaysWhatItCannotAnswer() async throws {
    await #expect(throws: DirectoryError.offline("No local index is attached.")) {
      try await RoomClient.index({ nil }).allRooms { _ in }
    }
    try await Self.withIndex { index in
      let never = DirectoryError.offline("The local index holds no rooms yet; run `roster index sync`.")
      await #expect(throws: never) { try await RoomClient.index({ index }).allRooms { _ in } }
      let status = try index.status()
      #expect(status.rooms == nil, "never refreshed: unknown, not none")
    }
  }

  /// The app's index client: rooms refreshed with the first sync and daily after, counted in its
  /// summary, answered whole from the index, and not answered once the file is damaged.
  @Test func theAppsIndexClientRefreshesDailyAndAnswersFromTheIndex() async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("roster-rooms-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["XDG_CACHE_HOME": cache.path]
    let rooms = Rooms([Self.atrium, Self.boardroom])
    let clock = Clock()
    let client = LocalIndexClient.live(
      environment: environment, feed: Self.people, estimate: { nil }, rooms: rooms.client, now: { clock.now })
    _ = try #require(client.attach(IndexDamageTests.account))
    guard case .synced(let first) = await client.sync({ _, _ in }) else { throw CancellationError() }
    #expect(first.rooms == 2 && first.roomsProblem == nil && rooms.calls == 1)
    #expect(
      try await client.rooms.allRooms { _ in } == RoomCatalog(rooms: [Self.atrium, Self.boardroom], fromIndex: true))

    clock.advance(hours: 3)
    guard case .synced(let second) = await client.sync({ _, _ in }) else { throw CancellationError() }
    #expect(second.rooms == 2 && rooms.calls == 1, "the background sync reads rooms once a day")

    // Damaged under the running client: no rooms answered, and the damage is said.
    let location = IndexLocation(account: IndexDamageTests.account, environment: environment)
    try FileHandle(forWritingTo: location.file).truncate(atOffset: 0)
    await #expect(throws: DirectoryError.offline(DirectoryIndex.damagedMessage)) {
      try await client.rooms.allRooms { _ in }
    }
    #expect(client.damage() == DirectoryIndex.damagedMessage)
  }
}
