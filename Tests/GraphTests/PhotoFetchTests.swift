import Foundation
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

@testable import Graph

/// The live client's photo fetch against the in-process sandbox, with the disk cache.
@Suite(.serialized) struct PhotoFetchTests {
  static func client(_ graph: SandboxGraph, cache: PhotoDiskCache?) throws -> DirectoryClient {
    let configuration = try GraphConfiguration(endpoint: graph.sandbox.graphURL, retry: RetryPolicy(maxRetries: 0))
    return .live(
      configuration: configuration, tokens: graph.tokens, transport: graph.harness.transport, photoCache: cache)
  }

  @Test("a photo is fetched at the size asked for, then served from the disk cache")
  func fetchAndCache() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-photo-fetch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    try await SandboxGraph.run(size: 60) { harness async throws in
      let cache = PhotoDiskCache(directory: home.appendingPathComponent("roster/photos"))
      let client = try Self.client(harness, cache: cache)
      let directory = Directory.generated(seed: 1, size: 60)
      let withPhoto = directory.defaultUser
      let request = PhotoRequest(tenant: harness.sandbox.tenantId, personID: withPhoto.id, side: 48)
      let image = try #require(try await client.personPhoto(request))
      #expect(image.width == 48 && image.height == 48)
      let again = try await client.personPhoto(request)
      #expect(again == image)
      let log = try await harness.harness.requests(pathPrefix: "/v1.0/users/\(withPhoto.id)/photo")
      #expect(log.map(\.path) == ["/v1.0/users/\(withPhoto.id)/photos/48x48/$value"], "the second came from disk")

      let without = try #require(directory.users.first { !$0.hasPhoto })
      let none = PhotoRequest(tenant: harness.sandbox.tenantId, personID: without.id, side: 48)
      #expect(try await client.personPhoto(none) == nil)
      #expect(try await client.personPhoto(none) == nil)
      let missing = try await harness.harness.requests(pathPrefix: "/v1.0/users/\(without.id)/photo")
      #expect(missing.count == 2, "the sized photo, then the largest; the absence is then remembered")
      #expect(cache.read(none) == .absent)
    }
  }

  @Test("a body that is no JPEG is an error the pane can drop, not a crash")
  func corruptBody() async throws {
    try await SandboxGraph.run(size: 60) { harness async throws in
      let client = try Self.client(harness, cache: nil)
      try await harness.harness.addFault(["match": "/v1.0/users/*/photos/*", "kind": "malformed_json", "count": 1])
      let user = Directory.generated(seed: 1, size: 60).defaultUser
      let request = PhotoRequest(tenant: harness.sandbox.tenantId, personID: user.id, side: 48)
      await #expect(throws: DirectoryError.self) { try await client.personPhoto(request) }
      #expect(try await client.personPhoto(request)?.width == 48, "the next try works")
    }
  }
}
