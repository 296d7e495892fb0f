import SearchRules

/// A checked `$filter`, ready to run against the records of one kind (users, groups, places),
/// whose properties `Field` describes. Building one applies Graph's rules once for every kind:
/// unknown properties, operators a property does not support, operators that need an advanced
/// query (`not`, `ne`, null comparisons and the property's advanced-only operators), and
/// literals of the wrong type are refused here, in the kind's words.
indirect enum FilterPredicate<Field: FilterField>: Sendable {
  case and(FilterPredicate, FilterPredicate)
  case or(FilterPredicate, FilterPredicate)
  case not(FilterPredicate)
  /// Literal already case-folded.
  case startsWith(Field, String)
  case endsWith(Field, String)
  case equalsText(Field, String)
  case equalsFlag(Field, Bool)
  /// A number property compared with a number; a null value only satisfies `ne`.
  case number(Field, FilterExpression.Comparison, Int)
  case isNull(Field)
  /// `collection/any(x:x eq '…')`, literal case-folded: Graph compares case-insensitively.
  case contains(Field, String)
  /// A clause whose answer does not depend on the record.
  case constant(Bool)

  /// Checks `expression`; `advanced` is true when the request has `ConsistencyLevel: eventual`
  /// and `$count=true` (a kind without advanced queries passes true).
  init(_ expression: FilterExpression, advanced: Bool, in scope: Field.Scope) throws(GraphQueryError) {
    if let own = try Field.ownClause(expression, advanced: advanced) {
      self = own
      return
    }
    switch expression {
    case .and(let left, let right):
      self = .and(try Self(left, advanced: advanced, in: scope), try Self(right, advanced: advanced, in: scope))
    case .or(let left, let right):
      self = .or(try Self(left, advanced: advanced, in: scope), try Self(right, advanced: advanced, in: scope))
    case .not(let inner):
      guard advanced else { throw .needsAdvancedQuery(operator: "not") }
      self = .not(try Self(inner, advanced: advanced, in: scope))
    case .startsWith(let name, let literal):
      let field = try Field.filterField(named: name, in: scope)
      try Self.require(field.startsWithSupport, field: field, operator: "startsWith", advanced: advanced)
      self = try Self.text(literal, function: "startswith").map { .startsWith(field, $0) } ?? .constant(false)
    case .endsWith(let name, let literal):
      let field = try Field.filterField(named: name, in: scope)
      try Self.require(field.endsWithSupport, field: field, operator: "endsWith", advanced: advanced)
      self = try Self.text(literal, function: "endswith").map { .endsWith(field, $0) } ?? .constant(false)
    case .compare(let name, let comparison, let literal):
      let field = try Field.filterField(named: name, in: scope)
      self = try Self.comparison(field, comparison, literal, advanced: advanced)
    case .isIn(let name, let literals):
      let field = try Field.filterField(named: name, in: scope)
      var alternatives: FilterPredicate?
      for literal in literals {
        let single = try Self.comparison(field, .eq, literal, advanced: advanced)
        alternatives = alternatives.map { .or($0, single) } ?? single
      }
      guard let alternatives else { throw .invalidFilter("The 'in' operator needs at least one value.") }
      self = alternatives
    case .anyEquals(let name, let literal):
      let field = try Field.filterField(named: name, in: scope)
      try Self.require(field.anySupport, field: field, operator: "any", advanced: advanced)
      guard case .string(let value) = literal else { throw field.unsupportedClause }
      self = .contains(field, TextFolding.caseFolded(value))
    case .lambda(let name):
      throw try Field.filterField(named: name, in: scope).unsupportedClause
    }
  }

  private static func require(
    _ support: FilterSupport, field: Field, operator name: String, advanced: Bool
  ) throws(GraphQueryError) {
    switch support {
    case .standard: return
    case .advancedOnly: if !advanced { throw .needsAdvancedQuery(operator: name) }
    case .unsupported: throw field.unsupportedClause
    }
  }

  /// The folded text of a `startsWith`/`endsWith` literal; nil for a null the kind lets match nothing.
  private static func text(_ literal: FilterExpression.Literal, function: String) throws(GraphQueryError) -> String? {
    if case .string(let value) = literal { return TextFolding.caseFolded(value) }
    guard Field.functionLiteralsCompareLikeEquality else {
      throw .invalidFilter(
        "No function signature for the function with name '\(function)' matches the specified arguments.")
    }
    if literal == .null { return nil }
    throw .incompatibleTypes(FilterValueKind.string.typeName, literal.typeName, operator: "Equal")
  }

  private static func comparison(
    _ field: Field, _ comparison: FilterExpression.Comparison, _ literal: FilterExpression.Literal, advanced: Bool
  ) throws(GraphQueryError) -> FilterPredicate {
    let isEquality = comparison == .eq || comparison == .ne
    try require(
      isEquality ? field.equalitySupport : field.orderingSupport, field: field, operator: comparison.rawValue,
      advanced: advanced)
    if comparison == .ne, !advanced { throw .needsAdvancedQuery(operator: "ne") }
    let positive: FilterPredicate
    switch (field.kind, literal) {
    case (_, .null):
      if !advanced { throw .needsAdvancedQuery(operator: comparison.rawValue) }
      guard isEquality else { return .constant(false) }
      positive = .isNull(field)
    case (.string, .string(let value)): positive = .equalsText(field, TextFolding.caseFolded(value))
    case (.boolean, .boolean(let flag)): positive = .equalsFlag(field, flag)
    case (.number, .number(let text)) where Int(text) != nil:
      return .number(field, comparison, Int(text) ?? 0)
    default:
      throw .incompatibleTypes(field.kind.typeName, literal.typeName, operator: comparison.kindName)
    }
    return comparison == .eq ? positive : .not(positive)
  }

  /// Whether the record matches.
  func matches<Record: FilterRecord>(_ record: Record) -> Bool where Record.Field == Field {
    switch self {
    case .and(let left, let right): return left.matches(record) && right.matches(record)
    case .or(let left, let right): return left.matches(record) || right.matches(record)
    case .not(let inner): return !inner.matches(record)
    case .startsWith(let field, let prefix):
      guard let value = record.foldedText(field) else { return false }
      return value.utf8.starts(with: prefix.utf8)
    case .endsWith(let field, let suffix):
      guard let value = record.foldedText(field) else { return false }
      return value.utf8.reversed().starts(with: suffix.utf8.reversed())
    case .equalsText(let field, let wanted): return record.foldedText(field) == wanted
    case .equalsFlag(let field, let flag): return record.flag(field) == flag
    case .number(let field, let comparison, let wanted):
      guard let value = record.number(field) else { return comparison == .ne }
      switch comparison {
      case .eq: return value == wanted
      case .ne: return value != wanted
      case .gt: return value > wanted
      case .ge: return value >= wanted
      case .lt: return value < wanted
      case .le: return value <= wanted
      }
    case .isNull(let field): return record.isNull(field)
    case .contains(let field, let wanted):
      return record.strings(field).contains { TextFolding.caseFolded($0) == wanted }
    case .constant(let value): return value
    }
  }
}

extension FilterPredicate where Field.Scope == Void {
  /// Checks `expression` for a kind whose property names need no scope (users, groups).
  init(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError) {
    try self.init(expression, advanced: advanced, in: ())
  }
}
