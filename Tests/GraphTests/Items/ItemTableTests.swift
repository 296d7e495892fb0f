import Foundation
import GRDB
import RosterCore
import SearchRules
import TestSupport
import Testing

@testable import Index

/// The generic `ItemTable` with a `due` column, as the app kinds use it (their credentials'
/// expiry), exercised over devices kept under another name (`test_item`, due at their last
/// sign-in): a full round, a delta round's upsert and removal, the search, the due query's order,
/// limit and index, and forgetting on a refusal.
@Suite struct ItemTableTests {
  static let table = ItemTable<Device>(
    name: "test_item", migration: "test-items-v1", schema: .devices, permission: "Test.Read.All",
    readScopes: ["test.read.all"], due: { $0.approximateLastSignInDateTime })

  /// A device due `days` after the epoch (never when nil).
  static func device(_ id: String, _ name: String, due days: Double? = nil) -> Device {
    Device(
      id: id, displayName: CleanText(name),
      approximateLastSignInDateTime: days.map { Date(timeIntervalSince1970: $0 * 86_400) })
  }

  /// Pages by link, recording what was asked; `refuse` answers every request with a 403.
  final class Pages: @unchecked Sendable {
    private let lock = NSLock()
    var pages: [String?: ChangePage<ItemChange<Device>>]
    var refuse = false
    private(set) var asked: [String?] = []

    init(_ pages: [String?: ChangePage<ItemChange<Device>>]) { self.pages = pages }

    var feed: ChangeFeed<ItemChange<Device>> {
      ChangeFeed { link, _ in
        try self.lock.withLock {
          self.asked.append(link)
          if self.refuse { throw DirectoryError.permissionDenied("Test.Read.All") }
          guard let page = self.pages[link] else {
            throw DirectoryError.service(status: 410, code: "syncStateNotFound", message: "")
          }
          return page
        }
      }
    }
  }

  /// An index with the test table created, and a round over `pages`.
  static func withIndex(_ body: (DirectoryIndex) async throws -> Void) async throws {
    let directory = TemporaryDirectory(prefix: "roster-item-table")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    try await index.pool.write { try table.create($0) }
    try await body(index)
  }

  static func run(_ pages: Pages, _ index: DirectoryIndex) async throws -> (changes: Int, requests: Int) {
    try await ItemSyncRound(table: table, feed: pages.feed).run(index, now: { Date() }, catchUpAfterFull: false) { _ in
    }
  }

  static func count(_ index: DirectoryIndex) throws -> KindIndexCount {
    try index.pool.read { try DirectoryIndex.count(in: table, $0) }
  }

  static let fullPages: [String?: ChangePage<ItemChange<Device>>] = [
    nil: ChangePage(
      changes: [.upsert(device("a", "Laptop Alpha", due: 30)), .upsert(device("b", "Kiosk"))], nextLink: "p2"),
    "p2": ChangePage(
      changes: [.upsert(device("c", "Laptop Charlie", due: 10)), .upsert(device("d", "Desk Laptop", due: 10))],
      deltaLink: "d1"),
  ]

  @Test func aFullRoundThenADeltaRoundKeepUpsertsAndRemovals() async throws {
    try await Self.withIndex { index in
      let pages = Pages(Self.fullPages)
      #expect(try Self.count(index) == KindIndexCount(count: nil))
      #expect(try await Self.run(pages, index) == (changes: 4, requests: 2))
      #expect(try Self.count(index) == KindIndexCount(count: 4))
      #expect(try index.item(id: "A", in: Self.table) == Self.device("a", "Laptop Alpha", due: 30))
      // Names that start with the first word first, then by name.
      #expect(try index.search("laptop", in: Self.table, limit: 10).map(\.id) == ["a", "c", "d"])
      #expect(try index.search("laptop", in: Self.table, limit: 2).map(\.id) == ["a", "c"])
      #expect(try index.search("-- &", in: Self.table, limit: 10).isEmpty)

      pages.pages["d1"] = ChangePage(
        changes: [.upsert(Self.device("b", "Kiosk Laptop", due: 5)), .removed("c")], deltaLink: "d2")
      #expect(try await Self.run(pages, index) == (changes: 2, requests: 1))
      #expect(pages.asked == [nil, "p2", "d1"])
      #expect(try index.search("laptop", in: Self.table, limit: 10).map(\.id) == ["a", "d", "b"])
      #expect(try index.item(id: "c", in: Self.table) == nil)
      #expect(try Self.count(index) == KindIndexCount(count: 3))
      let meta = try await index.pool.read { try DirectoryIndex.meta($0) }
      #expect(meta["test_item_delta_link"] == "d2" && meta["test_item_generation"] == "1")
    }
  }

  @Test func theDueQueryOrdersByDueThenNameAndUsesItsIndex() async throws {
    try await Self.withIndex { index in
      _ = try await Self.run(Pages(Self.fullPages), index)
      let day = { (days: Double) in Date(timeIntervalSince1970: days * 86_400) }
      // Due 10 (two, by name), then 30; never-due "b" is never listed.
      #expect(try index.items(in: Self.table, dueBefore: day(30), limit: 10).map(\.id) == ["d", "c", "a"])
      #expect(try index.items(in: Self.table, dueBefore: day(29), limit: 10).map(\.id) == ["d", "c"])
      #expect(try index.items(in: Self.table, dueBefore: day(100), limit: 1).map(\.id) == ["d"])
      #expect(try index.items(in: Self.table, dueBefore: day(9), limit: 10).isEmpty)
      // A table without `due` has nothing due (devices keep no such column).
      #expect(try index.items(in: DeviceIndex.table, dueBefore: day(100), limit: 10).isEmpty)
      let plan = try await index.pool.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Self.table.dueQuery, arguments: [1, 0, 10])
          .map { $0["detail"] as String }.joined(separator: "\n")
      }
      #expect(plan.contains("test_item_due"), "\(plan)")
      let columns = try await index.pool.read { db in
        (try db.columns(in: "test_item").map(\.name), try db.columns(in: "device").map(\.name))
      }
      #expect(columns.0.contains("due") && !columns.1.contains("due"))
    }
  }

  @Test func aRefusalForgetsEveryRowAndSaysWhichPermission() async throws {
    try await Self.withIndex { index in
      let pages = Pages(Self.fullPages)
      _ = try await Self.run(pages, index)
      pages.refuse = true
      #expect(try await Self.run(pages, index) == (changes: 0, requests: 1))
      #expect(try Self.count(index) == KindIndexCount(count: nil, problem: "Test.Read.All"))
      #expect(try index.search("laptop", in: Self.table, limit: 10).isEmpty)
      #expect(try index.items(in: Self.table, dueBefore: .distantFuture, limit: 10).isEmpty)
      #expect(try index.item(id: "a", in: Self.table) == nil)
      // Permitted again: a full round fills the table and the problem is gone.
      pages.refuse = false
      #expect(try await Self.run(pages, index) == (changes: 4, requests: 2))
      #expect(try Self.count(index) == KindIndexCount(count: 4))
    }
  }
}
