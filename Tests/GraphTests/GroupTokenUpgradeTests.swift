import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// Issue 29 (one token encoding for every table): an index whose groups' full-text tokens are hex
/// (schema v4 and before) is upgraded at its first open to the tokens people's table uses, finds
/// the same groups, and takes a group's tokens back cleanly when the group goes.
@Suite struct GroupTokenUpgradeTests {
  static let groups = [
    Group(id: "g1", displayName: "Platform Team", description: "Runs the platform"),
    Group(id: "g2", displayName: "R&D \"Quotes\" Crew", description: "Forschung & Entwicklung in Zürich"),
    Group(id: "g3", displayName: "研究チーム 東京", description: nil),
  ]

  /// What a v4 file held for a group: each token's UTF-8 bytes as lower-case hex.
  static func hexTokens(_ group: Group) -> [String] {
    let fields = group.searchFields
    return SearchSchema.groups.properties.map { property in
      fields.fields.filter { $0.property == property }.flatMap { NameTokenizer.indexTokens($0.value) }
        .map { $0.utf8.map { String(format: "%02x", $0) }.joined() }.joined(separator: " ")
    }
  }

  static func terms(_ index: DirectoryIndex) throws -> Set<String> {
    try index.pool.write { db in
      try db.execute(
        sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.group_vocab USING fts5vocab(main, 'group_fts', 'row')")
      return Set(try String.fetchAll(db, sql: "SELECT term FROM temp.group_vocab WHERE doc > 0"))
    }
  }

  @Test func hexGroupTokensBecomeRawAndStillFindTheGroups() throws {
    let (directory, location, pool) = try IndexUpgradeTests.oldFile(
      "roster-index-group-tokens", upTo: "v4-mail-name-tokens",
      meta: [("groups_generation", "1"), ("groups_delta_link", "d1")])
    defer { directory.remove() }
    try pool.write { db in
      let placeholders = Array(repeating: "?", count: GroupRow.columns.count).joined(separator: ",")
      for group in Self.groups {
        try db.execute(
          sql: "INSERT INTO directory_group(\(GroupRow.columns.joined(separator: ","))) VALUES (\(placeholders))",
          arguments: GroupRow.arguments(group, generation: 1))
        try db.execute(
          sql: "INSERT INTO group_fts(rowid, name, about) VALUES (?, ?, ?)",
          arguments: [db.lastInsertedRowID] + StatementArguments(Self.hexTokens(group)))
      }
    }
    try pool.close()

    let index = try DirectoryIndex.open(location)
    #expect(try index.searchGroups("platform", limit: 10).map(\.id) == ["g1"])
    #expect(try index.searchGroups("zürich", limit: 10).map(\.id) == ["g2"])
    #expect(try index.searchGroups("quotes crew", limit: 10).map(\.id) == ["g2"])
    #expect(try index.searchGroups("研究チーム", limit: 10).map(\.id) == ["g3"])
    #expect(try index.searchGroups("runs", limit: 10).map(\.id) == ["g1"], "the description's words too")
    let terms = try Self.terms(index)
    let oldFirstToken = String(Self.hexTokens(Self.groups[0])[0].split(separator: " ")[0])
    #expect(terms.contains("platform") && !terms.contains(oldFirstToken), "\(terms)")

    // A group that goes takes back exactly the tokens the upgrade wrote.
    try index.writeGroupDeltaPage(GroupDeltaPage(changes: [.removed(id: "g1")], deltaLink: "d2"), at: Date())
    #expect(try index.searchGroups("platform", limit: 10).isEmpty)
    let after = try Self.terms(index)
    #expect(!after.contains("platform") && !after.contains("team") && after.contains("crew"), "\(after)")
  }
}
