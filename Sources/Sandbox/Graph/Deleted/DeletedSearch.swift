import Foundation

/// `$search` on deleted items, as on the cast's resource (directory-deleteditems-list: the
/// resource's query options apply): only with `ConsistencyLevel: eventual`, clauses
/// `"displayName:text"` joined by `AND`, each matching the start of a word of the name (Graph
/// tokenises names into words). Other properties are refused rather than guessed at.
struct DeletedSearch {
  var terms: [String]

  init?(_ text: String?, eventual: Bool) throws(GraphError) {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    guard eventual else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "Request with $search query parameter only works through MSGraph with a special request header: "
          + "'ConsistencyLevel: eventual'")
    }
    var terms: [String] = []
    for clause in text.components(separatedBy: " AND ") {
      let trimmed = clause.trimmingCharacters(in: .whitespaces)
      let head = "\"displayname:"
      guard trimmed.lowercased().hasPrefix(head), trimmed.hasSuffix("\""), trimmed.count > head.count + 1 else {
        throw GraphError(
          status: 400, code: "Request_UnsupportedQuery",
          message: "The sandbox answers $search on deleted items only as \"displayName:text\" clauses.")
      }
      let value = trimmed.dropFirst(head.count).dropLast().replacingOccurrences(of: "\\\"", with: "\"")
      terms += Self.words(String(value))
    }
    self.terms = terms
  }

  /// Every term starts a word of `name`.
  func matches(_ name: String) -> Bool {
    let words = Self.words(name)
    return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
