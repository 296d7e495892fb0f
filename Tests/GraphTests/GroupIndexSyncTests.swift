import Foundation
import Index
import RosterCore
import TestSupport
import Testing

/// The index's groups round on its own (issue 20), fed page by page: a large group's members over
/// several pages (the group repeated, or only its `members@delta`), then a delta round that adds
/// and removes members and deletes a group; people tables untouched.
@Suite struct GroupIndexSyncTests {
  final class Pages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String?: GroupDeltaPage]
    private(set) var asked: [String?] = []
    init(_ pages: [String?: GroupDeltaPage]) { self.pages = pages }
    func set(_ link: String?, _ page: GroupDeltaPage) { lock.withLock { pages[link] = page } }
    var feed: GroupDeltaFeed {
      GroupDeltaFeed { link, _ in
        try self.lock.withLock {
          self.asked.append(link)
          guard let page = self.pages[link] else {
            throw DirectoryError.service(status: 410, code: "syncStateNotFound", message: "")
          }
          return page
        }
      }
    }
  }

  static func member(_ id: String, _ kind: DirectoryObjectKind = .user, removed: Bool = false) -> MemberChange {
    MemberChange(id: id, kind: kind, removed: removed)
  }

  static let big = Group(id: "g-big", displayName: "All Company", mailEnabled: true, securityEnabled: false)
  static let nested = Group(id: "g-nested", displayName: "Night Shift", description: "Keeps the lights on")

  @Test func largeGroupsArriveInSlicesAndDeltaRoundsEditThem() async throws {
    let directory = TemporaryDirectory(prefix: "roster-group-sync")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    let slices = (0..<3).map { slice in (0..<1000).map { Self.member("u\(slice * 1000 + $0)") } }
    let pages = Pages([
      nil: GroupDeltaPage(
        changes: [.upsert(id: Self.big.id, group: Self.big, members: slices[0])], nextLink: "page-2"),
      "page-2": GroupDeltaPage(
        changes: [
          .upsert(id: Self.big.id, group: nil, members: slices[1]),
          .upsert(id: Self.nested.id, group: Self.nested, members: [Self.member("u1")]),
        ], nextLink: "page-3"),
      "page-3": GroupDeltaPage(
        changes: [
          .upsert(id: Self.big.id, group: Self.big, members: slices[2] + [Self.member(Self.nested.id, .group)])
        ], deltaLink: "delta-1"),
    ])
    let sync = IndexSync(
      index: index, feed: DeltaFeed { _, _ in DeltaPage(changes: [], deltaLink: "users-delta") },
      groups: .sync(pages.feed))
    _ = try await sync.run()
    #expect(try index.groupStatus().groups == 2)
    let all = try index.members(of: Self.big.id, transitive: false, limit: 10, offset: 0)
    // No person rows: every user member is counted as one the index does not hold (hidden).
    #expect(all.total == 3001 && all.members.map(\.id) == [Self.nested.id] && all.hidden == 9)
    #expect(try index.group(lookingUp: "all company")?.memberCount == 3001)
    #expect(try index.searchGroups("lights", limit: 5).map(\.id) == [Self.nested.id])
    #expect(try index.memberOf("u1", transitive: true).map(\.id) == [Self.big.id, Self.nested.id])
    #expect(
      try index.membershipPath(memberID: Self.nested.id, groupID: Self.big.id)?.text == "Night Shift ∈ All Company")
    // A person the index does not hold (hidden from the address list) has no path to show.
    #expect(try index.membershipPath(memberID: "u1", groupID: Self.big.id) == nil)

    // Delta: a member leaves, one joins, the nested group is deleted, the big one renamed.
    var renamed = Self.big
    renamed.displayName = "Everyone"
    pages.set(
      "delta-1",
      GroupDeltaPage(
        changes: [
          .upsert(id: Self.big.id, group: renamed, members: [Self.member("u0", removed: true), Self.member("u9999")]),
          .removed(id: Self.nested.id),
        ], deltaLink: "delta-2"))
    guard case .synced = try await sync.run() else {
      Issue.record("the delta round failed")
      return
    }
    #expect(pages.asked.last == "delta-1")
    #expect(try index.groupStatus().groups == 1)
    #expect(try index.members(of: Self.big.id, transitive: false, limit: 0, offset: 0).total == 3000)
    #expect(try index.searchGroups("all", limit: 5).isEmpty && index.searchGroups("everyone", limit: 5).count == 1)
    #expect(try index.memberOf("u1", transitive: true).map(\.id) == [Self.big.id])

    // The token may no longer read groups: none are kept, and the index says why.
    _ = try await IndexSync(index: index, feed: sync.feed, groups: .notPermitted(.readGroups)).run()
    #expect(try index.groupStatus().groups == nil && index.groupStatus().problem == .readGroups)
    #expect(try index.searchGroups("everyone", limit: 5).isEmpty)
  }
}
