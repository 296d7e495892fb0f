import Foundation
import SearchRules

/// `$select`, `$filter`, `$search`, `$orderby` and rendering for devices (Graph's device
/// resource and device-list pages); `DeviceField` says which properties `$filter` runs on.
public enum DeviceQuery {
  /// The stored properties, in the order the sandbox writes them (Graph's default answer for a
  /// device holds these and more).
  public static let properties = [
    "id", "deviceId", "displayName", "operatingSystem", "operatingSystemVersion", "trustType", "isCompliant",
    "isManaged", "accountEnabled", "approximateLastSignInDateTime", "registrationDateTime", "manufacturer", "model",
    "profileType", "onPremisesSyncEnabled",
  ]
  /// Real device properties the sandbox does not store: selectable, answered as null (or `[]`).
  static let unstored = [
    "alternativeSecurityIds", "complianceExpirationDateTime", "deviceMetadata", "deviceVersion",
    "extensionAttributes", "mdmAppId", "onPremisesLastSyncDateTime", "physicalIds", "systemLabels",
  ]

  /// `$select` in Graph's spelling (case-insensitive, `id` always included); nil is the default set.
  public static func selected(_ select: String?) throws(GraphQueryError) -> [String] {
    guard let select, !select.allSatisfy(\.isWhitespace) else { return properties }
    return try SelectList.names(select, canonical: canonical, unknown: unknownProperty, id: .first)
  }

  static func canonical(_ property: String) -> String? {
    let lowered = property.lowercased()
    return (properties + unstored).first { $0.lowercased() == lowered }
  }

  /// The devices a `GET /devices` query selects, in order: `$search` needs `ConsistencyLevel:
  /// eventual`; `ne`, `not` and null comparisons, and `$orderby` beside `$filter` or `$search`,
  /// need an advanced query (that header and `$count=true`), as device-list says; `$orderby` only
  /// on `displayName`.
  public static func run(_ query: UserListQuery, over devices: [RegisteredDevice]) throws(GraphQueryError)
    -> [RegisteredDevice]
  {
    let countRequested = try UserQueryEngine.countFlag(query.count)
    let advanced = query.consistencyLevelEventual && countRequested
    var search: DeviceSearchPredicate?
    if let text = query.search {
      guard query.consistencyLevelEventual else { throw .searchNeedsConsistencyLevel }
      search = try SearchParser<DeviceSearchPredicate>.parse(text)
    }
    var filter: FilterPredicate<DeviceField>?
    if let text = query.filter { filter = try FilterPredicate(try FilterParser.parse(text), advanced: advanced) }
    var descending: Bool?
    if let text = query.orderby, !text.allSatisfy(\.isWhitespace) {
      descending = try orderDescending(text)
      if (query.filter != nil || query.search != nil) && !advanced { throw .sortingNotSupported }
    }
    var matches = devices.filter { (search?.matches($0) ?? true) && (filter?.matches($0) ?? true) }
    if let descending {
      let keyed = matches.map { (TextFolding.caseFolded($0.displayName), $0) }
      matches = keyed.sorted { descending ? $0.0 > $1.0 : $0.0 < $1.0 }.map(\.1)
    }
    return matches
  }

  /// `displayName [asc|desc]`; Graph sorts devices by `displayName` and
  /// `approximateLastSignInDateTime`, the sandbox by the first only.
  static func orderDescending(_ text: String) throws(GraphQueryError) -> Bool {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard (1...2).contains(words.count), let property = canonical(words[0]) else {
      throw words.first.map(unknownProperty) ?? .unsupportedQuery
    }
    guard property == "displayName" else {
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "Sorting on property '\(property)' of resource 'Device' is not supported.")
    }
    switch words.count == 2 ? words[1].lowercased() : "asc" {
    case "asc": return false
    case "desc": return true
    default:
      throw GraphQueryError(
        status: 400, code: "BadRequest", message: "Syntax error: '\(words[1])' is not a sort direction in '\(text)'.")
    }
  }

  /// The device's selected properties, dates as Graph writes them (ISO 8601, whole seconds, `Z`).
  public static func render(_ device: RegisteredDevice, properties: [String]) -> JSONValue {
    func date(_ value: Date?) -> JSONValue { value.map { .string($0.formatted(.iso8601)) } ?? .null }
    func flag(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
    return .object(
      properties.map { name in
        switch name {
        case "isCompliant": (name, flag(device.isCompliant))
        case "isManaged": (name, flag(device.isManaged))
        case "accountEnabled": (name, .bool(device.accountEnabled))
        case "approximateLastSignInDateTime": (name, date(device.approximateLastSignInDateTime))
        case "registrationDateTime": (name, date(device.registrationDateTime))
        case "onPremisesSyncEnabled": (name, device.trustType == "ServerAd" ? .bool(true) : .null)
        case "alternativeSecurityIds", "physicalIds", "systemLabels": (name, .array([]))
        default: (name, stringValue(name, device).map(JSONValue.string) ?? .null)
        }
      })
  }

  static func stringValue(_ name: String, _ device: RegisteredDevice) -> String? {
    switch name {
    case "id": device.id
    case "deviceId": device.deviceId
    case "displayName": device.displayName
    case "operatingSystem": device.operatingSystem
    case "operatingSystemVersion": device.operatingSystemVersion
    case "trustType": device.trustType
    case "manufacturer": device.manufacturer
    case "model": device.model
    case "profileType": "RegisteredDevice"
    default: nil
    }
  }

  static func unknownProperty(_ name: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type 'microsoft.graph.device'.")
  }

  static func unsupportedClause(_ property: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message: "Unsupported or invalid query filter clause specified for property '\(property)' of resource 'Device'.")
  }
}
