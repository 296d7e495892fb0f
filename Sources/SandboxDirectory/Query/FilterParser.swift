/// Recursive-descent parser for the `$filter` subset Graph supports on users:
///
///     expression := and ("or" and)*
///     and        := unary ("and" unary)*
///     unary      := "not" unary | primary
///     primary    := "(" expression ")" | function | property operator literal | property "in" "(" literals ")"
///     function   := ("startswith" | "endswith") "(" property "," literal ")" [("eq" | "ne") boolean]
///
/// Keywords and function names are case-insensitive (Graph accepts `startsWith` and `startswith`).
struct FilterParser {
  private let text: String
  private let lexemes: [FilterLexeme]
  private var index = 0
  /// Limits that keep a hostile `$filter` from exhausting the stack of the thread serving it.
  static let maximumNesting = 100
  static let maximumClauses = 500
  private var nesting = 0
  private var clauses = 0

  /// OData functions Graph knows but refuses on directory objects with "Unsupported Query.".
  private static let refusedFunctions: Set<String> = [
    "contains", "substringof", "tolower", "toupper", "trim", "length", "indexof", "substring", "concat",
  ]

  static func parse(_ text: String) throws(GraphQueryError) -> FilterExpression {
    guard !text.allSatisfy(\.isWhitespace) else { throw .invalidFilter("The $filter expression is empty.") }
    var parser = FilterParser(text: text, lexemes: try FilterLexer.tokens(text))
    let expression = try parser.parseOr()
    guard parser.current.token == .end else { throw parser.unexpected() }
    return expression
  }

  private init(text: String, lexemes: [FilterLexeme]) {
    self.text = text
    self.lexemes = lexemes
  }

  private var current: FilterLexeme { lexemes[index] }

  private func keyword(at offset: Int = 0) -> String? {
    guard index + offset < lexemes.count, case .identifier(let name) = lexemes[index + offset].token else { return nil }
    return name.lowercased()
  }

  private func unexpected() -> GraphQueryError {
    if current.token == .end {
      return .invalidFilter("Syntax error: unexpected end of expression at position \(current.position) in '\(text)'.")
    }
    return .invalidFilter("Syntax error at position \(current.position) in '\(text)'.")
  }

  private mutating func expect(_ token: FilterLexeme.Token) throws(GraphQueryError) {
    guard current.token == token else { throw unexpected() }
    index += 1
  }

  private mutating func parseOr() throws(GraphQueryError) -> FilterExpression {
    var left = try parseAnd()
    while keyword() == "or" {
      index += 1
      left = .or(left, try parseAnd())
    }
    return left
  }

  private mutating func parseAnd() throws(GraphQueryError) -> FilterExpression {
    var left = try parseUnary()
    while keyword() == "and" {
      index += 1
      left = .and(left, try parseUnary())
    }
    return left
  }

  private mutating func parseUnary() throws(GraphQueryError) -> FilterExpression {
    if keyword() == "not" {
      index += 1
      try enterNesting()
      defer { nesting -= 1 }
      return .not(try parseUnary())
    }
    return try parsePrimary()
  }

  private mutating func enterNesting() throws(GraphQueryError) {
    nesting += 1
    guard nesting <= FilterParser.maximumNesting else {
      throw .invalidFilter("The expression nests deeper than \(FilterParser.maximumNesting) levels.")
    }
  }

  private mutating func parsePrimary() throws(GraphQueryError) -> FilterExpression {
    if current.token == .openParenthesis {
      index += 1
      try enterNesting()
      defer { nesting -= 1 }
      let inner = try parseOr()
      try expect(.closeParenthesis)
      return inner
    }
    guard case .identifier(let name) = current.token else { throw unexpected() }
    index += 1
    clauses += 1
    guard clauses <= FilterParser.maximumClauses else {
      throw .invalidFilter("The expression has more than \(FilterParser.maximumClauses) clauses.")
    }
    if current.token == .openParenthesis { return try parseFunction(name) }
    return try parseComparison(property: name)
  }

  private mutating func parseFunction(_ name: String) throws(GraphQueryError) -> FilterExpression {
    let functionPosition = lexemes[index - 1].position
    let lowered = name.lowercased()
    if lowered.hasSuffix("/any") || lowered.hasSuffix("/all") {
      let start = index
      if lowered.hasSuffix("/any"), let literal = anyEqualsLiteral() {
        return .anyEquals(property: String(name.dropLast(4)), literal)
      }
      index = start
      try skipBalancedParentheses()
      return .lambda(property: String(name.dropLast(4)))
    }
    guard lowered == "startswith" || lowered == "endswith" else {
      if FilterParser.refusedFunctions.contains(lowered) { throw .unsupportedQuery }
      throw .invalidFilter(
        "An unknown function with name '\(name)' was found at position \(functionPosition) in '\(text)'.")
    }
    try expect(.openParenthesis)
    guard case .identifier(let property) = current.token else { throw unexpected() }
    index += 1
    try expect(.comma)
    let literal = try parseLiteral()
    try expect(.closeParenthesis)
    var expression: FilterExpression =
      lowered == "startswith" ? .startsWith(property: property, literal) : .endsWith(property: property, literal)
    // `startswith(p,'x') eq true` is the long form some clients send.
    if let comparison = keyword(), comparison == "eq" || comparison == "ne" {
      index += 1
      guard case .boolean(let flag) = try parseLiteral() else { throw unexpected() }
      if flag != (comparison == "eq") { expression = .not(expression) }
    }
    return expression
  }

  /// Reads `(x:x eq 'value')` and returns the literal; nil (position undefined) for any other body.
  private mutating func anyEqualsLiteral() -> FilterExpression.Literal? {
    guard current.token == .openParenthesis else { return nil }
    index += 1
    guard case .identifier(let variable) = current.token else { return nil }
    index += 1
    guard current.token == .colon else { return nil }
    index += 1
    guard case .identifier(let used) = current.token, used.lowercased() == variable.lowercased() else { return nil }
    index += 1
    guard keyword() == "eq" else { return nil }
    index += 1
    guard case .string(let value) = current.token else { return nil }
    index += 1
    guard current.token == .closeParenthesis else { return nil }
    index += 1
    return .string(value)
  }

  private mutating func skipBalancedParentheses() throws(GraphQueryError) {
    var depth = 0
    repeat {
      switch current.token {
      case .openParenthesis: depth += 1
      case .closeParenthesis: depth -= 1
      case .end: throw unexpected()
      default: break
      }
      index += 1
    } while depth > 0
  }

  private mutating func parseComparison(property: String) throws(GraphQueryError) -> FilterExpression {
    guard let operatorName = keyword() else { throw unexpected() }
    if operatorName == "in" {
      index += 1
      try expect(.openParenthesis)
      var literals = [try parseLiteral()]
      while current.token == .comma {
        index += 1
        literals.append(try parseLiteral())
      }
      try expect(.closeParenthesis)
      return .isIn(property: property, literals)
    }
    guard let comparison = FilterExpression.Comparison(rawValue: operatorName) else { throw unexpected() }
    index += 1
    return .compare(property: property, comparison, try parseLiteral())
  }

  private mutating func parseLiteral() throws(GraphQueryError) -> FilterExpression.Literal {
    let literal: FilterExpression.Literal
    switch current.token {
    case .string(let value): literal = .string(value)
    case .number(let value): literal = .number(value)
    case .identifier(let word):
      switch word.lowercased() {
      case "true": literal = .boolean(true)
      case "false": literal = .boolean(false)
      case "null": literal = .null
      default: throw unexpected()
      }
    default: throw unexpected()
    }
    index += 1
    return literal
  }
}
