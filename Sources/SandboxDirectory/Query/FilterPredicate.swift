import SearchRules

/// A checked `$filter`, ready to run against folded user records. Building one applies Graph's
/// rules: unknown properties, operators a property does not support, operators that need an
/// advanced query, and literals of the wrong type are refused here.
indirect enum FilterPredicate: Sendable {
  case and(FilterPredicate, FilterPredicate)
  case or(FilterPredicate, FilterPredicate)
  case not(FilterPredicate)
  /// Literal already case-folded.
  case startsWith(UserField, String)
  case endsWith(UserField, String)
  case equalsString(UserField, Set<String>)
  case equalsBoolean(UserField, Bool)
  case isNull(UserField)
  /// A clause on a property the sandbox does not store (always null or empty).
  case constant(Bool)
  /// `proxyAddresses/any(p:p eq '…')` (or `otherMails`), literal case-folded: Graph compares
  /// addresses case-insensitively, so `smtp:` finds the primary `SMTP:` too.
  case aliasEquals(otherMails: Bool, String)

  /// Checks `expression`; `advanced` is true when the request has `ConsistencyLevel: eventual`
  /// and `$count=true`.
  init(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError) {
    if let name = expression.propertyName, UserField.named(name) == nil,
      let unstored = UserPropertyCatalog.unstoredProperty(named: name)
    {
      self = try FilterPredicate.unstoredClause(expression, property: unstored, advanced: advanced)
      return
    }
    switch expression {
    case .and(let left, let right):
      self = .and(try FilterPredicate(left, advanced: advanced), try FilterPredicate(right, advanced: advanced))
    case .or(let left, let right):
      self = .or(try FilterPredicate(left, advanced: advanced), try FilterPredicate(right, advanced: advanced))
    case .not(let inner):
      guard advanced else { throw .needsAdvancedQuery(operator: "not") }
      self = .not(try FilterPredicate(inner, advanced: advanced))
    case .startsWith(let name, let literal):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.startsWithSupport, field: field, operator: "startsWith", advanced: advanced)
      self = .startsWith(field, try FilterPredicate.text(literal, field: field, kind: "startswith"))
    case .endsWith(let name, let literal):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.endsWithSupport, field: field, operator: "endsWith", advanced: advanced)
      self = .endsWith(field, try FilterPredicate.text(literal, field: field, kind: "endswith"))
    case .compare(let name, let comparison, let literal):
      let field = try FilterPredicate.field(name)
      self = try FilterPredicate.comparison(field, comparison, literal, advanced: advanced)
    case .isIn(let name, let literals):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.equalitySupport, field: field, operator: "in", advanced: advanced)
      var alternatives: FilterPredicate?
      for literal in literals {
        let single = try FilterPredicate.comparison(field, .eq, literal, advanced: advanced)
        alternatives = alternatives.map { .or($0, single) } ?? single
      }
      guard let alternatives else { throw .invalidFilter("The 'in' operator needs at least one value.") }
      self = alternatives
    case .lambda(let name), .anyEquals(let name, _):
      let field = try FilterPredicate.field(name)
      throw .unsupportedClause(property: field.name)
    }
  }

  private static func field(_ name: String) throws(GraphQueryError) -> UserField {
    guard let field = UserField.named(name) else { throw .unknownProperty(name) }
    return field
  }

  static func require(
    _ support: UserField.Support, field: UserField, operator name: String, advanced: Bool
  ) throws(GraphQueryError) {
    switch support {
    case .standard: return
    case .advancedOnly: if !advanced { throw .needsAdvancedQuery(operator: name) }
    case .unsupported: throw .unsupportedClause(property: field.name)
    }
  }

  private static func text(_ literal: FilterExpression.Literal, field: UserField, kind: String) throws(GraphQueryError)
    -> String
  {
    guard case .string(let value) = literal else {
      throw .invalidFilter(
        "No function signature for the function with name '\(kind)' matches the specified arguments.")
    }
    return TextFolding.caseFolded(value)
  }

  private static func comparison(
    _ field: UserField, _ comparison: FilterExpression.Comparison, _ literal: FilterExpression.Literal, advanced: Bool
  ) throws(GraphQueryError) -> FilterPredicate {
    guard comparison == .eq || comparison == .ne else { throw .unsupportedClause(property: field.name) }
    try require(field.equalitySupport, field: field, operator: comparison.rawValue, advanced: advanced)
    if comparison == .ne, !advanced { throw .needsAdvancedQuery(operator: "ne") }
    let positive: FilterPredicate
    switch (field.kind, literal) {
    case (_, .null):
      if !advanced { throw .needsAdvancedQuery(operator: comparison.rawValue) }
      positive = .isNull(field)
    case (.string, .string(let value)): positive = .equalsString(field, [TextFolding.caseFolded(value)])
    case (.boolean, .boolean(let flag)): positive = .equalsBoolean(field, flag)
    default:
      let fieldType = field.kind == .boolean ? "Edm.Boolean" : "Edm.String"
      throw .incompatibleTypes(fieldType, literal.typeName, operator: comparison.kindName)
    }
    return comparison == .eq ? positive : .not(positive)
  }

  /// Whether the user matches.
  func matches(_ facts: some UserFacts) -> Bool {
    switch self {
    case .and(let left, let right): return left.matches(facts) && right.matches(facts)
    case .or(let left, let right): return left.matches(facts) || right.matches(facts)
    case .not(let inner): return !inner.matches(facts)
    case .startsWith(let field, let prefix):
      guard let value = facts.caseFolded(field) else { return false }
      return value.utf8.starts(with: prefix.utf8)
    case .endsWith(let field, let suffix):
      guard let value = facts.caseFolded(field) else { return false }
      return value.utf8.reversed().starts(with: suffix.utf8.reversed())
    case .equalsString(let field, let values):
      guard let value = facts.caseFolded(field) else { return false }
      return values.contains(value)
    case .equalsBoolean(let field, let flag):
      return field == .accountEnabled && facts.user.accountEnabled == flag
    case .constant(let value): return value
    case .aliasEquals(let otherMails, let value):
      let user = facts.user
      return (otherMails ? user.otherMails : user.proxyAddresses).contains { TextFolding.caseFolded($0) == value }
    case .isNull(let field):
      if field == .businessPhones { return facts.user.businessPhones.isEmpty }
      if field == .accountEnabled { return false }
      return field.string(of: facts.user) == nil
    }
  }
}
