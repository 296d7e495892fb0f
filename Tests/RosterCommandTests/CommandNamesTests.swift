import Foundation
import Testing

/// Every command names itself in its `CommandConfiguration`. Without `commandName`,
/// argument-parser derives the name from the type's (`String(describing:)`), which asks the
/// runtime about the type's conformances: with Roster's libraries that search is a measurable
/// share of every start (issue 42: about 4 % of `roster apps --expiring 30d --offline`, 18 % of
/// `roster --version`), since the parser builds the whole command tree before it looks at the
/// arguments. Reads the sources only.
@Suite struct CommandNamesTests {
  @Test func everyCommandNamesItself() throws {
    var unnamed: [String] = []
    let sources = DocsContentsTests.root.appending(path: "Sources/roster")
    for file in try KindSwitches.swiftFiles(under: sources) {
      let text = try String(contentsOf: file, encoding: .utf8)
      unnamed += Self.unnamed(in: text).map { "\(file.lastPathComponent): \($0)" }
    }
    #expect(unnamed.isEmpty, "\(unnamed.joined(separator: "\n"))")
  }

  /// The scan can fail: a configuration without a name is found, one with it is not.
  @Test func theScanFindsAnUnnamedCommand() {
    let source = """
      static let configuration = CommandConfiguration(commandName: "show", abstract: "Show (one).")
      static let configuration = CommandConfiguration(
        abstract: "List (all) of them.", subcommands: [A.self])
      """
    let found = Self.unnamed(in: source)
    #expect(found.count == 1)
    #expect(found.first?.contains("List (all) of them.") == true)
  }

  /// The `CommandConfiguration(…)` calls in `text` (to their closing parenthesis) without
  /// `commandName:`, each as its first 60 characters on one line.
  static func unnamed(in text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let start = rest.range(of: "CommandConfiguration(") {
      var depth = 0
      var end = start.lowerBound
      for index in rest[start.lowerBound...].indices {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" { depth -= 1 }
        if depth == 0, rest[index] == ")" {
          end = index
          break
        }
      }
      let call = rest[start.lowerBound...end]
      if !call.contains("commandName:") {
        let flat = call.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        found.append(String(flat.joined(separator: " ").prefix(60)))
      }
      rest = rest[rest.index(after: end)...]
    }
    return found
  }
}
