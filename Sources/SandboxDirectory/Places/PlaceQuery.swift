/// `$select`, `$filter` and rendering for rooms and room lists. Graph documents `$filter` on
/// places without a table of properties or operators, so the sandbox allows what the places'
/// scalar properties can sensibly answer and refuses the rest with Graph's 400 (see PROTOCOL.md).
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

  private static func stringValue(_ name: String, _ place: DirectoryPlace) -> String? {
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
    let expression = try FilterParser.parse(text)
    try check(expression, kind)
    return { place in evaluate(expression, place) }
  }

  private enum ValueType { case string, number, boolean }

  private static func type(of property: String, _ kind: DirectoryPlace.Kind) throws(GraphQueryError) -> (
    name: String, type: ValueType
  ) {
    guard let name = canonical(property, kind) else { throw unknownProperty(property, kind) }
    switch name {
    case "capacity", "floorNumber": return (name, .number)
    case "isWheelChairAccessible": return (name, .boolean)
    case "address", "geoCoordinates", "tags":
      // Complex and collection properties: Graph documents no filter on them.
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery",
        message:
          "Unsupported or invalid query filter clause specified for property '\(name)' of resource '\(kind.rawValue)'.")
    default: return (name, .string)
    }
  }

  private static func check(_ expression: FilterExpression, _ kind: DirectoryPlace.Kind) throws(GraphQueryError) {
    switch expression {
    case .and(let left, let right), .or(let left, let right):
      try check(left, kind)
      try check(right, kind)
    case .not(let inner): try check(inner, kind)
    case .startsWith(let property, let literal):
      let found = try type(of: property, kind)
      guard found.type == .string else { throw .unsupportedQuery }
      try checkLiteral(literal, found.type, .eq)
    case .compare(let property, let comparison, let literal):
      let found = try type(of: property, kind)
      if found.type != .number && ![.eq, .ne].contains(comparison) { throw .unsupportedQuery }
      try checkLiteral(literal, found.type, comparison)
    case .isIn(let property, let literals):
      let found = try type(of: property, kind)
      for literal in literals { try checkLiteral(literal, found.type, .eq) }
    case .endsWith, .lambda, .anyEquals:
      throw .unsupportedQuery
    }
  }

  private static func checkLiteral(
    _ literal: FilterExpression.Literal, _ type: ValueType, _ comparison: FilterExpression.Comparison
  ) throws(GraphQueryError) {
    let expected: String
    switch (type, literal) {
    case (_, .null), (.string, .string), (.boolean, .boolean): return
    case (.number, .number(let text)) where Int(text) != nil: return
    case (.string, _): expected = "Edm.String"
    case (.number, _): expected = "Edm.Int32"
    case (.boolean, _): expected = "Edm.Boolean"
    }
    throw .incompatibleTypes(expected, literal.typeName, operator: comparison.kindName)
  }

  /// Strings compare case-insensitively, as Graph's directory filters do.
  private static func evaluate(_ expression: FilterExpression, _ place: DirectoryPlace) -> Bool {
    switch expression {
    case .and(let left, let right): return evaluate(left, place) && evaluate(right, place)
    case .or(let left, let right): return evaluate(left, place) || evaluate(right, place)
    case .not(let inner): return !evaluate(inner, place)
    case .startsWith(let property, let literal):
      guard case .string(let prefix) = literal, let value = string(property, place) else { return false }
      return value.lowercased().hasPrefix(prefix.lowercased())
    case .compare(let property, let comparison, let literal):
      return compare(property, comparison, literal, place)
    case .isIn(let property, let literals):
      return literals.contains { compare(property, .eq, $0, place) }
    case .endsWith, .lambda, .anyEquals: return false
    }
  }

  private static func string(_ property: String, _ place: DirectoryPlace) -> String? {
    stringValue(canonical(property, place.kind) ?? property, place)
  }

  private static func compare(
    _ property: String, _ comparison: FilterExpression.Comparison, _ literal: FilterExpression.Literal,
    _ place: DirectoryPlace
  ) -> Bool {
    let name = canonical(property, place.kind) ?? property
    let order: Int?  // <0, 0, >0; nil when either side is null
    switch (name, literal) {
    case ("capacity", .number(let text)), ("floorNumber", .number(let text)):
      let value = name == "capacity" ? place.capacity : place.floorNumber
      order = value.flatMap { left in Int(text).map { left < $0 ? -1 : (left == $0 ? 0 : 1) } }
    case ("isWheelChairAccessible", .boolean(let flag)):
      order = place.isWheelChairAccessible.map { $0 == flag ? 0 : 1 }
    case (_, .string(let text)):
      order = string(name, place).map { $0.lowercased() == text.lowercased() ? 0 : 1 }
    case (_, .null):
      let isNull: Bool
      switch name {
      case "capacity": isNull = place.capacity == nil
      case "floorNumber": isNull = place.floorNumber == nil
      case "isWheelChairAccessible": isNull = place.isWheelChairAccessible == nil
      default: isNull = string(name, place) == nil
      }
      return comparison == .ne ? !isNull : (comparison == .eq && isNull)
    default: order = nil
    }
    guard let order else { return comparison == .ne }
    switch comparison {
    case .eq: return order == 0
    case .ne: return order != 0
    case .gt: return order > 0
    case .ge: return order >= 0
    case .lt: return order < 0
    case .le: return order <= 0
    }
  }

  static func unknownProperty(_ name: String, _ kind: DirectoryPlace.Kind) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type '\(kind.typeName)'.")
  }
}
