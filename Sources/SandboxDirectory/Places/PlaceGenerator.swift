import Foundation

/// Builds the tenant's rooms and room lists from a seed: buildings on a few sites, each with
/// floors and two room lists (meeting rooms below 12 seats, conference rooms from 12), then the
/// hostile demo rooms (`DemoRooms`) and generated rooms spread over the buildings.
///
/// Its own random streams, seeded apart from the people's and the groups', so adding rooms
/// changed no person or group of any seed. Same seed and size, same places.
struct PlaceGenerator {
  let seed: UInt64
  let people: Int

  /// About one room per six people, at least 60 (so paging has pages) and at most 400.
  static func roomCount(forPeople people: Int) -> Int { min(400, max(60, people / 6)) }
  /// Rooms from this many seats go in a building's "Conference Rooms" list.
  static let conferenceSeats = 12

  struct Site {
    var city: String
    var street: String
    var state: String?
    var country: String
    var postalCode: String
    var latitude: Double
    var longitude: Double
    var phonePrefix: String
  }

  static let sites = [
    Site(
      city: "Redmond", street: "Microsoft Way", state: "WA", country: "United States", postalCode: "98052",
      latitude: 47.6405, longitude: -122.1294, phonePrefix: "+1 425 555 "),
    Site(
      city: "London", street: "Paddington Walk", state: nil, country: "United Kingdom", postalCode: "W2 1AS",
      latitude: 51.5175, longitude: -0.1770, phonePrefix: "+44 20 7946 "),
    Site(
      city: "München", street: "Walter-Gropius-Straße", state: "Bayern", country: "Germany", postalCode: "80807",
      latitude: 48.1775, longitude: 11.5911, phonePrefix: "+49 89 5555 "),
    Site(
      city: "Tokyo", street: "Konan", state: "東京都", country: "Japan", postalCode: "108-0075",
      latitude: 35.6298, longitude: 139.7410, phonePrefix: "+81 3 5555 "),
    Site(
      city: "São Paulo", street: "Avenida Paulista", state: "SP", country: "Brazil", postalCode: "01310-100",
      latitude: -23.5614, longitude: -46.6559, phonePrefix: "+55 11 5555 "),
  ]

  static let wings = ["North", "South", "Tower", "Annex"]
  static let roomNames = [
    "Ada", "Turing", "Hopper", "Lovelace", "Curie", "Noether", "Ramanujan", "Hypatia", "Tesla", "Franklin",
    "Johnson", "Meitner", "Euler", "Gauss", "Kovalevskaya", "Al-Khwarizmi", "Yuasa", "Bose",
  ]
  static let tags = ["whiteboard", "natural light", "standing desks", "bean bags", "quiet zone", "nice view"]
  static let audioDevices = ["Poly Trio 8800", "Jabra Speak 750", "Yealink CP900", "Logitech Rally Mic Pod"]
  static let videoDevices = ["Logitech Rally Bar", "Poly Studio X50", "Yealink MeetingBar A30", "Cisco Room Kit Mini"]
  static let displayDevices = ["Surface Hub 2S 85\"", "Samsung 75\" QLED", "LG 65\" UHD", "Epson projector"]
  /// Resource kinds and their seat ranges: capacities stay within 2…40.
  static let kinds: [(name: String, seats: ClosedRange<Int>)] = [
    ("Focus Room", 2...4), ("Meeting Room", 4...10), ("Conference Room", 8...20), ("Boardroom", 12...24),
    ("Training Room", 16...40),
  ]

  struct Building {
    var name: String
    var site: Site
    var number: Int
    var floors: Int
    var rooms = 0
  }

