import Foundation
import Testing

/// The docs stay whole (issue 41): no file in docs/ over 500 lines and a README under 400, contents lists that
/// list every heading (written by `scripts/docs-contents`), links that resolve to a file and a heading, and
/// every section code cites present. Reads files only: no build of `roster` is needed.
@Suite struct DocsContentsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// This suite's own files name the patterns they look for.
  static let ownFiles: Set<String> = ["DocsContents.swift", "DocsContentsTests.swift"]

  @Test func docsStayShortAndTheReadmeShorter() throws {
    let overlong = try DocsContents.overlong(root: Self.root)
    #expect(overlong.isEmpty, "\(overlong)")
  }

  /// What a newcomer types first, and what CI's bootstrap and the tests assume, stays word for word.
  @Test func theReadmeKeepsTheTwoCommands() throws {
    let readme = try DocsContents.read(Self.root.appending(path: "README.md"))
    #expect(readme.contains("scripts/bootstrap && swift run roster --demo "))
    #expect(readme.contains("scripts/bootstrap && swift test "))
  }

  @Test func theDecisionsListNamesEveryHeadingOfEveryFile() throws {
    let expected = try DocsContents.decisionsContents(root: Self.root)
    #expect(expected.count > 60, "every decisions file is read")
    let stale = try DocsContents.staleList(at: "docs/decisions/README.md", expected: expected, root: Self.root)
    #expect(stale == nil, "\(stale ?? "")")
  }

  @Test func theDocsListNamesEveryFile() throws {
    let expected = try DocsContents.docsContents(root: Self.root)
    #expect(expected.contains { $0.hasPrefix("- [Benchmarks](benchmarks.md)") })
    let stale = try DocsContents.staleList(at: "docs/README.md", expected: expected, root: Self.root)
    #expect(stale == nil, "\(stale ?? "")")
  }

  @Test func everyLinkReachesAFileAndAHeading() throws {
    let broken = try DocsContents.brokenLinks(root: Self.root)
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  @Test func everySectionCodeCitesExists() throws {
    let broken = try DocsContents.brokenCitations(root: Self.root, skipping: Self.ownFiles)
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  @Test func headingsSayWhatTheyDecideNotWhichIssue() throws {
    let named = try DocsContents.headingsNamedAfterIssues(root: Self.root)
    #expect(named.isEmpty, "\(named)")
  }

  /// The checks can fail: a broken link, a missing heading, a stale list and a bad citation are each caught, in a
  /// copy of the docs so the tree is left alone.
  @Test func eachCheckCatchesWhatItIsFor() throws {
    let copy = FileManager.default.temporaryDirectory.appending(path: "roster-docs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: copy) }
    for path in ["README.md", "docs", "PROTOCOL.md", "LICENSE", "Resources"] {
      try FileManager.default.createDirectory(
        at: copy.appending(path: path).deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: Self.root.appending(path: path), to: copy.appending(path: path))
    }
    #expect(try DocsContents.brokenLinks(root: copy).isEmpty)

    let guide = copy.appending(path: "docs/guide.md")
    let text = try DocsContents.read(guide)
    try (text + "\nSee [nowhere](nowhere.md) and [no heading](#no-such-heading).\n").write(
      to: guide, atomically: true, encoding: .utf8)
    let broken = try DocsContents.brokenLinks(root: copy)
    #expect(broken.count == 2, "\(broken)")

    let decisions = copy.appending(path: "docs/decisions/search.md")
    try (try DocsContents.read(decisions) + "\n### Search › A heading the list lacks (issue 99)\n").write(
      to: decisions, atomically: true, encoding: .utf8)
    let expected = try DocsContents.decisionsContents(root: copy)
    #expect(try DocsContents.staleList(at: "docs/decisions/README.md", expected: expected, root: copy) != nil)
    #expect(try DocsContents.headingsNamedAfterIssues(root: copy).count == 1)

    let sources = copy.appending(path: "Sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try """
    /// See docs/decisions/search.md#search--as-you-type (fine), docs/decisions/search.md#search--nothing,
    /// docs/decisions, "As you type" and DECISIONS.md.
    """.write(to: sources.appending(path: "Cited.swift"), atomically: true, encoding: .utf8)
    let cited = try DocsContents.brokenCitations(root: copy, skipping: [])
    #expect(cited.count == 3, "\(cited)")
  }
}
