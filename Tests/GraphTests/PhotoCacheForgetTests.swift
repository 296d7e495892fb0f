import Foundation
import RosterCore
import Testing

@testable import Graph

/// `roster logout` of the last account in a tenant forgets that tenant's photos and no other's.
@Suite struct PhotoCacheForgetTests {
  @Test func forgettingATenantRemovesOnlyItsPhotos() throws {
    try PhotoCacheTests.withCacheHome { home in
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"))
      let home1 = "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44"
      let guest = "8e2d4b7a-1c3f-4a5e-9b6d-2f0c7e1a3d55"
      for (tenant, person) in [(home1, "a"), (home1, "b"), (guest, "a"), (guest + "0", "c")] {
        for side in [48, 240] {
          cache.store(.jpeg(Data([0xFF, 0xD8])), for: PhotoRequest(tenant: tenant, personID: person, side: side))
        }
        cache.store(.absent, for: PhotoRequest(tenant: tenant, personID: person + "-none", side: 48))
      }
      #expect(cache.forget(tenant: guest) == 3)
      #expect(cache.read(PhotoRequest(tenant: guest, personID: "a", side: 48)) == nil)
      #expect(cache.read(PhotoRequest(tenant: home1, personID: "a", side: 48)) != nil)
      #expect(cache.read(PhotoRequest(tenant: guest + "0", personID: "c", side: 240)) != nil)
      #expect(cache.files().count == 9)
    }
  }
}
