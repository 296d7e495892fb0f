import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// `roster rooms search|show` through the built binary against the sandbox's places: formats,
/// filters, finding one room by id, mailbox or name, exit codes, `Place.Read.All` and `--demo`.
@Suite(.serialized) struct RoomsCommandTests {
  static let roomScopes = "openid profile offline_access User.Read User.Read.All Place.Read.All"
  /// The sandbox's rooms: 50 generated people, seed 1 (`SandboxHarness`'s defaults).
  static let rooms = PlaceSet.generated(seed: 1, people: 50).rooms

  /// Signs `roster` in with `scopes` to a generated sandbox tenant (with rooms unless `places` is off).
  static func withRoster(
    scopes: String = roomScopes, places: Bool = true, _ body: (RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(configure: {
      $0.approveAfter = .milliseconds(200)
      $0.rooms = places
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      try await body(roster, harness)
    }
  }

  static func objects(_ json: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
  }

  @Test func searchFiltersAndPrintsEveryFormat() async throws {
    try await Self.withRoster { roster, _ in
      let quoted = try await roster.run(["rooms", "search", "o'brien", "--json"])
      #expect(quoted.status == 0, "\(quoted.stderr)")
      let found = try Self.objects(quoted.stdout)
      #expect(found.compactMap { $0["displayName"] as? String } == ["O'Brien & \"Friends\" Room"])
      // Graph's property names, as Graph spells them.
      let room = try #require(found.first)
      #expect(room["emailAddress"] is String && room["capacity"] is Int && room["building"] is String)
      #expect(room["isWheelChairAccessible"] is Bool && (room["address"] as? [String: Any])?["city"] is String)

      let building = try #require(Self.rooms.first?.building)
      let expected = Self.rooms.filter { $0.building == building && ($0.capacity ?? 0) >= 10 }
      #expect(!expected.isEmpty && expected.count < Self.rooms.count)
      let filtered = try await roster.run([
        "rooms", "search", "--building", building.uppercased(), "--min-capacity", "10", "--json",
      ])
      #expect(filtered.status == 0, "\(filtered.stderr)")
      #expect(Set(try Self.objects(filtered.stdout).compactMap { $0["id"] as? String }) == Set(expected.map(\.id)))

      let csv = try await roster.run(["rooms", "search", "--building", building, "--csv"])
      #expect(csv.stdout.hasPrefix("id,displayName,emailAddress,building,floorNumber,floorLabel,capacity,"))
      #expect(csv.stdout.contains(#""O'Brien & ""Friends"" Room""#), "\(csv.stdout)")
      #expect(csv.stdout.split(separator: "\r\n").count == 1 + Self.rooms.count { $0.building == building })

      let table = try await roster.run(["rooms", "search", "会議室"])
      let lines = table.stdout.split(separator: "\n")
      #expect(lines.first?.hasPrefix("Name") == true && lines.first?.contains("Seats") == true, "\(table.stdout)")
      #expect(lines.count == 2 && lines[1].hasPrefix("会議室 富士山 東京"))
      let alerts = try await roster.run(["rooms", "search", "alerts"])
      #expect(alerts.status == 0 && alerts.stdout.contains("RED") && !alerts.stdout.contains("\u{1B}"))

      let none = try await roster.run(["rooms", "search", "zzzz-no-room"])
      #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No room matches"), "\(none.stderr)")
    }
  }

  /// Piped, a room with a name of hundreds of characters is cut to the table's column limit
  /// instead of pushing every other row's columns to the right; `--csv` keeps it whole.
  @Test func aHostileLongNameDoesNotWidenThePipedTable() async throws {
    let long = try #require(Self.rooms.max { $0.displayName.count < $1.displayName.count })
    #expect(long.displayName.count > 100, "the sandbox has a room with a very long name")
    try await Self.withRoster { roster, _ in
      let table = try await roster.run(["rooms", "search", "--building", long.building ?? ""])
      #expect(table.status == 0, "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n")
      #expect(lines.count > 2)
      // Four columns of at most 60 cells and three gaps of two.
      #expect(lines.allSatisfy { $0.count <= 4 * 60 + 3 * 2 }, "\(table.stdout)")
      #expect(lines.contains { $0.contains("…") })
      let mails = lines.dropFirst().compactMap { line in line.split(separator: " ").last }
      #expect(mails.allSatisfy { $0.contains("@") }, "every row ends with its mail: \(table.stdout)")
      let csv = try await roster.run(["rooms", "search", "--building", long.building ?? "", "--csv"])
      #expect(csv.stdout.split(separator: "\r\n").contains { $0.count > long.displayName.count }, "\(csv.stdout)")
    }
  }

  @Test func showFindsARoomByIdMailboxOrNameAndPrintsEveryField() async throws {
    try await Self.withRoster { roster, _ in
      let generated = Self.rooms.dropFirst(DemoRooms.names.count)
      let place = try #require(generated.first { $0.videoDeviceName != nil && !$0.tags.isEmpty })
      let byMail = try await roster.run(["rooms", "show", place.emailAddress.uppercased()])
      #expect(byMail.status == 0, "\(byMail.stderr)")
      #expect(byMail.stdout.hasPrefix(place.displayName + "\n"))
      for label in ["Mail", "Building", "Floor", "Capacity", "Booking", "Wheelchair", "Video", "Tags", "Address"] {
        #expect(byMail.stdout.contains("\n  \(label) "), "\(label)")
      }
      #expect(byMail.stdout.contains(place.videoDeviceName ?? "-") && byMail.stdout.contains(place.tags[0]))
      #expect(byMail.stdout.contains("Capacity     \(place.capacity ?? 0)\n"), "\(byMail.stdout)")
      let byName = try await roster.run(["rooms", "show", place.displayName])
      #expect(byName.stdout == byMail.stdout)
      let byID = try await roster.run(["rooms", "show", place.id, "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(byID.stdout.utf8)) as? [String: Any])
      #expect(object["id"] as? String == place.id && object["emailAddress"] as? String == place.emailAddress)

      // A hostile name is found as it is shown (cleaned), and as Graph sent it.
      let hostile = try await roster.run(["rooms", "show", "alerts red room"])
      #expect(hostile.status == 0 && hostile.stdout.hasPrefix("Alerts RED Room\n"), "\(hostile.stderr)")
      #expect(try await roster.run(["rooms", "show", DemoRooms.names[1]]).stdout == hostile.stdout)

      let missing = try await roster.run(["rooms", "show", "no-such-room"])
      #expect(missing.status == 1 && missing.stderr.contains("No such room"), "\(missing.stderr)")
    }
  }

  @Test func offlineAnswersTheSameRoomsFromTheIndex() async throws {
    try await Self.withRoster { roster, _ in
      let unsynced = try await roster.run(["rooms", "search", "--offline", "room"])
      #expect(unsynced.status == 3 && unsynced.stderr.contains("roster index sync"), "\(unsynced.stderr)")
      let sync = try await roster.run(["index", "sync"])
      #expect(sync.status == 0 && sync.stderr.contains("rooms"), "\(sync.stderr)")
      let building = try #require(Self.rooms.last?.building)
      for query in [["o'brien"], ["会議室"], ["ROOM"], ["--building", building, "--min-capacity", "10"]] {
        let online = try await roster.run(["rooms", "search", "--json"] + query)
        let offline = try await roster.run(["rooms", "search", "--json", "--offline"] + query)
        #expect(online.status == 0 && offline.status == 0, "\(query): \(offline.stderr)")
        #expect(!online.stdout.isEmpty && offline.stdout == online.stdout, "\(query)")
        #expect(offline.stderr.contains("From the local index (rooms refreshed "), "\(offline.stderr)")
      }
      let mail = Self.rooms[10].emailAddress
      let shown = try await roster.run(["rooms", "show", "--offline", mail])
      let live = try await roster.run(["rooms", "show", mail])
      #expect(shown.status == 0 && shown.stdout == live.stdout, "\(shown.stderr)")
      #expect(try await roster.run(["rooms", "search", "--offline", "--demo", "x"]).status == 2)
    }
  }

  @Test func exitCodesAndThePermission() async throws {
    try await Self.withRoster { roster, harness in
      let bare = try await roster.run(["rooms", "search"])
      #expect(bare.status == 2 && bare.stderr.contains("--building"), "\(bare.stderr)")
      #expect(try await roster.run(["rooms", "search", "x", "--json", "--csv"]).status == 2)
      #expect(try await roster.run(["rooms", "search", "--min-capacity", "0"]).status == 2)
      let signedOut = harness.roster(state: "nobody", extra: ["ROSTER_SCOPES": Self.roomScopes])
      #expect(try await signedOut.run(["rooms", "search", "ada"]).status == 3)
    }
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster, _ in
      let denied = try await roster.run(["rooms", "search", "room"])
      #expect(denied.status == 4 && denied.stderr.contains("Place.Read.All"), "\(denied.stderr)")
      #expect(denied.stderr.contains("administrator") && denied.stdout.isEmpty)
      #expect(try await roster.run(["rooms", "show", "x"]).status == 4)
      #expect(try await roster.run(["search", "a"]).status == 0)
      // The index keeps no rooms either, and says which permission that needs.
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let offline = try await roster.run(["rooms", "search", "--offline", "room"])
      #expect(offline.status == 4 && offline.stderr.contains("Place.Read.All"), "\(offline.stderr)")
    }
  }

  @Test func aTenantWithoutPlacesSaysSo() async throws {
    try await Self.withRoster(places: false) { roster, _ in
      let empty = try await roster.run(["rooms", "search", "room"])
      #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("Places settings"), "\(empty.stderr)")
      #expect(try await roster.run(["rooms", "show", "x"]).status == 1)
    }
  }

  @Test func demoAnswersRooms() async throws {
    let roster = RosterProcess(environment: [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
    ])
    let found = try await roster.run(["rooms", "search", "--demo", "--min-capacity", "30", "--json"])
    #expect(found.status == 0, "\(found.stderr)")
    let rooms = try Self.objects(found.stdout)
    #expect(!rooms.isEmpty && rooms.allSatisfy { ($0["capacity"] as? Int ?? 0) >= 30 })
  }

  /// Issue 40 item 5: words match rooms as they match people and groups, by the start of a word of
  /// the name, building, floor or tags, or the start of the mailbox; never inside a word, so the
  /// domain every room's mailbox shares finds none of them.
  @Test func demoMatchesRoomsByWordStartNeverInsideTheSharedDomain() async throws {
    let roster = RosterProcess(environment: [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
    ])
    let all = try Self.objects(
      try await roster.run(["rooms", "search", "--demo", "--min-capacity", "1", "--json"]).stdout)
    #expect(all.count > 100)
    let domains = Set(all.compactMap { ($0["emailAddress"] as? String)?.split(separator: "@").last.map(String.init) })
    #expect(domains.count == 1, "one shared domain: \(domains)")
    let domainWords = try #require(domains.first).split(separator: ".").map { String($0.prefix(3)) }
    for word in ["ros", "con", "om"] + domainWords {
      let found = try await roster.run(["rooms", "search", "--demo", word, "--json"])
      #expect(found.status == 0, "\(found.stderr)")
      let rooms = found.stdout.isEmpty ? [] : try Self.objects(found.stdout)
      #expect(rooms.count < all.count / 2, "\(word) found \(rooms.count) of \(all.count)")
      for room in rooms {
        let mail = (room["emailAddress"] as? String ?? "").lowercased()
        let texts =
          ["displayName", "building", "floorLabel", "nickname"].compactMap { room[$0] as? String }
          + (room["tags"] as? [String] ?? [])
        let words = texts.flatMap { $0.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
        #expect(mail.hasPrefix(word) || words.contains { $0.hasPrefix(word) }, "\(word): \(room)")
      }
    }
  }
}
