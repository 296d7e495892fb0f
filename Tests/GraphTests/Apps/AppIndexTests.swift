import Foundation
import Graph
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

@testable import Index
@testable import Sandbox

/// App registrations and enterprise apps in the local index, synced from the sandbox's
/// `/applications/delta` and `/servicePrincipals/delta`: a full round fills both, a delta round
/// brings a rename and a removal, the soonest credential's end answers "which expire by …" in
/// order, and a token without Directory.Read.All keeps none (and says which permission) while
/// people still sync.
@Suite struct AppIndexTests {
  static let scope = "openid profile offline_access User.Read User.Read.All Application.Read.All Directory.Read.All"
  static let withoutDelta = "openid profile offline_access User.Read User.Read.All Application.Read.All"

  struct Synced {
    let harness: SandboxHarness
    let index: DirectoryIndex
    let configuration: GraphConfiguration

    var apps: AppSet { get throws { try #require(harness.sandbox.tenant).appRegistrations } }

    @discardableResult
    func sync(scope: String = AppIndexTests.scope) async throws -> IndexSyncOutcome {
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      func feed<Flavor: AppFlavor>(_ flavor: Flavor.Type) -> ChangeFeed<ItemChange<AppObject<Flavor>>> {
        ChangeFeed.apps(Flavor.self, configuration: configuration, tokens: tokens, transport: harness.transport)
      }
      return try await IndexSync(
        index: index, feed: DeltaFeed.live(configuration: configuration, tokens: tokens, transport: harness.transport),
        kinds: [
          RegistrationIndex.syncRound(feed: feed(RegistrationFlavor.self)),
          EnterpriseIndex.syncRound(feed: feed(EnterpriseFlavor.self)),
        ]
      ).run()
    }

    func status(_ kind: ObjectKind) throws -> IndexedKindStatus? { try index.status().kinds[kind.rawValue] }

    /// What `--offline` answers check (`IndexReadiness`, nothing counted): it must say what the
    /// counting status says.
    func ready(_ kind: ObjectKind) throws -> KindReadiness? { try index.readiness().kinds[kind.rawValue] }

    func search(_ text: String) throws -> [AppRegistration] {
      try index.search(text, in: RegistrationIndex.table, limit: 999)
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

  @Test func aFullRoundFillsBothKindsAndADeltaRoundBringsChanges() async throws {
    try await Self.withIndex { synced in
      #expect(try synced.status(.app) == IndexedKindStatus(KindIndexCount(count: nil)))
      #expect(try synced.ready(.app) == KindReadiness(kept: false))
      #expect(try !synced.index.readiness().complete)
      try await synced.sync()
      let readiness = try synced.index.readiness()
      let status = try synced.index.status()
      #expect(readiness.complete && status.complete && readiness.lastSync == status.lastSync)
      #expect(try synced.ready(.app) == KindReadiness(kept: true) && synced.ready(.enterpriseApp)?.kept == true)
      let apps = try synced.apps
      #expect(try synced.status(.app) == IndexedKindStatus(KindIndexCount(count: apps.applications.count)))
      #expect(
        try synced.status(.enterpriseApp) == IndexedKindStatus(KindIndexCount(count: apps.servicePrincipals.count)))
      let sample = apps.applications[12]
      let kept = try #require(try synced.index.item(id: sample.id, in: RegistrationIndex.table))
      #expect(kept.appId == sample.appId && kept.keyCredentials.count == sample.keyCredentials.count)

      let (renamed, removed) = (apps.applications[20], apps.applications[21])
      let tenant = try #require(synced.harness.sandbox.tenant)
      _ = try tenant.appHistory.apply([
        .renameApplication(id: renamed.id, displayName: "Zephyrine Ledger"),
        .removeApplication(id: removed.id, permanent: true),
      ])
      try await synced.harness.clearRequests()
      guard case .synced(full: false, _, _) = try await synced.sync() else {
        Issue.record("the second sync was not a delta round")
        return
      }
      let asked = try await synced.harness.requests(pathPrefix: "/v1.0/applications")
      #expect(asked.count == 1 && asked.first?.query["$deltatoken"] != nil)
      #expect(try synced.search("zephyrine").map(\.id) == [renamed.id])
      #expect(try synced.index.item(id: removed.id, in: RegistrationIndex.table) == nil)
      #expect(try synced.status(.app) == IndexedKindStatus(KindIndexCount(count: apps.applications.count - 1)))
    }
  }

  @Test func theSoonestEndingCredentialsComeFirstAndOnlyThoseDue() async throws {
    try await Self.withIndex { synced in
      try await synced.sync()
      let now = Date()
      let by = now.addingTimeInterval(30 * 86_400)
      let due = try synced.index.items(in: RegistrationIndex.table, dueBefore: by, limit: 100_000)
      let ends = due.map { $0.soonestCredentialEnd ?? .distantFuture }
      #expect(!due.isEmpty && ends == ends.sorted() && ends.allSatisfy { $0 <= by })
      #expect(due.contains { $0.soonestCredentialEnd! < now }, "some are already expired")
      let expected = try synced.apps.applications.filter { app in
        (app.passwordCredentials.map(\.endDateTime) + app.keyCredentials.map(\.endDateTime)).contains { $0 <= by }
      }
      #expect(Set(due.map(\.id)) == Set(expected.map(\.id)))
      let principals = try synced.index.items(in: EnterpriseIndex.table, dueBefore: by, limit: 100_000)
      #expect(principals.allSatisfy { ($0.soonestCredentialEnd ?? .distantFuture) <= by })
      #expect(try synced.index.items(in: RegistrationIndex.table, dueBefore: by, limit: 3).count == min(3, due.count))
    }
  }

  @Test func withoutDirectoryReadAllNoneAreKeptAndPeopleStillSync() async throws {
    try await Self.withIndex { synced in
      guard case .synced = try await synced.sync(scope: Self.withoutDelta) else {
        Issue.record("people did not sync")
        return
      }
      let refused = try #require(try synced.status(.app))
      #expect(refused.count == nil && refused.missingPermission?.contains("Directory.Read.All") == true)
      #expect(try synced.ready(.app) == KindReadiness(kept: false, missingPermission: refused.missingPermission))
      #expect(try synced.index.status().people > 0)
      try await synced.sync()
      #expect(try synced.status(.app)?.count == (try synced.apps.applications.count))
    }
  }

  @Test func thePaneReadsAnAppOfflineWithoutOwners() async throws {
    try await Self.withIndex { synced in
      try await synced.sync()
      let app = try synced.apps.applications[3]
      let reader = RegistrationIndex.reader { [index = synced.index] in index }
      let read = try #require(
        try reader.detail(app.id).value(as: Result<AppDetail<RegistrationFlavor>, DirectoryError>.self)?.get())
      #expect(read.app.id == app.id && read.owners == nil && read.permissions == nil && read.fromIndex)
      #expect(read.counterpart == .unknown)

      // Found by its client id too, credentials or none, in both collections; anything else finds nothing.
      let bare = try #require(
        try synced.apps.applications.first { $0.passwordCredentials.isEmpty && $0.keyCredentials.isEmpty })
      #expect(try synced.index.apps(RegistrationFlavor.self, appId: bare.appId.uppercased()).map(\.id) == [bare.id])
      let principal = try #require(try synced.apps.servicePrincipal(appId: bare.appId))
      #expect(try synced.index.apps(EnterpriseFlavor.self, appId: bare.appId).map(\.id) == [principal.id])
      #expect(try synced.index.apps(RegistrationFlavor.self, appId: "%").isEmpty)
    }
  }
}
