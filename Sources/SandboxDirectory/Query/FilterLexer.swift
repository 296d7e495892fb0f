/// One token of a `$filter` expression with its 0-based character position (for error messages).
struct FilterLexeme: Equatable {
  enum Token: Equatable {
    case identifier(String)
    /// A quoted literal with `''` already turned into `'`.
    case string(String)
    case number(String)
    case openParenthesis, closeParenthesis, comma, colon, end
  }
  var token: Token
  var position: Int
}

/// Splits OData `$filter` text into tokens. Literals are single-quoted with `''` standing for one
/// quote (protocol.md §4.6), so `'O''Brien'` is the text `O'Brien`.
enum FilterLexer {
  static func tokens(_ text: String) throws(GraphQueryError) -> [FilterLexeme] {
    let characters = Array(text)
    var lexemes: [FilterLexeme] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character.isWhitespace {
        index += 1
        continue
      }
      switch character {
      case "(":
        lexemes.append(FilterLexeme(token: .openParenthesis, position: start))
        index += 1
      case ")":
        lexemes.append(FilterLexeme(token: .closeParenthesis, position: start))
        index += 1
      case ",":
        lexemes.append(FilterLexeme(token: .comma, position: start))
        index += 1
      case ":":
        lexemes.append(FilterLexeme(token: .colon, position: start))
        index += 1
      case "'":
        var literal = ""
        index += 1
        var closed = false
        while index < characters.count {
          if characters[index] == "'" {
            if index + 1 < characters.count, characters[index + 1] == "'" {
              literal.append("'")
              index += 2
              continue
            }
            index += 1
            closed = true
            break
          }
          literal.append(characters[index])
          index += 1
        }
        guard closed else {
          throw .invalidFilter("There is an unterminated string literal at position \(start) in '\(text)'.")
        }
        lexemes.append(FilterLexeme(token: .string(literal), position: start))
      default:
        if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
          index += 1
          while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
          lexemes.append(FilterLexeme(token: .number(String(characters[start..<index])), position: start))
        } else if character.isLetter || character == "_" || character == "$" {
          index += 1
          while index < characters.count,
            characters[index].isLetter || characters[index].isNumber || "_/.$".contains(characters[index])
          {
            index += 1
          }
          lexemes.append(FilterLexeme(token: .identifier(String(characters[start..<index])), position: start))
        } else {
          throw .invalidFilter("Syntax error: character '\(character)' is not valid at position \(start) in '\(text)'.")
        }
      }
    }
    lexemes.append(FilterLexeme(token: .end, position: characters.count))
    return lexemes
  }
}
