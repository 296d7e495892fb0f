import SearchRules

/// A room's or room list's property in `$filter`. Graph documents `$filter` on places without a
/// table of properties or operators, so the sandbox allows what the scalar properties can sensibly
/// answer (`eq`/`ne`/`in` on all, `startsWith` on strings, `gt`/`ge`/`lt`/`le` on numbers) and
/// refuses the rest with Graph's plain "Unsupported Query." (see PROTOCOL.md). Places have no
/// advanced queries: their filters are checked as advanced ones, so `not`, `ne` and null always run.
struct PlaceField: FilterField {
  let name: String
  let kind: FilterValueKind

  static func filterField(named property: String, in scope: DirectoryPlace.Kind) throws(GraphQueryError)
    -> PlaceField
  {
    guard let name = PlaceQuery.canonical(property, scope) else { throw PlaceQuery.unknownProperty(property, scope) }
    switch name {
    case "capacity", "floorNumber": return PlaceField(name: name, kind: .number)
    case "isWheelChairAccessible": return PlaceField(name: name, kind: .boolean)
    case "address", "geoCoordinates", "tags":
      // Complex and collection properties: Graph documents no filter on them.
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery",
        message:
          "Unsupported or invalid query filter clause specified for property '\(name)' of resource '\(scope.rawValue)'."
      )
    default: return PlaceField(name: name, kind: .string)
    }
  }

  /// `endsWith` and lambdas are refused whatever the property, before it is looked up.
  static func ownClause(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError)
    -> FilterPredicate<PlaceField>?
  {
    switch expression {
    case .endsWith, .lambda, .anyEquals: throw .unsupportedQuery
    default: return nil
    }
  }

  static var functionLiteralsCompareLikeEquality: Bool { true }

  var equalitySupport: FilterSupport { .standard }
  var orderingSupport: FilterSupport { kind == .number ? .standard : .unsupported }
  var startsWithSupport: FilterSupport { kind == .string ? .standard : .unsupported }
  var unsupportedClause: GraphQueryError { .unsupportedQuery }
}

extension DirectoryPlace: FilterRecord {
  func foldedText(_ field: PlaceField) -> String? {
    PlaceQuery.stringValue(field.name, self).map(TextFolding.caseFolded)
  }

  func flag(_ field: PlaceField) -> Bool? { field.name == "isWheelChairAccessible" ? isWheelChairAccessible : nil }

  func number(_ field: PlaceField) -> Int? {
    switch field.name {
    case "capacity": capacity
    case "floorNumber": floorNumber
    default: nil
    }
  }

  func isNull(_ field: PlaceField) -> Bool {
    switch field.kind {
    case .number: number(field) == nil
    case .boolean: flag(field) == nil
    case .string, .stringCollection: PlaceQuery.stringValue(field.name, self) == nil
    }
  }
}
