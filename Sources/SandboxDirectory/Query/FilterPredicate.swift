/// A checked `$filter`, ready to run against folded user records. Building one applies Graph's
/// rules: unknown properties, operators a property does not support, operators that need an
/// advanced query, and literals of the wrong type are refused here.
indirect enum FilterPredicate {
  case and(FilterPredicate, FilterPredicate)
  case or(FilterPredicate, FilterPredicate)
  case not(FilterPredicate)
  /// Literal already case-folded.
  case startsWith(UserField, String)
  case endsWith(UserField, String)
  case equalsString(UserField, Set<String>)
  case equalsBoolean(UserField, Bool)
  case isNull(UserField)

  /// Checks `expression`; `advanced` is true when the request has `ConsistencyLevel: eventual`
  /// and `$count=true`.
  init(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError) {
    switch expression {
    case let .and(left, right):
      self = .and(try FilterPredicate(left, advanced: advanced), try FilterPredicate(right, advanced: advanced))
    case let .or(left, right):
      self = .or(try FilterPredicate(left, advanced: advanced), try FilterPredicate(right, advanced: advanced))
    case let .not(inner):
      guard advanced else { throw .needsAdvancedQuery(operator: "not") }
      self = .not(try FilterPredicate(inner, advanced: advanced))
    case let .startsWith(name, literal):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.startsWithSupport, field: field, operator: "startsWith", advanced: advanced)
      self = .startsWith(field, try FilterPredicate.text(literal, field: field, kind: "startswith"))
    case let .endsWith(name, literal):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.endsWithSupport, field: field, operator: "endsWith", advanced: advanced)
      self = .endsWith(field, try FilterPredicate.text(literal, field: field, kind: "endswith"))
    case let .compare(name, comparison, literal):
      let field = try FilterPredicate.field(name)
      self = try FilterPredicate.comparison(field, comparison, literal, advanced: advanced)
    case let .isIn(name, literals):
      let field = try FilterPredicate.field(name)
      try FilterPredicate.require(field.equalitySupport, field: field, operator: "in", advanced: advanced)
      var alternatives: FilterPredicate?
      for literal in literals {
        let single = try FilterPredicate.comparison(field, .eq, literal, advanced: advanced)
        alternatives = alternatives.map { .or($0, single) } ?? single
      }
      guard let alternatives else { throw .invalidFilter("The 'in' operator needs at least one value.") }
      self = alternatives
    case let .lambda(name):
      let field = try FilterPredicate.field(name)
      throw .unsupportedClause(property: field.name)
    }
  }

  private static func field(_ name: String) throws(GraphQueryError) -> UserField {
    guard let field = UserField.named(name) else { throw .unknownProperty(name) }
    return field
  }

  private static func require(
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
    guard case let .string(value) = literal else {
      throw .invalidFilter("No function signature for the function with name '\(kind)' matches the specified arguments.")
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
    case let (.string, .string(value)): positive = .equalsString(field, [TextFolding.caseFolded(value)])
    case let (.boolean, .boolean(flag)): positive = .equalsBoolean(field, flag)
    default:
      let fieldType = field.kind == .boolean ? "Edm.Boolean" : "Edm.String"
      throw .incompatibleTypes(fieldType, literal.typeName, operator: comparison.kindName)
    }
    return comparison == .eq ? positive : .not(positive)
  }

  /// Whether the user at `index` matches.
  func matches(_ storage: DirectoryStorage, _ index: Int) -> Bool {
    switch self {
    case let .and(left, right): return left.matches(storage, index) && right.matches(storage, index)
    case let .or(left, right): return left.matches(storage, index) || right.matches(storage, index)
    case let .not(inner): return !inner.matches(storage, index)
    case let .startsWith(field, prefix):
      guard let value = storage.records.caseFolded(field, at: index) else { return false }
      return value.utf8.starts(with: prefix.utf8)
    case let .endsWith(field, suffix):
      guard let value = storage.records.caseFolded(field, at: index) else { return false }
      return value.utf8.reversed().starts(with: suffix.utf8.reversed())
    case let .equalsString(field, values):
      guard let value = storage.records.caseFolded(field, at: index) else { return false }
      return values.contains(value)
    case let .equalsBoolean(field, flag):
      return field == .accountEnabled && storage.users[index].accountEnabled == flag
    case let .isNull(field):
      if field == .businessPhones { return storage.users[index].businessPhones.isEmpty }
      if field == .accountEnabled { return false }
      return field.string(of: storage.users[index]) == nil
    }
  }
}
