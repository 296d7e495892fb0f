/// A meeting room from Graph's places API (`microsoft.graph.room`).
///
/// Property names are Graph v1.0's, so `roster rooms … --json` and the index's stored JSON use
/// them too. Every field but `id` is optional: Graph leaves out what the tenant never set. Text is
/// `CleanText`, cleaned where the room was decoded (Graph or an index row): a room's name is typed
/// by an Exchange admin and may carry anything.
public struct Room: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var displayName: CleanText?
  /// The room's mailbox: what an invitation is sent to, and `roster rooms show`'s key.
  public var emailAddress: CleanText?
  public var nickname: CleanText?
  public var building: CleanText?
  public var floorNumber: Int?
  public var floorLabel: CleanText?
  public var capacity: Int?
  /// `standard` (anyone may book it) or `reserved` (only its delegates); `unknown` otherwise.
  public var bookingType: CleanText?
  public var isWheelChairAccessible: Bool?
  public var audioDeviceName: CleanText?
  public var videoDeviceName: CleanText?
  public var displayDeviceName: CleanText?
  public var tags: [CleanText]?
  public var phone: CleanText?
  public var address: RoomAddress?
  public var geoCoordinates: RoomCoordinates?

  public init(
    id: String, displayName: CleanText? = nil, emailAddress: CleanText? = nil, nickname: CleanText? = nil,
    building: CleanText? = nil, floorNumber: Int? = nil, floorLabel: CleanText? = nil, capacity: Int? = nil,
    bookingType: CleanText? = nil, isWheelChairAccessible: Bool? = nil, audioDeviceName: CleanText? = nil,
    videoDeviceName: CleanText? = nil, displayDeviceName: CleanText? = nil, tags: [CleanText]? = nil,
    phone: CleanText? = nil, address: RoomAddress? = nil, geoCoordinates: RoomCoordinates? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.emailAddress = emailAddress
    self.nickname = nickname
    self.building = building
    self.floorNumber = floorNumber
    self.floorLabel = floorLabel
    self.capacity = capacity
    self.bookingType = bookingType
    self.isWheelChairAccessible = isWheelChairAccessible
    self.audioDeviceName = audioDeviceName
    self.videoDeviceName = videoDeviceName
    self.displayDeviceName = displayDeviceName
    self.tags = tags
    self.phone = phone
    self.address = address
    self.geoCoordinates = geoCoordinates
  }

  /// The name to show: the display name, else the nickname, else the mailbox, else the id.
  public var name: CleanText {
    displayName?.nonEmpty ?? nickname?.nonEmpty ?? emailAddress?.nonEmpty ?? CleanText(id)
  }

  /// Where the room is, in a few words: "Building 2, floor 3" (the floor's label when the
  /// tenant gave one), or nil when neither is known.
  public var whereabouts: CleanText? {
    let floor = floorLabel?.nonEmpty.map { "floor \($0.string)" } ?? floorNumber.map { "floor \($0)" }
    let parts = [building?.nonEmpty?.string, floor].compactMap { $0 }
    return parts.isEmpty ? nil : CleanText(parts.joined(separator: ", "))
  }

  /// The equipment named, in Graph's order (audio, video, display), without blanks.
  public var equipment: [CleanText] {
    [audioDeviceName, videoDeviceName, displayDeviceName].compactMap { $0?.nonEmpty }
  }
}

/// Graph's `physicalAddress` as a room carries it.
public struct RoomAddress: Sendable, Equatable, Hashable, Codable {
  public var street: CleanText?
  public var city: CleanText?
  public var state: CleanText?
  public var countryOrRegion: CleanText?
  public var postalCode: CleanText?

  public init(
    street: CleanText? = nil, city: CleanText? = nil, state: CleanText? = nil, countryOrRegion: CleanText? = nil,
    postalCode: CleanText? = nil
  ) {
    self.street = street
    self.city = city
    self.state = state
    self.countryOrRegion = countryOrRegion
    self.postalCode = postalCode
  }

  /// One line: "1 Main St, Springfield, 12345, US" (blanks left out); nil when all are blank.
  public var line: CleanText? {
    let parts = [street, city, state, postalCode, countryOrRegion].compactMap { $0?.nonEmpty?.string }
    return parts.isEmpty ? nil : CleanText(parts.joined(separator: ", "))
  }
}

/// Graph's `outlookGeoCoordinates`: latitude and longitude are all a room list needs.
public struct RoomCoordinates: Sendable, Equatable, Hashable, Codable {
  public var latitude: Double?
  public var longitude: Double?

  public init(latitude: Double? = nil, longitude: Double? = nil) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
