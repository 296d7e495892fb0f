import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// A phone number typed in any common form finds its owner in the local index, by business
/// phone or mobile, digits matched from the end; a name or a short number does not take that path.
/// The look-up table (`person_lookup`, schema v8) follows every write: a delta round, a grant that
/// empties phones, a full sync that renumbers every row, and a file from before v8.
@Suite struct IndexPhoneLookupTests {
  @Test func aPhoneInAnyFormFindsItsOwner() async throws {
    let directory = TemporaryDirectory(prefix: "roster-index-phones")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    let people = [
      Person(id: "p1", displayName: "Ann Lee", businessPhones: ["+1 425 555 0100", "+1 206 555 0177"]),
      Person(id: "p2", displayName: "Bo Chen", mobilePhone: "(425) 555-0199"),
      Person(id: "p3", displayName: "Cy 4255550100", businessPhones: ["+44 20 7946 0532"]),
    ].map { DeltaChange.upsert($0, managerId: nil, managerKnown: false) }
    let sync = IndexSync(index: index, feed: DeltaFeed { _, _ in DeltaPage(changes: people, deltaLink: "d1") })
    _ = try await sync.run()

    for typed in ["+1 (425) 555-0100", "425.555.0100", "4255550100", "001 425 555 0100", "555-0100"] {
      #expect(try index.search(typed, limit: 10).map(\.id) == ["p1"], "\(typed)")
    }
    #expect(try index.search("425 555 0199", limit: 10).map(\.id) == ["p2"])
    // Every business phone counts, not only the last (they are stored joined).
    #expect(try index.search("(206) 555-0177", limit: 10).map(\.id) == ["p1"])
    #expect(try index.search("020 7946 0532", limit: 10).map(\.id) == ["p3"])
    #expect(try index.search("425 555 0123", limit: 10).isEmpty)
    // A name is searched as a name, whatever digits it holds.
    #expect(try index.search("cy", limit: 10).map(\.id) == ["p3"])
  }

  static func entries(_ index: DirectoryIndex) throws -> Int {
    try index.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM person_lookup") ?? -1 }
  }

  @Test func theLookUpTableFollowsEveryWrite() async throws {
    let directory = TemporaryDirectory(prefix: "roster-index-phone-table")
    defer { directory.remove() }
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")
    var index = try DirectoryIndex.open(location)
    let ann = Person(id: "p1", displayName: "Ann Lee", businessPhones: ["+1 425 555 0100"], mobilePhone: "123")
    let bo = Person(id: "p2", displayName: "Bo Chen", mobilePhone: "(425) 555-0199")
    let feed = DeltaFeed { link, _ in
      switch link {
      case nil:
        return DeltaPage(
          changes: [ann, bo].map { .upsert($0, managerId: nil, managerKnown: false) }, deltaLink: "d1")
      default:
        var moved = ann
        moved.businessPhones = ["+1 206 555 0177"]
        return DeltaPage(
          changes: [.upsert(moved, managerId: nil, managerKnown: false), .removed(id: "p2")], deltaLink: "d2")
      }
    }
    _ = try await IndexSync(index: index, feed: feed).run()
    #expect(try Self.entries(index) == 2)  // "123" is too short to be looked up
    #expect(try index.search("4255550199", limit: 10).map(\.id) == ["p2"])

    // A delta round: Ann's number changed, Bo left.
    _ = try await IndexSync(index: index, feed: feed).run()
    #expect(try Self.entries(index) == 1)
    #expect(try index.search("4255550100", limit: 10).isEmpty)
    #expect(try index.search("4255550199", limit: 10).isEmpty)
    #expect(try index.search("206 555 0177", limit: 10).map(\.id) == ["p1"])

    // A basic grant empties the phones; the full grant's next sync is a full one, placing every row anew.
    try index.conform(to: .basic)
    #expect(try Self.entries(index) == 0)
    try index.conform(to: .full)
    _ = try await IndexSync(index: index, feed: DeltaFeed { _, _ in try await feed.fetch(nil) { _ in } }).run()
    #expect(try Self.entries(index) == 2)
    #expect(try index.search("+1 425 555 0100", limit: 10).map(\.id) == ["p1"])

    // A file from before v8 (no table, no triggers) gets them, filled, at its next open.
    try await index.pool.write { db in
      try db.execute(
        sql: """
          DROP TRIGGER person_lookup_added; DROP TRIGGER person_lookup_removed; DROP TRIGGER person_lookup_changed;
          DROP TABLE person_lookup; DELETE FROM grdb_migrations WHERE identifier = 'v8-lookup'
          """)
    }
    index = try DirectoryIndex.open(location)
    #expect(try Self.entries(index) == 2)
    #expect(try index.search("425.555.0199", limit: 10).map(\.id) == ["p2"])
  }
}
