import Foundation

/// Finds the `switch`es that name two or more kinds of row in their cases: the places a new kind
/// would have to be added by hand (issue 41 asks for at most 5 in RosterCore and TerminalUI).
///
/// A kind is named by its `ObjectKind` case (`.group`) or its plural (`.groups`, as in
/// `KindQuery.groups`); both are read from the sources, so a new kind is counted without editing
/// this file. The scan is textual: a `switch` line, then its `case` labels up to its closing brace.
enum KindSwitches {
  struct Found: CustomStringConvertible {
    var file: String
    var line: Int
    var kinds: [String]
    var description: String { "\(file):\(line) names \(kinds.joined(separator: ", "))" }
  }

  /// Each kind's words: its case name and its plural.
  static func kindWords(root: URL) throws -> [String: Set<String>] {
    let objectKind = try String(
      contentsOf: root.appending(path: "Sources/RosterCore/List/ObjectKind.swift"), encoding: .utf8)
    let cases = objectKind.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("case "), !trimmed.contains(":"), !trimmed.contains("(") else { return nil }
      return String(trimmed.dropFirst(5))
    }
    var words: [String: Set<String>] = [:]
    for kind in cases { words[kind] = [kind] }
    // Each kind's `ListedKind` says its plural: `static let plural = "people"`.
    for file in try swiftFiles(under: root.appending(path: "Sources/RosterCore")) {
      let text = try String(contentsOf: file, encoding: .utf8)
      guard let plural = text.firstMatch(of: /static let plural = "(\w+)"/)?.1,
        let kind = text.firstMatch(of: /ObjectKind\.(\w+)/)?.1, words[String(kind)] != nil
      else { continue }
      words[String(kind)]?.insert(String(plural))
    }
    return words
  }

  /// Every switch in `text` whose case labels name two or more of `words`' kinds.
  static func find(in text: String, file: String, words: [String: Set<String>]) -> [Found] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [Found] = []
    for (number, line) in lines.enumerated() {
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("//"), code.contains(/\bswitch\b/) else { continue }
      var depth = 0
      var opened = false
      var named: Set<String> = []
      for body in lines[number...] {
        depth += body.count { $0 == "{" } - body.count { $0 == "}" }
        opened = opened || body.contains("{")
        let label = body.trimmingCharacters(in: .whitespaces)
        if label.hasPrefix("case "), let head = label.split(separator: ":").first {
          for (kind, names) in words where names.contains(where: { head.contains(try! Regex("\\.\($0)\\b")) }) {
            named.insert(kind)
          }
        }
        if opened && depth <= 0 { break }
      }
      if named.count >= 2 { found.append(Found(file: file, line: number + 1, kinds: named.sorted())) }
    }
    return found
  }

  /// The switches naming two or more kinds in RosterCore and TerminalUI.
  static func find(root: URL) throws -> [Found] {
    let words = try kindWords(root: root)
    var found: [Found] = []
    for target in ["Sources/RosterCore", "Sources/TerminalUI"] {
      for file in try swiftFiles(under: root.appending(path: target)) {
        let relative = String(file.path.dropFirst(root.path.count + 1))
        found += find(in: try String(contentsOf: file, encoding: .utf8), file: relative, words: words)
      }
    }
    return found
  }

  static func swiftFiles(under directory: URL) throws -> [URL] {
    let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
  }
}
