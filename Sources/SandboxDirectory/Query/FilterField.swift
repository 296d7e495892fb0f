import SearchRules

/// Whether a `$filter` operator works on a property by default, only in an advanced query
/// (`ConsistencyLevel: eventual` and `$count=true`), or not at all.
enum FilterSupport: Sendable { case unsupported, advancedOnly, standard }

/// What a property holds, as `$filter` compares it.
enum FilterValueKind: Sendable {
  case string, boolean, number, stringCollection

  /// The OData type name Graph prints when a literal does not match the property.
  var typeName: String {
    switch self {
    case .boolean: return "Edm.Boolean"
    case .number: return "Edm.Int32"
    case .string, .stringCollection: return "Edm.String"
    }
  }
}

/// One kind's `$filter` properties, described as data so that `FilterPredicate` checks and runs
/// the filters of every kind (users, groups, places) with one set of rules: what a name looks up,
/// what each property holds, which operators it runs by default, only in an advanced query or
/// not at all, and the refusals in the kind's own words. A new kind is a table, not a copy.
protocol FilterField: Sendable, Equatable {
  /// What a lookup needs besides the name (places: room or room list); `Void` for most kinds.
  associatedtype Scope: Sendable = Void

  /// The property `name` names (case-insensitive), or the kind's refusal: unknown, or known but
  /// never filtered on.
  static func filterField(named name: String, in scope: Scope) throws(GraphQueryError) -> Self

  /// A clause the kind answers by a rule of its own before the shared ones (users' properties the
  /// sandbox does not store, the operators places refuse whatever the property); nil otherwise.
  static func ownClause(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError)
    -> FilterPredicate<Self>?

  /// Whether `startsWith(p, null)` is allowed (and matches nothing) and another literal type is a
  /// type mismatch as in `eq` (places), instead of OData's "no function signature" (directory objects).
  static var functionLiteralsCompareLikeEquality: Bool { get }

  /// The Graph property name.
  var name: String { get }
  var kind: FilterValueKind { get }
  /// `eq`, `ne` and `in`; `ne`, `not` and null comparisons also need an advanced query.
  var equalitySupport: FilterSupport { get }
  /// `gt`, `ge`, `lt` and `le`.
  var orderingSupport: FilterSupport { get }
  var startsWithSupport: FilterSupport { get }
  var endsWithSupport: FilterSupport { get }
  /// `collection/any(x:x eq 'value')`.
  var anySupport: FilterSupport { get }
  /// The kind's refusal of a clause this property does not run.
  var unsupportedClause: GraphQueryError { get }
}

extension FilterField {
  static func ownClause(_ expression: FilterExpression, advanced: Bool) throws(GraphQueryError)
    -> FilterPredicate<Self>?
  { nil }
  static var functionLiteralsCompareLikeEquality: Bool { false }
  var orderingSupport: FilterSupport { .unsupported }
  var endsWithSupport: FilterSupport { .unsupported }
  var anySupport: FilterSupport { .unsupported }
}

/// What a `FilterPredicate` reads of one object of a kind: its values by field, strings folded
/// as the literals are (`TextFolding.caseFolded`).
protocol FilterRecord {
  associatedtype Field: FilterField
  /// A string property's folded value; nil when null (and for other kinds of property).
  func foldedText(_ field: Field) -> String?
  func flag(_ field: Field) -> Bool?
  func number(_ field: Field) -> Int?
  /// A collection property's values as stored (unfolded).
  func strings(_ field: Field) -> [String]
  func isNull(_ field: Field) -> Bool
}

extension FilterRecord {
  func flag(_ field: Field) -> Bool? { nil }
  func number(_ field: Field) -> Int? { nil }
  func strings(_ field: Field) -> [String] { [] }
}
