import Foundation

/// The People API's query options on `person` (PROTOCOL.md, "People I work with"): `$select`,
/// `$filter` on `personType/class`, `personType/subclass` and `displayName` (`eq`, joined by
/// `and`), a word-prefix `$search` and `$orderby=displayName`. The refusals carry the Outlook
/// codes Graph sends for this API (microsoft-graph-docs#17863).
enum PersonQuery {
  /// `$select`: Graph's property names in any case, `id` always first; nil selects everything.
  static func selected(_ select: String?) throws(GraphError) -> [String] {
    guard let select else { return PersonEntry.properties }
    var names = ["id"]
    for raw in select.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !raw.isEmpty {
      guard let name = PersonEntry.properties.first(where: { $0.lowercased() == raw.lowercased() }) else {
        throw GraphError(
          status: 400, code: "RequestBroker--ParseUri",
          message: "Could not find a property named '\(raw)' on type 'microsoft.graph.person'.")
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// One `path eq 'value'` clause of a `$filter`.
  struct Clause: Equatable {
    var path: String
    var value: String
  }

  static let filterable = ["personType/class", "personType/subclass", "displayName"]

  static let invalidFilter = GraphError(
    status: 400, code: "ErrorInvalidUrlQueryFilter", message: "The query filter contains one or more invalid nodes.")

  /// `clause (and clause)*`; anything else is Graph's "invalid nodes", and a person property
  /// that cannot be filtered is `ErrorInvalidProperty`, as Graph answers both.
  static func filter(_ text: String?) throws(GraphError) -> [Clause] {
    guard let text else { return [] }
    let tokens = try tokenize(text)
    var clauses: [Clause] = []
    var position = 0
    while true {
      guard position < tokens.count, case .word(let path) = tokens[position] else { throw invalidFilter }
      guard let known = filterable.first(where: { $0.lowercased() == path.lowercased() }) else {
        if let property = PersonEntry.properties.first(where: { $0.lowercased() == path.lowercased() }) {
          throw GraphError(
            status: 400, code: "ErrorInvalidProperty",
            message:
              "The property '\(property.prefix(1).uppercased() + property.dropFirst())' does not support filtering.")
        }
        throw invalidFilter
      }
      guard position + 2 < tokens.count, tokens[position + 1] == .word("eq"),
        case .literal(let value) = tokens[position + 2]
      else { throw invalidFilter }
      clauses.append(Clause(path: known, value: value))
      position += 3
      if position == tokens.count { return clauses }
      guard tokens[position] == .word("and"), position + 1 < tokens.count else { throw invalidFilter }
      position += 1
    }
  }

  static func matches(_ entry: PersonEntry, _ clauses: [Clause]) -> Bool {
    clauses.allSatisfy { clause in
      let actual: String
      switch clause.path {
      case "personType/class": actual = entry.personClass
      case "personType/subclass": actual = entry.subclass
      default: actual = entry.displayName
      }
      return actual.lowercased() == clause.value.lowercased()
    }
  }

  enum Token: Equatable {
    case word(String)
    case literal(String)
  }

  /// Words (lower-cased keywords stay as written; comparisons lower-case them) and quoted
  /// literals (`''` is a quote). Parentheses, commas and unterminated literals are invalid nodes.
  private static func tokenize(_ text: String) throws(GraphError) -> [Token] {
    var tokens: [Token] = []
    var characters = Array(text)[...]
    while let first = characters.first {
      if first.isWhitespace {
        characters.removeFirst()
      } else if first == "'" {
        characters.removeFirst()
        var literal = ""
        while true {
          guard let next = characters.popFirst() else { throw invalidFilter }
          if next == "'" {
            if characters.first == "'" {
              characters.removeFirst()
              literal.append("'")
            } else {
              break
            }
          } else {
            literal.append(next)
          }
        }
        tokens.append(.literal(literal))
      } else if "(),".contains(first) {
        throw invalidFilter
      } else {
        let word = characters.prefix { !$0.isWhitespace && !"'(),".contains($0) }
        characters.removeFirst(word.count)
        let text = String(word)
        tokens.append(.word(["eq", "and"].contains(text.lowercased()) ? text.lowercased() : text))
      }
    }
    return tokens
  }

  /// `$search`: every word of the term starts a word of the display name or the address (the
  /// example in people-insights-overview: `j` finds "Jan Travis"). Graph's fuzzy matching
  /// ("tiler" finds "Tyler") and its `topic:` keyword are not imitated.
  static func matches(_ entry: PersonEntry, search: String) -> Bool {
    let words = folded(search.replacingOccurrences(of: "\"", with: "")).filter { !$0.isEmpty }
    let haystack = folded(entry.displayName) + folded(entry.address) + [entry.address.lowercased()]
    return words.allSatisfy { word in haystack.contains { $0.hasPrefix(word) } }
  }

  private static func folded(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "@" }.map(String.init)
  }

  /// `$orderby=displayName [asc|desc]`, the order Graph's overview shows; other orders are refused.
  static func ordered(_ entries: [PersonEntry], by orderby: String) throws(GraphError) -> [PersonEntry] {
    let parts = orderby.split(separator: " ").map { $0.lowercased() }
    guard parts.first == "displayname", parts.count == 1 || (parts.count == 2 && ["asc", "desc"].contains(parts[1]))
    else {
      throw GraphError(
        status: 400, code: "ErrorInvalidProperty", message: "The property '\(orderby)' does not support sorting.")
    }
    let sorted = entries.enumerated().sorted { lhs, rhs in
      let order = lhs.element.displayName.localizedCaseInsensitiveCompare(rhs.element.displayName)
      return order == .orderedSame ? lhs.offset < rhs.offset : order == .orderedAscending
    }.map(\.element)
    return parts.count == 2 && parts[1] == "desc" ? sorted.reversed() : sorted
  }
}
