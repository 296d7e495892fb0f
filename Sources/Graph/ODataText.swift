import Foundation
import SearchRules
import Transport

/// Escaping for user text that goes into Graph query options.
///
/// Why a type of its own: the QuickStart sample broke on `O'Brien` because it pasted the typed text
/// into the URL. Every piece of user text passes through exactly one of these functions, in this
/// order — make the OData/`$search` literal first, then percent-encode the whole option value — so
/// no input can change the shape of a query.
public enum ODataText {
  /// A string literal for `$filter`: wrapped in single quotes, inner single quotes doubled.
  public static func filterLiteral(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// One `$search` clause, `"property:text"`: backslash and double quote escaped with a backslash.
  public static func searchClause(property: String, text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 2)
    for character in text.unicodeScalars {
      if character == "\\" || character == "\"" { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(character)
    }
    return "\"\(property):\(escaped)\""
  }

  /// A query string from option names and raw values; names are fixed by the caller (`$select`),
  /// values are always percent-encoded (`PercentEncoding`, the one encoder).
  public static func queryString(_ items: [(name: String, value: String)]) -> String {
    items.map { "\($0.name)=\(PercentEncoding.encode($0.value))" }.joined(separator: "&")
  }

  /// `("displayName:jo" OR "givenName:jo" …) AND (…)` for `words` over `schema`'s properties
  /// (`SearchSchema.properties(for:)`), escaped, not yet percent-encoded: people and groups are
  /// searched by the same rules, each over its own field list. A word no property of the schema
  /// can match (symbols only, for groups) adds no clause; empty when no word is left.
  public static func searchExpression(_ words: [String], schema: SearchSchema) -> String {
    let clauses = words.compactMap { word -> String? in
      let properties = schema.properties(for: word)
      guard !properties.isEmpty else { return nil }
      return properties.map { searchClause(property: $0.name, text: word) }.joined(separator: " OR ")
    }
    return clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: " AND ")
  }
}
