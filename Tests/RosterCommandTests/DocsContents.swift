import Foundation

/// The docs read as GitHub renders them, for `DocsContentsTests`: headings and their anchors, the two
/// generated contents lists, links, and the sections code cites. `scripts/docs-contents` writes the lists
/// with the same rules (in Python, so it runs without a build); when the two disagree the test fails and
/// names the file to regenerate. Foundation only, so it can be compiled and tried on its own.
enum DocsContents {
  struct Heading: Equatable {
    var level: Int
    var text: String
  }

  static let begin = "<!-- contents:begin -->"
  static let end = "<!-- contents:end -->"
  /// Where code may cite the docs from (besides `Package.swift`).
  static let codeFolders = ["Sources", "Tests", "Plugins", "scripts", ".ci"]

  // MARK: Headings

  /// Every ATX heading outside fenced code, in order.
  static func headings(_ text: String) -> [Heading] {
    var found: [Heading] = []
    for line in prose(text) where line.hasPrefix("#") {
      guard let match = line.wholeMatch(of: /(#{1,6}) +(.*?)[ #]*/) else { continue }
      found.append(Heading(level: match.output.1.count, text: String(match.output.2)))
    }
    return found
  }

  /// The lines of `text` with fenced code blanked (kept as empty lines, so nothing joins across a fence).
  static func prose(_ text: String) -> [String] {
    var fence: String?
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
      let line = String(raw)
      let stripped = String(line.drop(while: { $0 == " " }))
      if let open = fence {
        if stripped.hasPrefix(open) { fence = nil }
        return ""
      }
      if stripped.hasPrefix("```") || stripped.hasPrefix("~~~") {
        fence = String(stripped.prefix(3))
        return ""
      }
      return line
    }
  }

  /// A heading's text as GitHub shows it: a link as its text, no code or emphasis marks.
  static func plain(_ text: String) -> String {
    text.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }
      .replacing("`", with: "").replacing("*", with: "")
  }

  /// GitHub's anchor: lower case; letters, digits, `_`, `-` and spaces kept; each space a `-`.
  static func slug(_ text: String) -> String {
    let kept = plain(text).lowercased().filter { $0.isLetter || $0.isNumber || "_- ".contains($0) }
    return kept.replacing(" ", with: "-")
  }

  /// Each heading's anchor in order, a repeated one with GitHub's `-1`, `-2`…
  static func anchors(_ text: String) -> [String] {
    var seen: [String: Int] = [:]
    return headings(text).map { heading in
      let base = slug(heading.text)
      let count = seen[base, default: 0]
      seen[base] = count + 1
      return count == 0 ? base : "\(base)-\(count)"
    }
  }

  static func title(_ text: String) -> String {
    headings(text).first { $0.level == 1 }?.text ?? ""
  }

  // MARK: The generated lists

  /// docs/decisions/README.md's list: each decisions file, then each of its `##` and `###` headings.
  static func decisionsContents(root: URL) throws -> [String] {
    let folder = root.appending(path: "docs/decisions")
    var lines: [String] = []
    for name in try markdown(in: folder) where name != "README.md" {
      let text = try read(folder.appending(path: name))
      if !lines.isEmpty { lines.append("") }
      let label = title(text).hasPrefix("Decisions: ") ? String(title(text).dropFirst(11)) : title(text)
      lines.append("**[\(label)](\(name))**")
      let pairs = zip(headings(text), anchors(text)).filter { [2, 3].contains($0.0.level) }
      let top = pairs.map(\.0.level).min() ?? 2
      for (heading, anchor) in pairs {
        let section = plain(heading.text).components(separatedBy: " › ").last ?? ""
        let indent = String(repeating: "  ", count: heading.level - top)
        lines.append("\(indent)- [\(section)](\(name)#\(anchor))")
      }
    }
    return lines
  }

  /// docs/README.md's list: every file in docs/ with its `##` headings; a folder's files under its README.
  static func docsContents(root: URL) throws -> [String] {
    let docs = root.appending(path: "docs")
    return try markdown(in: docs).filter { $0 != "README.md" }.map { relative in
      let text = try read(docs.appending(path: relative))
      let nested = relative.contains("/") && !relative.hasSuffix("/README.md")
      var entry = "\(nested ? "  " : "")- [\(plain(title(text)))](\(relative))"
      let sections = zip(headings(text), anchors(text)).filter { $0.0.level == 2 }.map { heading, anchor in
        "[\(plain(heading.text))](\(relative)#\(anchor))"
      }
      if !sections.isEmpty { entry += ": " + sections.joined(separator: " · ") }
      return entry
    }
  }

  /// The lines between the markers, or nil when a marker is missing.
  static func listed(_ text: String) -> [String]? {
    guard let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound
    else { return nil }
    let inside = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .newlines)
    return inside.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// What is wrong with one generated list, if anything.
  static func staleList(at path: String, expected: [String], root: URL) throws -> String? {
    guard let shown = listed(try read(root.appending(path: path))) else {
      return "\(path): no \(begin) … \(end) markers"
    }
    guard shown != expected else { return nil }
    let missing = expected.filter { !shown.contains($0) }
    let extra = shown.filter { !expected.contains($0) }
    return "\(path) is out of date (run scripts/docs-contents): missing \(missing), not a heading \(extra)"
  }

