/// `$select`, `$filter` and rendering for rooms and room lists; which properties `$filter` runs
/// on, and how, is `PlaceField`'s table.
public enum PlaceQuery {
  /// Graph's properties of each kind, in the order its examples print them.
  public static func properties(_ kind: DirectoryPlace.Kind) -> [String] {
    switch kind {
    case .room:
      return [
        "id", "emailAddress", "displayName", "address", "geoCoordinates", "phone", "nickname", "label", "capacity",
        "building", "floorNumber", "floorLabel", "isWheelChairAccessible", "bookingType", "tags", "audioDeviceName",
        "videoDeviceName", "displayDeviceName",
      ]
    case .roomList: return ["id", "displayName", "address", "geoCoordinates", "phone", "emailAddress"]
    }
  }

  /// `$select` in Graph's spelling (case-insensitive, `id` always included); nil is every property.
  public static func selected(_ select: String?, _ kind: DirectoryPlace.Kind) throws(GraphQueryError) -> [String] {
    guard let select, !select.allSatisfy(\.isWhitespace) else { return properties(kind) }
    return try SelectList.names(
      select, canonical: { canonical($0, kind) }, unknown: { unknownProperty($0, kind) }, id: .first)
  }

  /// `property` in Graph's spelling for `kind`, nil when `kind` has no such property.
  static func canonical(_ property: String, _ kind: DirectoryPlace.Kind) -> String? {
    let lowered = property.lowercased()
    return properties(kind).first { $0.lowercased() == lowered }
  }

  public static func render(_ place: DirectoryPlace, properties: [String]) -> JSONValue {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
    return .object(
      properties.map { name in
        switch name {
        case "address":
          let a = place.address
          return (
            name,
            .object([
              ("street", text(a.street)), ("city", text(a.city)), ("state", text(a.state)),
              ("countryOrRegion", text(a.countryOrRegion)), ("postalCode", text(a.postalCode)),
            ])
          )
        case "geoCoordinates":
          guard let latitude = place.latitude, let longitude = place.longitude else { return (name, .null) }
          return (name, .object([("latitude", .number(latitude)), ("longitude", .number(longitude))]))
        case "capacity": return (name, number(place.capacity))
        case "floorNumber": return (name, number(place.floorNumber))
        case "isWheelChairAccessible": return (name, place.isWheelChairAccessible.map(JSONValue.bool) ?? .null)
        case "tags": return (name, .array(place.tags.map(JSONValue.string)))
        default: return (name, text(stringValue(name, place)))
        }
      })
  }

  static func stringValue(_ name: String, _ place: DirectoryPlace) -> String? {
    switch name {
    case "id": place.id
    case "displayName": place.displayName
    case "emailAddress": place.emailAddress
    case "phone": place.phone
    case "nickname": place.nickname
    case "label": place.label
    case "building": place.building
    case "floorLabel": place.floorLabel
    case "bookingType": place.bookingType
    case "audioDeviceName": place.audioDeviceName
    case "videoDeviceName": place.videoDeviceName
    case "displayDeviceName": place.displayDeviceName
    default: nil
    }
  }

  // MARK: - $filter

  /// A parsed and checked `$filter` as a predicate; nil text matches everything.
  public static func filter(
    _ text: String?, _ kind: DirectoryPlace.Kind
  ) throws(GraphQueryError) -> (DirectoryPlace) -> Bool {
    guard let text else { return { _ in true } }
    let predicate = try FilterPredicate<PlaceField>(try FilterParser.parse(text), advanced: true, in: kind)
    return { place in predicate.matches(place) }
  }

  static func unknownProperty(_ name: String, _ kind: DirectoryPlace.Kind) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type '\(kind.typeName)'.")
  }
}
