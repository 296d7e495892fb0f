import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `RoomClient.live` against the sandbox's places API: every page followed, Graph's fields
/// decoded, `Place.Read.All` or the explanation, a tenant without places, hostile names cleaned.
@Suite struct RoomClientSandboxTests {
  static let placeScope = "openid profile offline_access User.Read \(RoomClient.permission)"

  /// The live room client signed in to a sandbox of 50 people (60 rooms) with `scope`.
  static func withRooms<Result>(
    scope: String = placeScope, pageSize: Int = RoomClient.graphPageSize, rooms: Bool = true,
    _ body: (RoomClient, SandboxHarness) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: { $0.rooms = rooms }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let client = RoomClient.live(
        configuration: configuration, tokens: tokens, transport: harness.transport, pageSize: pageSize)
      return try await body(client, harness)
    }
  }

  @Test func everyPageIsFollowedAndEveryFieldDecoded() async throws {
    try await Self.withRooms(pageSize: 25) { client, harness in
      let expected = PlaceSet.generated(seed: 1, people: 50).rooms
      #expect(expected.count == 60)
      try await harness.clearRequests()
      let catalog = try await client.allRooms { _ in }
      #expect(!catalog.fromIndex)
      #expect(catalog.rooms.map(\.id) == expected.map(\.id))
      // 60 rooms at 25 a page: three requests, the first asking for the page size.
      let logged = try await harness.requests(pathPrefix: "/v1.0/places")
      #expect(logged.count == 3)
      #expect(logged.first?.path == "/v1.0/places/microsoft.graph.room" && logged.first?.query["$top"] == "25")

      let place = try #require(expected.first { $0.videoDeviceName != nil && $0.floorLabel != nil && !$0.tags.isEmpty })
      let room = try #require(catalog.rooms.first { $0.id == place.id })
      #expect(room.emailAddress?.string == place.emailAddress && room.building?.string == place.building)
      #expect(room.capacity == place.capacity && room.floorNumber == place.floorNumber)
      #expect(room.floorLabel?.string == place.floorLabel && room.bookingType?.string == place.bookingType)
      #expect(room.isWheelChairAccessible == place.isWheelChairAccessible)
      #expect(room.videoDeviceName?.string == place.videoDeviceName)
      #expect(room.audioDeviceName?.string == place.audioDeviceName)
      #expect(room.displayDeviceName?.string == place.displayDeviceName)
      #expect(room.tags?.map(\.string) == place.tags && room.phone?.string == place.phone)
      #expect(room.address?.city?.string == place.address.city && room.address?.postalCode != nil)
      #expect(room.geoCoordinates?.latitude == place.latitude && room.geoCoordinates?.longitude == place.longitude)
    }
  }

  @Test func theDefaultPageIsGraphsHundred() async throws {
    try await Self.withRooms { client, harness in
      try await harness.clearRequests()
      let catalog = try await client.allRooms { _ in }
      #expect(catalog.rooms.count == 60)
      let logged = try await harness.requests(pathPrefix: "/v1.0/places")
      #expect(logged.count == 1 && logged.first?.query["$top"] == "100")
    }
  }

  @Test func withoutPlaceReadAllTheRefusalNamesThePermission() async throws {
    try await Self.withRooms(scope: "openid profile offline_access User.Read User.Read.All") { client, _ in
      await #expect(throws: DirectoryError.permissionDenied(RoomClient.permissionExplanation)) {
        try await client.allRooms { _ in }
      }
    }
  }

  @Test func aTenantWithoutPlacesListsNoRooms() async throws {
    try await Self.withRooms(rooms: false) { client, _ in
      let catalog = try await client.allRooms { _ in }
      #expect(catalog.rooms.isEmpty)
    }
  }

  @Test func hostileNamesArriveCleaned() async throws {
    try await Self.withRooms(pageSize: 7) { client, _ in
      let names = try await client.allRooms { _ in }.rooms.prefix(DemoRooms.names.count).map { $0.name.string }
      #expect(names == DemoRooms.names.map { CleanText($0).string })
      for name in names {
        #expect(!name.unicodeScalars.contains { $0.value == 0x1B || (0x202A...0x202E).contains($0.value) }, "\(name)")
      }
      #expect(names.contains("O'Brien & \"Friends\" Room") && names.contains("会議室 富士山 東京"))
      #expect(names.contains { $0.hasPrefix("Alerts") && $0.contains("RED") })
    }
  }
}
