import Foundation
import Index
import RosterCore
import TestSupport
import Testing

/// Issue 40 item 19: the index lists groups in the list's order before it cuts a page, so a group
/// found only by its description never takes a first page's place from a group named so.
@Suite struct GroupIndexOrderTests {
  static let incident = Group(
    id: "g-1", displayName: "Incident Review Board", description: "Major incident management and reviews")
  static let marketing = Group(id: "g-2", displayName: "Marketing")
  static let mars = Group(id: "g-3", displayName: "Team Mars", description: "The Mars rover team")
  static let malta = Group(id: "g-4", displayName: "malta office")
  static let other = Group(id: "g-5", displayName: "Finance", description: "Money")

  @Test func namesThatStartWithTheWordThenNamesThenDescriptionsBeforeThePageIsCut() async throws {
    let directory = TemporaryDirectory(prefix: "roster-group-order")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    // Stored with the description-only match first, as a delta feed may send it.
    let groups = [Self.incident, Self.mars, Self.other, Self.marketing, Self.malta]
    let feed = GroupDeltaFeed { _, _ in
      GroupDeltaPage(changes: groups.map { .upsert(id: $0.id, group: $0, members: []) }, deltaLink: "delta-1")
    }
    let sync = IndexSync(
      index: index, feed: DeltaFeed { _, _ in DeltaPage(changes: [], deltaLink: "users-delta") },
      groups: .sync(feed))
    _ = try await sync.run()

    let expected = [Self.malta.id, Self.marketing.id, Self.mars.id, Self.incident.id]
    #expect(try index.searchGroups("ma", limit: 10).map(\.id) == expected)
    #expect(try index.searchGroups("ma", limit: 2).map(\.id) == Array(expected.prefix(2)))
    #expect(try index.searchGroups("ma", limit: 2, offset: 2).map(\.id) == Array(expected.suffix(2)))
    // The order the list sorts any source's answer with: by tier, the source's order within one.
    #expect(
      GroupOrder("ma").sorted(groups.filter { $0.id != Self.other.id }).map(\.id) == [
        Self.marketing.id, Self.malta.id, Self.mars.id, Self.incident.id,
      ])
    #expect(GroupOrder("ma").sorted(expected.compactMap { id in groups.first { $0.id == id } }).map(\.id) == expected)
    #expect(GroupOrder("mars team").sorted(groups).map(\.id).first == Self.mars.id)
  }
}
