import Foundation
import Graph
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

@testable import Index
@testable import Sandbox

/// Devices in the local index, synced from the sandbox's `/devices/delta`: a full round fills
/// them, a delta round brings a rename and a removal, searches answer as Graph's `$search` does,
/// the pane reads a device offline, and a token without `Device.Read.All` keeps none (and says
/// so) while people still sync.
@Suite struct DeviceIndexTests {
  static let scope = "openid profile offline_access User.Read User.Read.All Device.Read.All"
  static let withoutDevices = "openid profile offline_access User.Read User.Read.All"

  /// A sandbox of 50 people and their devices, an empty index for it, and a way to sync it with
  /// a token of `scope`.
  struct Synced {
    let harness: SandboxHarness
    let index: DirectoryIndex
    let configuration: GraphConfiguration

    var tenant: SandboxTenant { get throws { try #require(harness.sandbox.tenant) } }
    var reader: KindIndexReader { DeviceIndex.reader { [index] in index } }

    /// One sync round, people then devices, signed in with `scope`.
    @discardableResult
    func sync(scope: String = DeviceIndexTests.scope, pageSize: Int? = nil) async throws -> IndexSyncOutcome {
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let devices = ChangeFeed.devices(
        configuration: configuration, tokens: tokens, transport: harness.transport, pageSize: pageSize)
      return try await IndexSync(
        index: index, feed: DeltaFeed.live(configuration: configuration, tokens: tokens, transport: harness.transport),
        kinds: [DeviceSyncRound(feed: devices)]
      ).run()
    }

    var count: IndexedKindStatus? { get throws { try index.status().kinds[ObjectKind.device.rawValue] } }

    func search(_ text: String, pageSize: Int = 999) throws -> [Device] {
      try #require(
        reader.search(KindQuery(.device, ItemQuery(text: text, pageSize: pageSize))).value(as: IndexRows<Device>.self)
      )
      .rows
    }

    /// What the Graph client answers for `text` (every match, one page).
    func graphSearch(_ text: String) async throws -> [Device] {
      let tokens = try await SandboxTokens.signIn(
        harness.sandbox, scope: DeviceIndexTests.scope, transport: harness.transport)
      let client = KindClient.devices(configuration: configuration, tokens: tokens, transport: harness.transport)
      let answer = await client.search(KindQuery(.device, ItemQuery(text: text, pageSize: 999))) { _ in }
      return try #require(answer.value(as: Result<ItemPage<Device>, DirectoryError>.self)).get().items
    }
  }

  static func withIndex(_ body: (Synced) async throws -> Void) async throws {
    try await SandboxHarness.with { harness in
      let location = IndexLocation(directory: harness.directory.url, tenantId: harness.sandbox.tenantId, accountId: "a")
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      try await body(Synced(harness: harness, index: try DirectoryIndex.open(location), configuration: configuration))
    }
  }

  @Test func aFullRoundFillsTheIndexAndADeltaRoundBringsRenamesAndRemovals() async throws {
    try await Self.withIndex { synced in
      #expect(try synced.count == IndexedKindStatus(KindIndexCount(count: nil)))
      let devices = try synced.tenant.devices.current.devices.devices
      guard case .synced(full: true, _, _) = try await synced.sync(pageSize: 40) else {
        Issue.record("the first sync was not a full round")
        return
      }
      #expect(try synced.count == IndexedKindStatus(KindIndexCount(count: devices.count)))
      let kept = try #require(try synced.index.device(id: devices[20].id))
      #expect(kept.displayName == CleanText(devices[20].displayName) && kept.deviceId == devices[20].deviceId)
      #expect(kept.approximateLastSignInDateTime == devices[20].approximateLastSignInDateTime)

      let (renamed, removed) = (devices[30], devices[31])
      try synced.tenant.devices.apply([
        .rename(id: renamed.id, displayName: "Zephyrine Workstation"), .remove(id: removed.id, permanent: true),
      ])
      try await synced.harness.clearRequests()
      guard case .synced(full: false, _, _) = try await synced.sync() else {
        Issue.record("the second sync was not a delta round")
        return
      }
      let asked = try await synced.harness.requests(pathPrefix: "/v1.0/devices")
      #expect(asked.count == 1 && asked.first?.query["$deltatoken"] != nil)
      #expect(try synced.search("zephyrine").map(\.id) == [renamed.id])
      #expect(try synced.search("workst zeph").map(\.id) == [renamed.id])
      #expect(try synced.index.device(id: removed.id) == nil)
      #expect(try synced.count == IndexedKindStatus(KindIndexCount(count: devices.count - 1)))

      // A link the service no longer knows: the round starts over, whole.
      let graph = synced.harness.sandbox.graphURL.absoluteString.trimmingCharacters(in: ["/"])
      let forgotten = graph + "/v1.0/devices/delta?$deltatoken=forgotten"
      try await synced.index.pool.write { try DirectoryIndex.set($0, [DeviceIndex.table.key.deltaLink: forgotten]) }
      try await synced.harness.clearRequests()
      try await synced.sync()
      let again = try await synced.harness.requests(pathPrefix: "/v1.0/devices")
      #expect(again.count == 2 && again.last?.query["$deltatoken"] == nil && again.last?.query["$select"] != nil)
      #expect(try synced.count == IndexedKindStatus(KindIndexCount(count: devices.count - 1)))
      #expect(try synced.search("zephyrine").map(\.id) == [renamed.id])
    }
  }

