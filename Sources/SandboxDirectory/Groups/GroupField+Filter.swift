/// Groups in `$filter`: `startswith` on the name and address properties, `eq`/`in` on scalars,
/// `groupTypes/any(c:c eq 'Unified')` and `resourceProvisioningOptions/Any(x:x eq 'Team')`, with
/// `not`/`ne` only in advanced queries as for users; the refusals name the group type.
extension GroupField: FilterField {
  static func filterField(named name: String, in scope: Void) throws(GraphQueryError) -> GroupField {
    guard let field = named(name) else { throw .unknownGroupProperty(name) }
    return field
  }

  /// Graph runs endsWith on group mail only in some advanced queries; the sandbox refuses it
  /// (`endsWithSupport` keeps the default, unsupported).
  var anySupport: FilterSupport { kind == .stringCollection ? .standard : .unsupported }
  var unsupportedClause: GraphQueryError { .unsupportedGroupClause(property: name) }
}

/// One group of a `GroupStorage`, as `$filter` reads it (folded text from the storage's tables).
struct GroupFilterRecord: FilterRecord {
  let storage: GroupStorage
  let index: Int

  func foldedText(_ field: GroupField) -> String? { storage.records.caseFolded(field, at: index) }

  func flag(_ field: GroupField) -> Bool? {
    switch field {
    case .securityEnabled: storage.groups[index].securityEnabled
    case .mailEnabled: storage.groups[index].mailEnabled
    default: nil
    }
  }

  func strings(_ field: GroupField) -> [String] { field.collection(of: storage.groups[index]) }

  func isNull(_ field: GroupField) -> Bool { field.kind == .string && field.string(of: storage.groups[index]) == nil }
}
