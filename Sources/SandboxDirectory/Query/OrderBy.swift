/// A parsed `$orderby`: comma-separated `property [asc|desc]` items; users sort only by
/// displayName and userPrincipalName (case-insensitively, nulls first, then by id for stability).
struct OrderBy: Equatable {
  var field: UserField
  var descending: Bool

  static func parse(_ text: String) throws(GraphQueryError) -> [OrderBy] {
    var keys: [OrderBy] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
      guard (1...2).contains(words.count) else {
        throw GraphQueryError(
          status: 400, code: "BadRequest",
          message: "Syntax error at position 0 in '\(text)'. Invalid $orderby expression.")
      }
      guard let field = UserField.named(words[0]) else { throw .unknownProperty(words[0]) }
      guard field.isSortable else { throw .unsortable(property: field.name) }
      var descending = false
      if words.count == 2 {
        switch words[1].lowercased() {
        case "asc": descending = false
        case "desc": descending = true
        default:
          throw GraphQueryError(
            status: 400, code: "BadRequest",
            message: "Syntax error: '\(words[1])' is not a sort direction in '\(text)'; use asc or desc.")
        }
      }
      keys.append(OrderBy(field: field, descending: descending))
    }
    return keys
  }
}