  @Test func searchesAnswerAsGraphsSearchDoes() async throws {
    try await Self.withIndex { synced in
      try await synced.sync()
      let devices = try synced.tenant.devices.current.devices.devices
      let phone = try #require(devices.first { $0.displayName.hasSuffix("’s iPhone") })
      let given = String(try #require(phone.displayName.split(separator: "’").first))
      for query in [
        "laptop", "iphone \(given)", "\(given.prefix(2)) iph", "desk", "o'brien work", "東京", "-- &", "aptop",
      ] {
        let local = try synced.search(query)
        let graph = try await synced.graphSearch(query)
        #expect(Set(local.map(\.id)) == Set(graph.map(\.id)), "\(query)")
      }
      for query in ["laptop", "iphone \(given)", "\(given.prefix(2)) iph", "o'brien work"] {
        #expect(try !synced.search(query).isEmpty, "\(query)")
      }
      #expect(try synced.search("iphone \(given)").contains { $0.id == phone.id })
      #expect(try synced.search("aptop").isEmpty && synced.search("-- &").isEmpty)
      // Names that start with the first word come first; the page is cut after sorting.
      let first = try synced.search("laptop", pageSize: 3)
      #expect(first.count == 3 && first.allSatisfy { $0.displayName.string.lowercased().hasPrefix("laptop") })
      let answer = synced.reader.search(KindQuery(.device, ItemQuery(text: "laptop", pageSize: 3)))
      #expect(answer.value(as: IndexRows<Device>.self)?.asked == 3)
    }
  }

  @Test func thePaneReadsADeviceOfflineWithoutOwners() async throws {
    try await Self.withIndex { synced in
      try await synced.sync()
      let device = try synced.tenant.devices.current.devices.devices[5]
      let detail = synced.reader.detail(device.id).value(as: Result<DeviceDetail, DirectoryError>.self)
      let read = try #require(try detail?.get())
      #expect(read.device.id == device.id && read.owners == nil && read.users == nil)
      #expect(synced.reader.detail("no-such-device").failure == .notFound)
      let detached = DeviceIndex.reader { nil }
      guard case .offline? = detached.detail(device.id).failure else {
        Issue.record("a reader without an index was not offline")
        return
      }
      #expect(
        detached.search(KindQuery(.device, ItemQuery(text: "laptop", pageSize: 5))) == .devices([], asked: 5))
    }
  }

  @Test func withoutDeviceReadAllNoneAreKeptAndPeopleStillSync() async throws {
    try await Self.withIndex { synced in
      try await synced.sync()
      #expect(try synced.count?.count ?? 0 > 0)
      guard case .synced = try await synced.sync(scope: Self.withoutDevices) else {
        Issue.record("people did not sync")
        return
      }
      let refused = try #require(try synced.count)
      #expect(refused.count == nil && refused.missingPermission?.contains("Device.Read.All") == true)
      #expect(try synced.index.status().people > 0 && synced.search("laptop").isEmpty)
      // The permission granted again: a full round fills them, and the problem is gone.
      try await synced.sync()
      let devices = try synced.tenant.devices.current.devices.devices
      #expect(try synced.count == IndexedKindStatus(KindIndexCount(count: devices.count)))
    }
  }

  /// Pages by link; `failOnce` answers `.offline` the first time it is asked.
  final class Pages: @unchecked Sendable {
    private let lock = NSLock()
    private let pages: [String?: ChangePage<DeviceChange>]
    private var failOnce: String?
    private(set) var asked: [String?] = []
    init(_ pages: [String?: ChangePage<DeviceChange>], failOnce: String?) {
      self.pages = pages
      self.failOnce = failOnce
    }
    var feed: ChangeFeed<DeviceChange> {
      ChangeFeed { link, _ in
        try self.lock.withLock {
          self.asked.append(link)
          if link != nil, link == self.failOnce {
            self.failOnce = nil
            throw DirectoryError.offline("the network went away")
          }
          guard let page = self.pages[link] else {
            throw DirectoryError.service(status: 410, code: "syncStateNotFound", message: "")
          }
          return page
        }
      }
    }
  }

  @Test func anInterruptedFullRoundResumesFromItsLastPage() async throws {
    let directory = TemporaryDirectory(prefix: "roster-device-resume")
    defer { directory.remove() }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a"))
    let (first, second) = (Device(id: "d1", displayName: "LAPTOP-ONE"), Device(id: "d2", displayName: "Kiosk Two"))
    let pages = Pages(
      [
        nil: ChangePage(changes: [.upsert(first)], nextLink: "p2"),
        "p2": ChangePage(changes: [.upsert(second), .removed("d1")], deltaLink: "delta-1"),
      ], failOnce: "p2")
    let round = DeviceSyncRound(feed: pages.feed)
    await #expect(throws: DirectoryError.offline("the network went away")) {
      try await round.run(index, now: { Date() }, catchUpAfterFull: false) { _ in }
    }
    // Half a round is never searched: nothing is counted or found until it finishes.
    #expect(try index.status().kinds["device"]?.count == nil && index.device(id: "d1") == nil)
    let done = try await round.run(index, now: { Date() }, catchUpAfterFull: false) { _ in }
    #expect(done == (changes: 2, requests: 1) && pages.asked == [nil, "p2", "p2"])
    #expect(try index.status().kinds["device"]?.count == 1 && index.device(id: "d2")?.displayName == "Kiosk Two")
  }
}
