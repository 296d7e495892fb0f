import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/places` (rooms and room lists) over HTTP, with Graph's paging, `$filter`, `$select` and
/// the `Place.Read.All` rule.
@Suite("Graph v1.0 places (rooms)")
struct RoomGraphTests {
  static let placeScope = "openid profile offline_access User.Read Place.Read.All"
  static let rooms = "/v1.0/places/microsoft.graph.room"

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func names(_ reply: Reply) -> [String] { values(reply).compactMap { $0["displayName"] as? String } }
  static func filtered(_ filter: String) -> String { "\(rooms)?$filter=\(SandboxHarness.q(filter))" }

  @Test("generated places: deterministic, a few hundred rooms over several buildings and floors")
  func generation() {
    let places = PlaceSet.generated(seed: 1, people: 2000)
    #expect(places.rooms == PlaceSet.generated(seed: 1, people: 2000).rooms)
    #expect(places.rooms != PlaceSet.generated(seed: 2, people: 2000).rooms)
    #expect((200...400).contains(places.rooms.count))
    #expect(Array(places.rooms.prefix(DemoRooms.names.count).map(\.displayName)) == DemoRooms.names)
    let buildings = Set(places.rooms.compactMap(\.building))
    #expect(buildings.count >= 5)
    #expect(places.roomLists.count == buildings.count * 2)
    #expect(Set(places.rooms.compactMap(\.floorNumber)).count >= 5)
    #expect(places.rooms.allSatisfy { (2...40).contains($0.capacity ?? 0) })
    #expect(places.rooms.contains { $0.isWheelChairAccessible == true })
    #expect(places.rooms.contains { $0.isWheelChairAccessible == false })
    #expect(places.rooms.contains { $0.videoDeviceName != nil && $0.audioDeviceName != nil })
    #expect(Set(places.rooms.map { $0.emailAddress.lowercased() }).count == places.rooms.count)
    #expect(places.rooms.allSatisfy { $0.roomList.map { places.roomLists.indices.contains($0) } == true })
  }

  @Test("list: every room once over nextLink pages, $top, $skip, $count, Graph's fields")
  func paging() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.placeScope).accessToken
      let total = PlaceSet.generated(seed: 1, people: 50).rooms.count
      let first = try await h.graph(Self.rooms, token: token)
      #expect(first.status == 200, "\(first.text)")
      #expect(first["@odata.context"]?.hasSuffix("/v1.0/$metadata#places/microsoft.graph.room") == true)
      #expect(Self.values(first).count == min(100, total))
      let room = try #require(Self.values(first).first)
      #expect(Set(room.keys) == Set(PlaceQuery.properties(.room)))
      #expect(room["capacity"] is Int)
      #expect((room["address"] as? [String: Any])?["countryOrRegion"] as? String != nil)
      #expect((room["geoCoordinates"] as? [String: Any])?["latitude"] is Double)

      var seen = [String]()
      var next: String? = "\(Self.rooms)?$top=7&$count=true&$select=displayName"
      while let link = next {
        let page = try await h.graph(link, token: token)
        #expect(page.status == 200, "\(page.text)")
        if seen.isEmpty { #expect(page.json["@odata.count"] as? Int == total) }
        #expect(Self.values(page).allSatisfy { Set($0.keys) == ["id", "displayName"] })
        seen += Self.values(page).compactMap { $0["id"] as? String }
        next = page["@odata.nextLink"]
      }
      #expect(seen.count == total)
      #expect(Set(seen).count == total)
      let skipped = try await h.graph("\(Self.rooms)?$skip=3&$top=2&$select=id", token: token)
      #expect(Self.values(skipped).compactMap { $0["id"] as? String } == Array(seen[3..<5]))
      #expect(try await h.graph("\(Self.rooms)?$top=0", token: token).status == 400)
      #expect(try await h.graph("\(Self.rooms)?$orderby=capacity", token: token).status == 400)

      let lists = try await h.graph("/v1.0/places/microsoft.graph.roomlist", token: token)
      #expect(lists.status == 200)
      #expect(lists["@odata.context"]?.hasSuffix("#places/microsoft.graph.roomList") == true)
      let list = try #require(Self.values(lists).first)
      #expect(Set(list.keys) == Set(PlaceQuery.properties(.roomList)))
      let email = try #require(list["emailAddress"] as? String)
      let inList = try await h.graph(
        "/v1.0/places/\(SandboxHarness.q(email))/microsoft.graph.roomList/rooms?$select=building", token: token)
      #expect(inList.status == 200, "\(inList.text)")
      #expect(!Self.values(inList).isEmpty)
      let listName = try #require(list["displayName"] as? String)
      #expect(Self.values(inList).allSatisfy { ($0["building"] as? String).map(listName.hasPrefix) == true })
    }
  }

  @Test("$filter: building, capacity ge/le, emailAddress eq, startswith(displayName), refusals")
  func filters() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.placeScope).accessToken
      let all = PlaceSet.generated(seed: 1, people: 50).rooms
      let building = try #require(all.first?.building)
      let inBuilding = try await h.graph(
        Self.filtered("building eq '\(building)' and capacity ge 8 and capacity le 20") + "&$top=999", token: token)
      #expect(inBuilding.status == 200, "\(inBuilding.text)")
      let expected = all.filter { $0.building == building && (8...20).contains($0.capacity ?? 0) }
      #expect(Self.names(inBuilding) == expected.map(\.displayName))
      #expect(!expected.isEmpty)
      let accessible = try await h.graph(Self.filtered("isWheelChairAccessible eq true") + "&$top=999", token: token)
      #expect(Self.values(accessible).count == all.count { $0.isWheelChairAccessible == true })
      let mail = all[7].emailAddress.uppercased()
      let byMail = try await h.graph(Self.filtered("emailAddress eq '\(mail)'"), token: token)
      #expect(Self.names(byMail) == [all[7].displayName])
      let quoted = try await h.graph(Self.filtered("startswith(displayName,'O''Brien & \"')"), token: token)
      #expect(Self.names(quoted) == ["O'Brien & \"Friends\" Room"])
      let cjk = try await h.graph(Self.filtered("startswith(displayName,'会議室')"), token: token)
      #expect(Self.names(cjk) == ["会議室 富士山 東京"])

      let unknown = try await h.graph(Self.filtered("jobTitle eq 'x'"), token: token)
      #expect(unknown.status == 400)
      GraphShape.expectError(unknown, code: "Request_BadRequest")
      let ends = try await h.graph(Self.filtered("endswith(displayName,'Room')"), token: token)
      #expect(ends.status == 400)
      GraphShape.expectError(ends, code: "Request_UnsupportedQuery")
      #expect(try await h.graph(Self.filtered("tags/any(t:t eq 'quiet zone')"), token: token).status == 400)
      #expect(try await h.graph(Self.filtered("capacity ge 'ten'"), token: token).status == 400)
      #expect(try await h.graph(Self.filtered("displayName gt 'A'"), token: token).status == 400)
      #expect(try await h.graph(Self.filtered("capacity ge"), token: token).status == 400)
      let lists = try await h.graph(
        "/v1.0/places/microsoft.graph.roomList?$filter=\(SandboxHarness.q("capacity ge 2"))", token: token)
      #expect(lists.status == 400)
      #expect(try await h.graph("\(Self.rooms)?$select=jobTitle", token: token).status == 400)
    }
  }

  @Test("one place by id or by mail, cast to its type; unknown is 404")
  func onePlace() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.placeScope).accessToken
      let places = PlaceSet.generated(seed: 1, people: 50)
      let room = places.rooms[10]
      let byId = try await h.graph("/v1.0/places/\(room.id)", token: token)
      #expect(byId.status == 200, "\(byId.text)")
      #expect(byId["@odata.type"] == "#microsoft.graph.room")
      #expect(byId["displayName"] == room.displayName)
      #expect(byId.json["capacity"] as? Int == room.capacity)
      let byMail = try await h.graph(
        "/v1.0/places/\(SandboxHarness.q(room.emailAddress))?$select=capacity", token: token)
      #expect(byMail.json["capacity"] as? Int == room.capacity)
      #expect(byMail["displayName"] == nil)
      #expect(byMail["id"] == room.id)
      let cast = try await h.graph("/v1.0/places/\(room.id)/microsoft.graph.room", token: token)
      #expect(cast.status == 200)
      #expect(try await h.graph("/v1.0/places/\(room.id)/microsoft.graph.roomList", token: token).status == 404)
      let list = try await h.graph("/v1.0/places/\(places.roomLists[0].id)", token: token)
      #expect(list["@odata.type"] == "#microsoft.graph.roomList")
      let missing = try await h.graph("/v1.0/places/nobody@contoso.onmicrosoft.com", token: token)
      #expect(missing.status == 404)
      GraphShape.expectError(missing, code: "Request_ResourceNotFound")
      // Rooms of a list are asked for by the list's mail, not its id (Graph's place-list page).
      let byListId = try await h.graph(
        "/v1.0/places/\(places.roomLists[0].id)/microsoft.graph.roomList/rooms", token: token)
      #expect(byListId.status == 404)
    }
  }

  @Test("hostile names come back intact as JSON")
  func hostileNames() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.placeScope).accessToken
      let page = try await h.graph("\(Self.rooms)?$top=\(DemoRooms.names.count)&$select=displayName", token: token)
      #expect(Self.names(page) == DemoRooms.names)
      #expect(page.text.contains("\\u001b[31mRED"))
      #expect(page.text.contains("O'Brien & \\\"Friends\\\" Room"))
      #expect(page.text.contains("\u{202E}etanimoD\u{202C}"))
      #expect(DemoRooms.names.contains { $0.count > 200 })
    }
  }

  @Test("403 without Place.Read.All, also when the administrator withheld it")
  func permission() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn().accessToken
      for path in [Self.rooms, "/v1.0/places/microsoft.graph.roomList", "/v1.0/places/x"] {
        let denied = try await h.graph(path, token: token)
        #expect(denied.status == 403)
        GraphShape.expectError(denied, code: "Authorization_RequestDenied")
      }
      let granted = try await h.signIn(scope: Self.placeScope)
      #expect(granted.scope.contains("Place.Read.All"))
    }
    try await SandboxHarness.withManualClock({ $0.withheldPermissions = ["Place.Read.All"] }) { h in
      let tokens = try await h.signIn(scope: Self.placeScope)
      #expect(!tokens.scope.contains("Place.Read.All"))
      #expect(try await h.graph(Self.rooms, token: tokens.accessToken).status == 403)
    }
  }

  @Test("a tenant with no places set up answers an empty value")
  func emptyTenant() async throws {
    try await SandboxHarness.withManualClock({ $0.rooms = false }) { h in
      let token = try await h.signIn(scope: Self.placeScope).accessToken
      for path in [Self.rooms, "/v1.0/places/microsoft.graph.roomList"] {
        let empty = try await h.graph(path, token: token)
        #expect(empty.status == 200)
        #expect(empty.json["value"] as? [Any] != nil)
        #expect(Self.values(empty).isEmpty)
        #expect(empty["@odata.nextLink"] == nil)
      }
    }
  }
}
