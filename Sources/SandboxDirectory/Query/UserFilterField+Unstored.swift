import SearchRules

/// `$filter` clauses on real Graph user properties that the sandbox does not store (`state`,
/// `otherMails`, …). Their value is always null (or an empty collection), so a clause that Graph
/// would run becomes a constant, and Graph's rules about which operators work still apply.
extension UserFilterField {
  /// Scalar properties with `startsWith` by default (protocol.md §4.2).
  private static let unstoredStartsWith: Set<String> = ["state", "onPremisesUserPrincipalName"]
  /// Scalar properties with `startsWith` only in advanced queries.
  private static let unstoredAdvancedStartsWith: Set<String> = [
    "postalCode", "streetAddress", "employeeType", "onPremisesSamAccountName",
  ]

  /// A clause on an unstored property; nil for the stored ones, which the shared rules check.
  static func ownClause(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError)
    -> FilterPredicate<UserFilterField>?
  {
    guard let named = expression.propertyName, UserField.named(named) == nil,
      let property = UserPropertyCatalog.unstoredProperty(named: named)
    else { return nil }
    let name = property.name
    switch expression {
    case .anyEquals(_, .string(let value)) where name == "proxyAddresses" || name == "otherMails":
      // Made from the user (`DirectoryUser+Aliases`); `eq` in `any` is Graph's default (protocol.md §4.2).
      return .contains(name == "otherMails" ? .otherMails : .proxyAddresses, TextFolding.caseFolded(value))
    case .lambda, .anyEquals:
      // `imAddresses/any(…)`: nothing in an empty collection matches.
      guard property.isCollection else { throw .unsupportedClause(property: name) }
      return .constant(false)
    case .startsWith:
      guard !property.isCollection else { throw .unsupportedClause(property: name) }
      if unstoredStartsWith.contains(name) { return .constant(false) }
      guard unstoredAdvancedStartsWith.contains(name) else { throw .unsupportedClause(property: name) }
      guard advanced else { throw .needsAdvancedQuery(operator: "startsWith") }
      return .constant(false)
    case .compare(_, let comparison, let literal):
      guard !property.isCollection, comparison == .eq || comparison == .ne else {
        throw .unsupportedClause(property: name)
      }
      if comparison == .ne, !advanced { throw .needsAdvancedQuery(operator: "ne") }
      if literal == .null, !advanced { throw .needsAdvancedQuery(operator: comparison.rawValue) }
      let equal = literal == .null
      return .constant(comparison == .eq ? equal : !equal)
    case .isIn(_, let literals):
      guard !property.isCollection else { throw .unsupportedClause(property: name) }
      if literals.contains(.null), !advanced { throw .needsAdvancedQuery(operator: "eq") }
      return .constant(literals.contains(.null))
    case .endsWith:
      throw .unsupportedClause(property: name)
    case .and, .or, .not:
      preconditionFailure("only leaf clauses name a property")
    }
  }
}
