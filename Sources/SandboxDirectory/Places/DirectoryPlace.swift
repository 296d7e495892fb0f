/// A room or a room list as Graph's places API describes it (`microsoft.graph.room`,
/// `microsoft.graph.roomList`). Places are Exchange resources, not directory objects: they have no
/// delta and no place in `Directory`'s versions, so they live in a `PlaceSet` of their own.
public struct DirectoryPlace: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case room, roomList

    /// The OData type name, as in `@odata.type` and the cast segment.
    public var typeName: String { "microsoft.graph.\(rawValue)" }
  }

  /// Graph's `physicalAddress`.
  public struct Address: Sendable, Equatable {
    public var street: String?
    public var city: String?
    public var state: String?
    public var countryOrRegion: String?
    public var postalCode: String?

    public init(
      street: String? = nil, city: String? = nil, state: String? = nil, countryOrRegion: String? = nil,
      postalCode: String? = nil
    ) {
      self.street = street
      self.city = city
      self.state = state
      self.countryOrRegion = countryOrRegion
      self.postalCode = postalCode
    }
  }

  public var kind: Kind
  public var id: String
  public var displayName: String
  public var emailAddress: String
  public var address: Address
  /// `geoCoordinates` (Graph's `outlookGeoCoordinates`): latitude and longitude only.
  public var latitude: Double?
  public var longitude: Double?
  public var phone: String?
  // Rooms only (nil or empty on a room list).
  public var nickname: String?
  public var label: String?
  public var building: String?
  public var floorNumber: Int?
  public var floorLabel: String?
  public var capacity: Int?
  /// `standard` or `reserved` (Graph's `bookingType`).
  public var bookingType: String?
  public var isWheelChairAccessible: Bool?
  public var audioDeviceName: String?
  public var videoDeviceName: String?
  public var displayDeviceName: String?
  public var tags: [String] = []
  /// The room list that holds this room (a position in `PlaceSet.roomLists`), so
  /// `/places/{list}/microsoft.graph.roomList/rooms` needs no table of its own.
  public var roomList: Int?

  public init(
    kind: Kind, id: String, displayName: String, emailAddress: String, address: Address = Address(),
    latitude: Double? = nil, longitude: Double? = nil, phone: String? = nil
  ) {
    self.kind = kind
    self.id = id
    self.displayName = displayName
    self.emailAddress = emailAddress
    self.address = address
    self.latitude = latitude
    self.longitude = longitude
    self.phone = phone
  }
}

/// The tenant's rooms and room lists, in generation order (the order Graph pages them in is
/// not documented; a fixed order keeps paging stable). A few hundred places: lookups scan.
public struct PlaceSet: Sendable {
  public var rooms: [DirectoryPlace]
  public var roomLists: [DirectoryPlace]

  public init(rooms: [DirectoryPlace] = [], roomLists: [DirectoryPlace] = []) {
    self.rooms = rooms
    self.roomLists = roomLists
  }

  /// The places of one kind.
  public func places(_ kind: DirectoryPlace.Kind) -> [DirectoryPlace] { kind == .room ? rooms : roomLists }

  /// One room or room list by id or email address, either case (Graph's `/places/{id | emailAddress}`).
  public func place(idOrEmail key: String) -> DirectoryPlace? {
    let lowered = key.lowercased()
    return (rooms + roomLists).first { $0.id.lowercased() == lowered || $0.emailAddress.lowercased() == lowered }
  }

  /// The rooms a room list holds, in order.
  public func rooms(inList list: DirectoryPlace) -> [DirectoryPlace] {
    guard let position = roomLists.firstIndex(where: { $0.id == list.id }) else { return [] }
    return rooms.filter { $0.roomList == position }
  }
}
