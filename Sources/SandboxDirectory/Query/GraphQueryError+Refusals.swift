/// The refusals `GET /users` gives, with Graph's codes and (where known) its message texts.
extension GraphQueryError {
  /// `$search` without `ConsistencyLevel: eventual` (text as Graph sends it).
  static let searchNeedsConsistencyLevel = GraphQueryError(
    status: 400, code: "Request_UnsupportedQuery",
    message: "Request with $search query parameter only works through MSGraph with a special request header: "
      + "'ConsistencyLevel: eventual'")

  /// `$orderby` together with `$filter` or `$search` outside an advanced query.
  static let sortingNotSupported = GraphQueryError(
    status: 400, code: "Request_UnsupportedQuery", message: "Sorting not supported for current query.")

  /// An operator that only advanced queries (`ConsistencyLevel: eventual` + `$count=true`) allow.
  static func needsAdvancedQuery(operator name: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message: "Operator '\(name)' is not supported because the required parameters might be missing. "
        + "Try adding $count=true query parameter and ConsistencyLevel:eventual header. "
        + "Refer to https://aka.ms/graph-docs/advanced-queries for more information")
  }

  /// A property that exists but cannot be used this way, even in an advanced query.
  static func unsupportedClause(property: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message: "Unsupported or invalid query filter clause specified for property '\(property)' of resource 'User'.")
  }

  /// A name that is no property of a user (`$select`, `$filter`, `$orderby`, `$search`).
  static func unknownProperty(_ name: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type 'microsoft.graph.user'.")
  }

  /// `$filter` text that does not parse.
  static func invalidFilter(_ detail: String) -> GraphQueryError {
    GraphQueryError(status: 400, code: "BadRequest", message: "Invalid filter clause: \(detail)")
  }

  /// `$search` text that does not parse; `position` is 0-based in the `$search` value.
  static func searchSyntax(character: Character?, position: Int, in text: String) -> GraphQueryError {
    let shown = character.map { "character '\($0)'" } ?? "end of input"
    return GraphQueryError(
      status: 400, code: "BadRequest",
      message: "Syntax error: \(shown) is not valid at position \(position) in '\(text)'.")
  }

  /// An OData function Graph knows but does not run on users (`contains`, `tolower`, …).
  static let unsupportedQuery = GraphQueryError(
    status: 400, code: "Request_UnsupportedQuery", message: "Unsupported Query.")

  /// `$count` with a value other than true or false.
  static func invalidCount(_ value: String) -> GraphQueryError {
    GraphQueryError(status: 400, code: "BadRequest", message: "'\(value)' is not a valid count option.")
  }

  /// `$orderby` on a property Graph does not sort users by.
  static func unsortable(property: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message: "Sorting on property '\(property)' of resource 'User' is not supported.")
  }

  /// A comparison between values of different types (`accountEnabled eq 'true'`).
  static func incompatibleTypes(_ left: String, _ right: String, operator kind: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "BadRequest",
      message: "Invalid filter clause: A binary operator with incompatible types was detected. "
        + "Found operand types '\(left)' and '\(right)' for operator kind '\(kind)'.")
  }
}
