/// Parses Graph's `$search` syntax for users:
///
///     search  := and ("OR" and)*
///     and     := primary ("AND" primary)*
///     primary := "(" search ")" | clause
///     clause  := '"' [property ":"] text '"'      (inside quotes, \" and \\ are escapes)
///
/// `AND` and `OR` must be upper case and outside quotes; anything else outside quotes is a syntax
/// error reported with its 0-based position, like Graph. A clause without `property:` searches
/// displayName (the property a people picker means).
///
/// Users and groups share this parser (one set of escaping rules); each kind builds its own
/// clauses through `SearchClauseBuilding`.
struct SearchParser<Predicate: SearchClauseBuilding> {
  private enum Token: Equatable {
    case clause(String)
    case open, close, and, or, end
  }

  private let text: String
  private var tokens: [(token: Token, position: Int)] = []
  private var index = 0
  /// Limits that keep a hostile `$search` from exhausting the stack of the thread serving it.
  static var maximumNesting: Int { SearchLimits.maximumNesting }
  static var maximumClauses: Int { SearchLimits.maximumClauses }
  private var nesting = 0
  private var clauses = 0

  static func parse(_ text: String) throws(GraphQueryError) -> Predicate {
    var parser = SearchParser(text: text)
    try parser.tokenize()
    guard parser.tokens.count > 1 else { throw .searchSyntax(character: nil, position: 0, in: text) }
    let predicate = try parser.parseOr()
    guard parser.current.token == .end else { throw parser.unexpected() }
    return predicate
  }

  private init(text: String) { self.text = text }

  private var current: (token: Token, position: Int) { tokens[index] }

  private func unexpected() -> GraphQueryError {
    let characters = Array(text)
    let position = current.position
    return .searchSyntax(
      character: position < characters.count ? characters[position] : nil, position: position, in: text)
  }

  private mutating func tokenize() throws(GraphQueryError) {
    let characters = Array(text)
    var position = 0
    while position < characters.count {
      let character = characters[position]
      let start = position
      if character.isWhitespace {
        position += 1
      } else if character == "(" {
        tokens.append((.open, start))
        position += 1
      } else if character == ")" {
        tokens.append((.close, start))
        position += 1
      } else if character == "\"" {
        var content = ""
        position += 1
        var closed = false
        while position < characters.count {
          let inner = characters[position]
          if inner == "\\" {
            guard position + 1 < characters.count, characters[position + 1] == "\"" || characters[position + 1] == "\\"
            else { throw .searchSyntax(character: inner, position: position, in: text) }
            content.append(characters[position + 1])
            position += 2
          } else if inner == "\"" {
            position += 1
            closed = true
            break
          } else {
            content.append(inner)
            position += 1
          }
        }
        guard closed else { throw .searchSyntax(character: nil, position: characters.count, in: text) }
        tokens.append((.clause(content), start))
      } else {
        var end = position
        while end < characters.count, !characters[end].isWhitespace, !"()\"".contains(characters[end]) { end += 1 }
        switch String(characters[start..<end]) {
        case "AND": tokens.append((.and, start))
        case "OR": tokens.append((.or, start))
        default: throw .searchSyntax(character: character, position: start, in: text)
        }
        position = end
      }
    }
    tokens.append((.end, characters.count))
  }

  private mutating func parseOr() throws(GraphQueryError) -> Predicate {
    var left = try parseAnd()
    while current.token == .or {
      index += 1
      left = .or(left, try parseAnd())
    }
    return left
  }

  private mutating func parseAnd() throws(GraphQueryError) -> Predicate {
    var left = try parsePrimary()
    while current.token == .and {
      index += 1
      left = .and(left, try parsePrimary())
    }
    return left
  }

  private mutating func parsePrimary() throws(GraphQueryError) -> Predicate {
    switch current.token {
    case .open:
      let position = current.position
      index += 1
      nesting += 1
      defer { nesting -= 1 }
      guard nesting <= SearchParser.maximumNesting else {
        throw GraphQueryError(
          status: 400, code: "BadRequest",
          message: "Syntax error: parentheses nest deeper than \(SearchParser.maximumNesting) levels at position "
            + "\(position) in '\(text)'.")
      }
      let inner = try parseOr()
      guard current.token == .close else { throw unexpected() }
      index += 1
      return inner
    case .clause(let content):
      clauses += 1
      guard clauses <= SearchParser.maximumClauses else {
        throw GraphQueryError(
          status: 400, code: "BadRequest",
          message: "Syntax error: more than \(SearchParser.maximumClauses) clauses in the $search expression.")
      }
      index += 1
      return try Predicate.clause(content)
    default:
      throw unexpected()
    }
  }
}

/// A `$search` predicate the shared parser can build: one quoted clause, and `AND`/`OR` of two.
protocol SearchClauseBuilding {
  static func clause(_ content: String) throws(GraphQueryError) -> Self
  static func and(_ left: Self, _ right: Self) -> Self
  static func or(_ left: Self, _ right: Self) -> Self
}

/// The rules every kind's `$search` clause shares: how a clause names its property, and how a
/// tokenized property matches.
enum SearchClause {
  /// `property:text` split into the property's name and the text; no name (`text` alone, or a
  /// colon after something that is not ASCII letters) means the kind's default property. By
  /// scalar, not Character: a combining mark typed first ("givenName:\u{301}") would otherwise
  /// fuse with the colon into one grapheme and hide the property name.
  static func split(_ content: String) -> (property: String?, text: String) {
    let scalars = content.unicodeScalars
    guard let colon = scalars.firstIndex(of: ":") else { return (nil, content) }
    let name = String(scalars[..<colon])
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return (nil, content) }
    return (name, String(scalars[scalars.index(after: colon)...]))
  }

  /// Every query token is a prefix of some of the value's tokens, in any order; a value with no
  /// tokens matches only an empty query, and only when the property is set.
  static func tokensMatch(_ query: [String], _ tokens: [String], present: Bool) -> Bool {
    if tokens.isEmpty { return query.isEmpty && present }
    return query.allSatisfy { wanted in tokens.contains { $0.utf8.starts(with: wanted.utf8) } }
  }
}

/// Limits that keep a hostile `$search` from exhausting the stack of the thread serving it.
enum SearchLimits {
  static let maximumNesting = 100
  static let maximumClauses = 500
}
