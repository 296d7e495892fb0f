import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// Issue 28 (5): people known by a name in another script are found from the index by the words of
/// their mail and user name (杨伟 is wei.yang@…, राहुल गुप्ता is rahul.gupta@…), listed below the
/// exact answer, which stays Graph's; an index written before this learns the words at its first
/// open, and keeps deleting them cleanly afterwards.
@Suite struct MailNameIndexTests {
  static let wei = Person(
    id: "00000000-0000-4000-8000-00000000a001", displayName: "杨伟", mail: "wei.yang@contoso.test",
    userPrincipalName: "wei.yang@contoso.test")
  static let rahul = Person(
    id: "00000000-0000-4000-8000-00000000a002", displayName: "राहुल गुप्ता", mail: "rahul.gupta@contoso.test",
    userPrincipalName: "rahul.gupta@contoso.test")
  static let yan = Person(
    id: "00000000-0000-4000-8000-00000000a003", displayName: "Yang Chen", mail: "yang.chen@contoso.test",
    userPrincipalName: "yang.chen@contoso.test")

  @Test func onlyWordsTheNameLacksPastTheFirstAreMailNames() {
    #expect(IndexTokens.mailNameWords(Self.wei) == ["yang"])
    #expect(IndexTokens.mailNameWords(Self.rahul) == ["gupta"])
    #expect(IndexTokens.mailNameWords(Self.yan).isEmpty, "a Latin name already holds its mail's words")
    // A number after a name word (a second John Smith) and name words run together are the name's.
    let second = Person(id: "s", displayName: "Ana de la Cruz", mail: "ana.delacruz2@contoso.test")
    #expect(IndexTokens.mailNameWords(second).isEmpty)
    let guest = Person(
      id: "g", displayName: "Ana Lima", mail: "ana@fabrikam.com",
      userPrincipalName: "ana_fabrikam.com#EXT#@contoso.test")
    #expect(IndexTokens.mailNameWords(guest).isEmpty, "a guest's home domain is not their name")
    let visitor = Person(id: "v", displayName: "李娜", userPrincipalName: "na.li_fabrikam.com#EXT#@contoso.test")
    #expect(IndexTokens.mailNameWords(visitor) == ["li"])
    // The marker is never a prefix of what `raw` writes for typed text.
    #expect(!IndexTokens.raw("\u{9F}myang").unicodeScalars.starts(with: IndexTokens.mailNameMarker.unicodeScalars))
  }

  /// A schema v3 file (as the last release wrote it) with a live generation and an unfinished
  /// full sync staged, each holding someone known by a romanised name.
  static func versionThreeFile() throws -> (TemporaryDirectory, IndexLocation, [Person]) {
    let (directory, location, pool) = try IndexUpgradeTests.oldFile(
      "roster-index-mail-names", upTo: "v3-interned-people",
      meta: [
        ("generation", "1"), ("delta_link", "d1"), ("managers_known", "1"), ("profiles", "full"),
        ("building_generation", "2"), ("building_link", "next-page"), ("building_count", "3"),
      ])
    let everyone = IndexUpgradeTests.people(40).map(\.person) + [Self.wei, Self.rahul, Self.yan]
    try pool.write { db in
      let terms = PersonTerms(db)
      var memo = IndexTokenMemo(mailNames: false)
      for person in everyone {
        try DirectoryIndex.stage(db, person, managerId: nil, generation: 1, terms: terms, memo: &memo)
      }
      try DirectoryIndex.set(db, RowOrder.spanValues(try DirectoryIndex.placeStaged(db, generation: 1)))
      for person in [Self.wei, Self.rahul, Self.yan] {
        try DirectoryIndex.stage(db, person, managerId: nil, generation: 2, terms: terms, memo: &memo)
      }
    }
    try pool.close()
    return (directory, location, everyone)
  }

  static func markedTerms(_ index: DirectoryIndex) throws -> [String] {
    try index.pool.read { db in
      try String.fetchAll(db, sql: "SELECT term FROM person_vocab WHERE col = 'fields' AND doc > 0")
        .filter { $0.unicodeScalars.starts(with: IndexTokens.mailNameMarker.unicodeScalars) }
    }
  }

  @Test func aVersionThreeFileLearnsMailNamesAndDeletesThemCleanly() throws {
    let (directory, location, everyone) = try Self.versionThreeFile()
    defer { directory.remove() }
    let index = try DirectoryIndex.open(location)
    // The exact answer is Graph's: `yang` starts Yang Chen's name and mail, nobody else's.
    #expect(try index.search("yang", limit: 100).map(\.id) == [Self.yan.id])
    let close = try #require(try index.closeMatches("yang", limit: 20, wait: true))
    #expect(close.people.first?.id == Self.wei.id && close.byMailName.contains(Self.wei.id))
    #expect(try index.closeMatches("gupta", limit: 20, wait: true)?.people.contains(Self.rahul) == true)
    #expect(try index.closeMatches("wei yang", limit: 20, wait: true)?.byMailName == [Self.wei.id])
    #expect(try index.mailNameMatches("yan", limit: 20).map(\.id) == [Self.wei.id], "a prefix, as typed")
    let marked = try Self.markedTerms(index)
    #expect(marked.sorted() == ["\u{9F}mgupta", "\u{9F}myang"], "\(marked.map { Array($0.unicodeScalars) })")
    // The staged rows of the unfinished sync carry the words too.
    let staged = try index.pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT fieldTokens FROM person_staging WHERE fieldTokens LIKE '%' || char(159) || '%'")
    }
    #expect(staged.count == 2)
    // Removing them takes back exactly the tokens the upgrade wrote: none are left behind.
    try index.remove(id: Self.wei.id)
    try index.remove(id: Self.rahul.id)
    #expect(try Self.markedTerms(index).isEmpty)
    #expect(try index.closeMatches("yang", limit: 20, wait: true)?.byMailName.isEmpty ?? true)
    try IndexUpgradeTests.expectFinds(
      everyone.filter { $0.id != Self.wei.id && $0.id != Self.rahul.id }, in: index,
      for: ["a", "jes", "yang", "gupta aditya"])
  }
}
