import Foundation
import Index
import RosterCore
import SearchRules
import TestSupport
import Testing

/// A phone number typed in any common form finds its owner in the local index, by business
/// phone or mobile, digits matched from the end; a name or a short number does not take that path.
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
}
