import SearchRules

/// A device property in `$filter`, from the device resource page's "Supports `$filter`" notes:
/// `eq`/`in` on `id`, `accountEnabled`, `displayName`; `startsWith` on `deviceId`, `displayName`,
/// `operatingSystem`, `operatingSystemVersion`; `eq` on `isCompliant`, `isManaged`; `ne`, `not` and
/// null comparisons only in an advanced query, as for users (the shared `FilterPredicate` enforces
/// that). Properties the page gives no filter (`manufacturer`, `model`) are refused in Graph's
/// words; date comparisons (`approximateLastSignInDateTime ge …`) are not served (PROTOCOL.md).
struct DeviceField: FilterField {
  let name: String
  let kind: FilterValueKind
  let equalitySupport: FilterSupport
  let startsWithSupport: FilterSupport

  static func filterField(named property: String, in scope: Void) throws(GraphQueryError) -> DeviceField {
    guard let name = DeviceQuery.canonical(property) else { throw DeviceQuery.unknownProperty(property) }
    switch name {
    case "accountEnabled", "isCompliant", "isManaged":
      return DeviceField(name: name, kind: .boolean, equalitySupport: .standard, startsWithSupport: .unsupported)
    case "id", "trustType":
      return DeviceField(name: name, kind: .string, equalitySupport: .standard, startsWithSupport: .unsupported)
    case "deviceId", "displayName", "operatingSystem", "operatingSystemVersion":
      return DeviceField(name: name, kind: .string, equalitySupport: .standard, startsWithSupport: .standard)
    default:
      throw DeviceQuery.unsupportedClause(name)
    }
  }

  var unsupportedClause: GraphQueryError { DeviceQuery.unsupportedClause(name) }
}

extension RegisteredDevice: FilterRecord {
  func foldedText(_ field: DeviceField) -> String? {
    DeviceQuery.stringValue(field.name, self).map(TextFolding.caseFolded)
  }

  func flag(_ field: DeviceField) -> Bool? {
    switch field.name {
    case "accountEnabled": accountEnabled
    case "isCompliant": isCompliant
    case "isManaged": isManaged
    default: nil
    }
  }

  func isNull(_ field: DeviceField) -> Bool {
    field.kind == .boolean ? flag(field) == nil : DeviceQuery.stringValue(field.name, self) == nil
  }
}
