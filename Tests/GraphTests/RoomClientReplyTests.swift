import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

/// `RoomClient.live` against scripted replies Graph should never send: endless and looping next
/// links, links off Graph, bodies that are not lists, entries of the wrong shape; and throttling.
@Suite struct RoomClientReplyTests {
  static let root = "https://graph.example.test/v1.0/places/microsoft.graph.room"

  static func client(
    _ transport: FakeTransport, maxPages: Int = RoomClient.maxPages, sleep: RecordingSleep = RecordingSleep()
  ) throws -> RoomClient {
    let configuration = try GraphConfiguration(
      endpoint: GraphHarness.endpoint, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
    return .live(
      configuration: configuration, tokens: FakeTokens(), transport: transport, maxPages: maxPages,
      sleep: sleep.function)
  }

  static func page(_ rooms: [String], next: String? = nil) -> HTTPResponse {
    let link = next.map { #","@odata.nextLink":"\#($0)""# } ?? ""
    let body = #"{"value":[\#(rooms.joined(separator: ","))]\#(link)}"#
    return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
  }

  static func error(_ client: RoomClient) async -> DirectoryError? {
    do {
      _ = try await client.allRooms { _ in }
      return nil
    } catch {
      return error as? DirectoryError
    }
  }

  static func malformed(_ error: DirectoryError?) -> String? {
    guard case .malformedResponse(let message) = error else { return nil }
    return message
  }

  @Test func aServerThatNeverStopsLinkingIsCutOffWithAClearError() async throws {
    let counter = LockedCounter()
    let transport = FakeTransport { _ in
      let n = counter.increment()
      return Self.page([#"{"id":"r\#(n)"}"#], next: "\(Self.root)?$skiptoken=\(n)")
    }
    let message = try #require(Self.malformed(await Self.error(try Self.client(transport, maxPages: 5))))
    #expect(message.contains("rooms") && message.contains("5 pages"))
    #expect(transport.requests.count == 5)
  }

  @Test func aLinkSentTwiceEndsTheReadAtOnce() async throws {
    let transport = FakeTransport { _ in Self.page([#"{"id":"r1"}"#], next: "\(Self.root)?$skiptoken=same") }
    let message = try #require(Self.malformed(await Self.error(try Self.client(transport))))
    #expect(message.contains("loops"))
    #expect(transport.requests.count == 2)
  }

  @Test func aLinkOffGraphIsNotFollowed() async throws {
    let transport = FakeTransport(script: [.respond(Self.page([#"{"id":"r1"}"#], next: "https://evil.test/steal"))])
    #expect(
      await Self.error(try Self.client(transport))
        == .malformedResponse(
          "Microsoft Graph sent a next-page link that does not point back to Graph."))
    #expect(transport.requests.count == 1)
  }

  @Test(arguments: ["", "not json", "[1,2]", #"{"value":{"id":"x"}}"#, #"{"rooms":[]}"#])
  func aBodyThatIsNotAListIsMalformed(_ body: String) async throws {
    let transport = FakeTransport(script: [.json(200, body)])
    let error = await Self.error(try Self.client(transport))
    #expect(Self.malformed(error) != nil, "\(body): \(String(describing: error))")
  }

  @Test func entriesOfTheWrongShapeAreDroppedOrReadLeniently() async throws {
    let entries = [
      "1", "null", #"{"displayName":"no id"}"#, #"{"id":""}"#, #"{"id":7}"#,
      #"{"id":"a","displayName":["x"],"capacity":"50","floorNumber":2.5,"isWheelChairAccessible":1,"#
        + #""tags":["quiet",3,null],"address":"Main St","geoCoordinates":{"latitude":"47","longitude":200}}"#,
      #"{"id":"b","displayName":"B\u001b[2JRoom","capacity":true,"isWheelChairAccessible":false,"#
        + #""floorNumber":-1,"address":{"city":"Oslo","street":5}}"#,
      #"{"id":"A","displayName":"again, other case"}"#,
    ]
    let transport = FakeTransport(script: [.respond(Self.page(entries))])
    let rooms = try await Self.client(transport).allRooms { _ in }.rooms
    #expect(rooms.map(\.id) == ["a", "b"])
    let first = rooms[0]
    #expect(first.displayName == nil && first.capacity == 50 && first.floorNumber == nil)
    #expect(first.isWheelChairAccessible == nil && first.tags == ["quiet"])
    #expect(first.address == nil && first.geoCoordinates == nil)
    let second = rooms[1]
    #expect(second.displayName == "BRoom" && second.capacity == nil && second.isWheelChairAccessible == false)
    #expect(second.floorNumber == -1 && second.address == RoomAddress(city: "Oslo"))
  }

  @Test func throttlingIsWaitedOutAndReported() async throws {
    let sleep = RecordingSleep()
    let transport = FakeTransport(script: [
      .graphError(429, code: "TooManyRequests", message: "slow down", headers: [("Retry-After", "3")]),
      .respond(Self.page([#"{"id":"r1"}"#], next: "\(Self.root)?$skiptoken=1")),
      .graphError(503, code: "serviceNotAvailable", message: "busy", headers: [("Retry-After", "1")]),
      .respond(Self.page([#"{"id":"r2"}"#])),
    ])
    let notices = NoticeLog()
    let rooms = try await Self.client(transport, sleep: sleep).allRooms(notices.callback).rooms
    #expect(rooms.map(\.id) == ["r1", "r2"])
    #expect(sleep.recorded == [.seconds(3), .seconds(1)])
    #expect(notices.all.map(\.reason) == [.throttled, .serviceUnavailable])
  }

  @Test func aRefusalIsThePermissionExplanation() async throws {
    let transport = FakeTransport(script: [
      .graphError(403, code: "Authorization_RequestDenied", message: "Insufficient privileges")
    ])
    #expect(await Self.error(try Self.client(transport)) == .permissionDenied(RoomClient.permissionExplanation))
  }
}
