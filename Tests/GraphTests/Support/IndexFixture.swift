import Foundation
import Graph
import Index
import RosterCore
import TestSupport
import Transport

/// A local index in a temporary cache directory, synced from a sandbox harness's live feed.
struct IndexFixture {
  let directory: URL
  let location: IndexLocation
  let feed: DeltaFeed
  let configuration: GraphConfiguration
  let harness: SandboxGraph

  init(_ harness: SandboxGraph, pageSize: Int? = nil, sleep: RecordingSleep? = nil) throws {
    self.harness = harness
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
    location = IndexLocation(directory: directory, tenantId: harness.sandbox.tenantId, accountId: "tester")
    configuration = try GraphConfiguration(
      endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
    feed = .live(
      configuration: configuration, tokens: harness.tokens, transport: harness.harness.transport, pageSize: pageSize,
      sleep: (sleep ?? harness.sleep).function)
  }

  func open() throws -> DirectoryIndex { try DirectoryIndex.open(location) }

  func sync(_ index: DirectoryIndex? = nil, feed: DeltaFeed? = nil) async throws -> IndexSyncOutcome {
    let estimate = DeltaFeed.liveEstimate(
      configuration: configuration, tokens: harness.tokens, transport: harness.harness.transport)
    return try await IndexSync(index: try index ?? open(), feed: feed ?? self.feed, estimate: estimate).run()
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }
}