  func make() -> PlaceSet {
    var random = SeededRandom(seed: seed ^ 0x3C6E_F372_FE94_F82B)
    var ids = SeededRandom(seed: seed ^ 0xA54F_F53A_5F1D_36F1)
    func nextId() -> String { GUIDFormat.string(high: ids.next(), low: ids.next()) }
    let domain = Directory.defaultDomain
    var buildings: [Building] = []
    var lists: [DirectoryPlace] = []
    for site in Self.sites {
      for wing in Self.wings.prefix(1 + random.below(3)) {
        let building = Building(
          name: "\(site.city) \(wing)", site: site, number: 1 + random.below(98), floors: 2 + random.below(11))
        for (suffix, slug) in [("Meeting Rooms", "meeting"), ("Conference Rooms", "conference")] {
          lists.append(
            Self.located(
              DirectoryPlace(
                kind: .roomList, id: nextId(), displayName: "\(building.name) \(suffix)",
                emailAddress: "rooms-\(Self.slug(building.name))-\(slug)@\(domain)"), in: building, offset: 0))
        }
        buildings.append(building)
      }
    }
    var rooms: [DirectoryPlace] = []
    func add(_ name: String?, building index: Int, seats: ClosedRange<Int>, kind: String) {
      buildings[index].rooms += 1
      let building = buildings[index]
      let floor = random.below(building.floors)
      let floorLabel = floor == 0 ? "G" : String(floor)
      let label = "\(floorLabel).\(building.rooms < 10 ? "0" : "")\(building.rooms)"
      let nickname = random.pick(Self.roomNames)
      var room = DirectoryPlace(
        kind: .room, id: nextId(), displayName: name ?? "\(building.name) \(label) \(nickname) \(kind)",
        emailAddress: "room-\(Self.slug(building.name))-\(building.rooms)@\(domain)")
      room = Self.located(room, in: building, offset: Double(building.rooms))
      room.phone = random.chance(30) ? building.site.phonePrefix + random.digits(4) : nil
      room.nickname = name ?? nickname
      room.label = label
      room.building = building.name
      room.floorNumber = floor
      room.floorLabel = floorLabel
      room.capacity = seats.lowerBound + random.below(seats.count)
      room.bookingType = random.chance(90) ? "standard" : "reserved"
      room.isWheelChairAccessible = random.chance(60)
      room.audioDeviceName = random.chance(55) ? random.pick(Self.audioDevices) : nil
      room.videoDeviceName = random.chance(45) ? random.pick(Self.videoDevices) : nil
      room.displayDeviceName = random.chance(70) ? random.pick(Self.displayDevices) : nil
      room.tags = Self.tags.filter { _ in random.chance(20) }
      room.roomList = index * 2 + ((room.capacity ?? 0) >= Self.conferenceSeats ? 1 : 0)
      rooms.append(room)
    }
    for (offset, name) in DemoRooms.names.enumerated() {
      add(name, building: 0, seats: Self.kinds[offset % Self.kinds.count].seats, kind: "")
    }
    while rooms.count < Self.roomCount(forPeople: people) {
      let kind = random.pick(Self.kinds)
      add(nil, building: random.below(buildings.count), seats: kind.seats, kind: kind.name)
    }
    return PlaceSet(rooms: rooms, roomLists: lists)
  }

  /// Address and coordinates of a place in `building`, a few metres apart per room.
  private static func located(_ place: DirectoryPlace, in building: Building, offset: Double) -> DirectoryPlace {
    var place = place
    let site = building.site
    place.address = DirectoryPlace.Address(
      street: "\(building.number) \(site.street)", city: site.city, state: site.state, countryOrRegion: site.country,
      postalCode: site.postalCode)
    place.latitude = site.latitude + Double(building.number) / 10_000 + offset / 1_000_000
    place.longitude = site.longitude + Double(building.number) / 10_000
    return place
  }

  /// ASCII for mail names: accents dropped, anything else but letters and digits a hyphen.
  static func slug(_ text: String) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    return String(folded.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
  }
}

extension PlaceSet {
  /// The generated tenant's places: same seed and size, same rooms (`PlaceGenerator`).
  public static func generated(seed: UInt64 = 1, people: Int = 2000) -> PlaceSet {
    PlaceGenerator(seed: seed, people: people).make()
  }
}

/// The hostile room names, first in every generated tenant's rooms (in the first building), so
/// tests can show each is served and found intact: quotes and `&`, an escape sequence, a bidi
/// override, CJK, a very long name and combining accents.
public enum DemoRooms {
  public static let names = [
    "O'Brien & \"Friends\" Room",
    "Alerts \u{1B}[31mRED\u{1B}[0m Room",
    "Sala \u{202E}etanimoD\u{202C} 2",
    "会議室 富士山 東京",
    "The " + String(repeating: "Extraordinarily ", count: 12) + "Long Boardroom",
    "Cafe\u{301} Zoe\u{308} Lounge",
  ]
}
