/// How a typed line reads, before where it was typed gives it a meaning: the few one-letter
/// commands, a number, or words to search for. A name is never taken for a command: only the
/// exact letters are (someone called "B" is found with "b " and more words, or `dept:`).
public enum LineCommand: Equatable, Sendable {
  case quit
  case back
  case help
  /// An empty line: say again where the person is.
  case again
  /// A whole number (a result or an action).
  case number(Int)
  /// Anything else: words for the search.
  case search

  public init(_ text: String) {
    switch text.lowercased() {
    case "q", "quit", "exit": self = .quit
    case "b", "back": self = .back
    case "?", "h", "help": self = .help
    case "": self = .again
    default:
      if text.count <= 4, text.allSatisfy(\.isASCII), let number = Int(text), number >= 0 {
        self = .number(number)
      } else {
        self = .search
      }
    }
  }
}
