/// A parsed `$filter`, before its property names and operators are checked against what Graph
/// allows (so a syntax error anywhere wins over an unsupported operator, as in Graph).
indirect enum FilterExpression: Equatable {
  enum Literal: Equatable {
    case string(String)
    case boolean(Bool)
    case null
    case number(String)

    /// The OData type name Graph prints in type-mismatch errors.
    var typeName: String {
      switch self {
      case .string: return "Edm.String"
      case .boolean: return "Edm.Boolean"
      case .null: return "null"
      case .number: return "Edm.Int32"
      }
    }
  }

  enum Comparison: String, Equatable {
    case eq, ne, gt, ge, lt, le

    /// OData's name for the operator kind in error messages.
    var kindName: String {
      switch self {
      case .eq: return "Equal"
      case .ne: return "NotEqual"
      case .gt: return "GreaterThan"
      case .ge: return "GreaterThanOrEqual"
      case .lt: return "LessThan"
      case .le: return "LessThanOrEqual"
      }
    }
  }

  case and(FilterExpression, FilterExpression)
  case or(FilterExpression, FilterExpression)
  case not(FilterExpression)
  case startsWith(property: String, Literal)
  case endsWith(property: String, Literal)
  case compare(property: String, Comparison, Literal)
  case isIn(property: String, [Literal])
  /// A collection lambda such as `businessPhones/any(p:…)`, which the sandbox does not run.
  case lambda(property: String)
  /// `collection/any(x:x eq 'value')`, the one lambda Graph runs on groups (`groupTypes`,
  /// `resourceProvisioningOptions`); users treat it like any other lambda.
  case anyEquals(property: String, Literal)

  /// The property a leaf clause is about; nil for `and`, `or` and `not`.
  var propertyName: String? {
    switch self {
    case .and, .or, .not: return nil
    case .startsWith(let name, _), .endsWith(let name, _), .compare(let name, _, _), .isIn(let name, _),
      .lambda(let name), .anyEquals(let name, _):
      return name
    }
  }
}