  // MARK: Links

  /// Every relative link in README.md and docs/ that names no file, or no heading of its file.
  static func brokenLinks(root: URL) throws -> [String] {
    var files = ["README.md"]
    files += try markdown(in: root.appending(path: "docs")).map { "docs/\($0)" }
    var broken: [String] = []
    for file in files {
      let text = prose(try read(root.appending(path: file))).joined(separator: "\n")
        .replacing(/`[^`\n]*`/, with: "")
      for match in text.matches(of: /\[[^\]]*\]\(([^)\s]+)\)/) {
        let link = String(match.output.1)
        if let why = try problem(link: link, from: file, root: root) { broken.append("\(file): (\(link)) \(why)") }
      }
    }
    return broken
  }

  /// Why `link`, written in `file`, does not resolve; nil when it does (or leaves the repository).
  static func problem(link: String, from file: String, root: URL) throws -> String? {
    if link.contains("://") || link.hasPrefix("mailto:") { return nil }
    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let base = root.appending(path: file).deletingLastPathComponent()
    let target = parts[0].isEmpty ? root.appending(path: file) : base.appending(path: parts[0]).standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) else { return "no such file" }
    guard parts.count == 2 else { return nil }
    guard !isFolder.boolValue, target.pathExtension == "md" else { return "an anchor into a file that is not markdown" }
    return anchors(try read(target)).contains(parts[1]) ? nil : "no such heading"
  }

  // MARK: Citations from code

  /// Every citation of the docs in code that does not resolve: `docs/<file>.md#<anchor>` must name a file and a
  /// heading in it, and the decisions are only cited that way (never by a section's name or the old file).
  static func brokenCitations(root: URL, skipping: Set<String>) throws -> [String] {
    var broken: [String] = []
    for file in try codeFiles(root: root) where !skipping.contains(URL(filePath: file).lastPathComponent) {
      guard let text = try? read(root.appending(path: file)) else { continue }
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains("docs/") || line.contains("DECISIONS") {
        let place = "\(file):\(number + 1)"
        for match in line.matches(of: /docs\/[A-Za-z0-9_\/-]+\.md(#[A-Za-z0-9_-]+)?/) {
          // Part of a longer path or an address (`…/docs/x.md` on another site) is not ours to check.
          if let before = line[..<match.range.lowerBound].last,
            before.isLetter || before.isNumber || "/.-_".contains(before)
          {
            continue
          }
          let cited = String(match.output.0)
          if let why = try problem(link: cited, from: "cited", root: root) {
            broken.append("\(place): \(cited) \(why)")
          }
        }
        if line.contains(/docs\/decisions(?!\/[A-Za-z0-9_-]+\.md)/) {
          broken.append("\(place): cite a decision as docs/decisions/FILE.md#ANCHOR: \(line.trimmed)")
        }
        if line.contains(/\bDECISIONS\b/.wordBoundaryKind(.simple)) {
          broken.append("\(place): DECISIONS.md is now docs/decisions/: \(line.trimmed)")
        }
      }
    }
    return broken
  }

  /// Repository-relative paths of the files code lives in.
  static func codeFiles(root: URL) throws -> [String] {
    try ["Package.swift"]
      + codeFolders.flatMap { folder in
        try allFiles(in: root.appending(path: folder)).map { "\(folder)/\($0)" }
      }
  }

  // MARK: Sizes and names

  /// Files in docs/ over 500 lines, and the README at 400 or more.
  static func overlong(root: URL) throws -> [String] {
    var found: [String] = []
    let docs = root.appending(path: "docs")
    for relative in try allFiles(in: docs) {
      let count = lineCount(try read(docs.appending(path: relative)))
      if count > 500 { found.append("docs/\(relative): \(count) lines (at most 500)") }
    }
    let readme = lineCount(try read(root.appending(path: "README.md")))
    if readme >= 400 { found.append("README.md: \(readme) lines (under 400)") }
    return found
  }

  /// Headings in docs/ named after an issue or a wave rather than what they decide.
  static func headingsNamedAfterIssues(root: URL) throws -> [String] {
    let docs = root.appending(path: "docs")
    return try markdown(in: docs).flatMap { relative in
      try headings(read(docs.appending(path: relative))).map(\.text)
        .filter { $0.contains(/\bissues? \d|\bwave\b/.ignoresCase().wordBoundaryKind(.simple)) }.map {
          "docs/\(relative): \($0)"
        }
    }
  }

  // MARK: Files

  static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  static func lineCount(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
  }

  /// Paths under `folder`, relative to it, sorted as the script sorts them.
  static func allFiles(in folder: URL) throws -> [String] {
    let keys: [URLResourceKey] = [.isRegularFileKey]
    guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return [] }
    var found: [String] = []
    for case let file as URL in walk where (try? file.resourceValues(forKeys: Set(keys)))?.isRegularFile == true {
      found.append(String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
    }
    return found.sorted()
  }

  static func markdown(in folder: URL) throws -> [String] {
    try allFiles(in: folder).filter { $0.hasSuffix(".md") }
  }
}

extension Substring {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
