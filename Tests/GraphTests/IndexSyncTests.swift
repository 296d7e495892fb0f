import Foundation
import GRDB
import Graph
import Index
import RosterCore
import Sandbox
import TestSupport
import Testing
import Transport

/// The local index synced from the sandbox: a full sync, delta rounds with changes and removals,
/// resuming an interrupted round, a delta token the service forgot, throttling, the lock, a
/// missing permission and a damaged file.
@Suite struct IndexSyncTests {
  @Test func fullSyncThenDeltaRoundsFollowTheDirectory() async throws {
    try await SandboxGraph.run(size: 1500) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      #expect(try index.status().complete == false)
      let first = try await fixture.sync(index)
      #expect(first == .synced(full: true, changes: 1500, requests: 8))  // 200 a page, as Graph (issue 30)
      let status = try index.status()
      // Everyone but the few generated people hidden from the address list (issue 19 item 3).
      let listed = try #require(try await harness.harness.call("GET", "info").json["listed"] as? Int)
      #expect((1450..<1500).contains(listed))
      #expect(status.complete && status.people == listed && status.estimate == 1500 && status.managersKnown)
      #expect(status.lastSync != nil)
      // Directory 0700, files 0600: the index is as private as the token.
      let mode = { (path: String) in
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
      }
      #expect(try mode(fixture.directory.path) == 0o700)
      #expect(try mode(fixture.location.file.path) == 0o600)

      let everyone = try await harness.searchAll("a", pageSize: 999)
      let leaver = try #require(everyone.first { $0.userPrincipalName?.string != harness.sandbox.defaultUsername })
      #expect(try index.search(leaver.displayName?.string ?? "", limit: 50).contains { $0.id == leaver.id })
      try await harness.harness.call("DELETE", "users/\(leaver.id)")
      try await harness.harness.call("PATCH", "users/\(everyone[5].id)", ["displayName": "Quentin Zzyzx"])
      try await harness.harness.call("POST", "churn", ["count": 15])  // 1% of 1500

      let second = try await fixture.sync(index)
      guard case .synced(false, let changes, let requests) = second else {
        Issue.record("expected a delta round, got \(second)")
        return
      }
      #expect(requests == 1 && changes >= 15)
      #expect(try index.detail(id: leaver.id) == nil)
      #expect(try index.search(leaver.displayName?.string ?? "", limit: 50).contains { $0.id == leaver.id } == false)
      #expect(try index.search("zzyzx", limit: 5).map(\.id) == [everyone[5].id])
      let info = try await harness.harness.call("GET", "info")
      #expect(try index.status().people == info.json["listed"] as? Int)
    }
  }

  /// A full sync's rows arrive in Graph's order, not the table's: the file is packed after it
  /// (issue 22: bytes a person), so its pages are nearly full and none is free.
  @Test func aFullSyncLeavesThePeopleTablesPacked() async throws {
    try await SandboxGraph.run(size: 1500) { harness in
      let fixture = try IndexFixture(harness, pageSize: 100)
      defer { fixture.remove() }
      _ = try await fixture.sync(try fixture.open())
      let file = try DatabaseQueue(path: fixture.location.file.path)
      let (free, unused, size) = try await file.read { db in
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? -1
        let row = try Row.fetchOne(
          db,
          sql:
            "SELECT sum(unused), sum(pgsize) FROM dbstat WHERE name = 'person' OR name LIKE 'sqlite_autoindex_person%'")
        return (free, row?[0] as Int? ?? -1, row?[1] as Int? ?? 0)
      }
      #expect(free == 0)
      #expect(size > 0 && unused * 10 < size, "\(unused) of \(size) bytes unused")
    }
  }

  @Test func anInterruptedFullSyncResumesWhereItStopped() async throws {
    try await SandboxGraph.run(size: 1000) { harness in
      let fixture = try IndexFixture(harness, pageSize: 100)
      defer { fixture.remove() }
      let index = try fixture.open()
      // A feed that dies after four pages, as a killed process would.
      let dying = fixture.feed.dying(after: 4, "cable pulled")
      await #expect(throws: IndexSyncError.self) { _ = try await fixture.sync(index, feed: dying) }
      let halfway = try index.status()
      #expect(!halfway.complete && halfway.indexing == 400 && halfway.people == 0)
      #expect(try index.search("a", limit: 5).isEmpty)  // nothing half-done is searchable

      try await harness.harness.call("DELETE", "requests")
      let resumed = try await fixture.sync(try fixture.open())
      #expect(resumed == .synced(full: true, changes: 1000, requests: 6))
      let listed = try await harness.harness.call("GET", "info").json["listed"] as? Int
      #expect(try index.status().people == listed)
    }
  }

  @Test func aForgottenDeltaTokenMeansAFullSyncWhileTheOldCopyStaysSearchable() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var location: IndexLocation?
    try await SandboxGraph.run(size: 200) { harness in
      let fixture = try IndexFixture(harness)
      location = IndexLocation(directory: directory, tenantId: harness.sandbox.tenantId, accountId: "tester")
      let index = try DirectoryIndex.open(location!)
      _ = try await IndexSync(index: index, feed: fixture.feed).run()
    }
    // A new sandbox run (another port, another instance) knows nothing of the old link: a full sync.
    try await SandboxGraph.run(size: 200) { harness in
      let fixture = try IndexFixture(harness)
      let index = try DirectoryIndex.open(try #require(location))
      #expect(try index.status().complete)
      let outcome = try await IndexSync(index: index, feed: fixture.feed).run()
      #expect(outcome == .synced(full: true, changes: 200, requests: 1))
      let listed = try await harness.harness.call("GET", "info").json["listed"] as? Int
      #expect(try index.status().people == listed)
    }
  }

  @Test func throttlingIsWaitedOutAndTheLockKeepsOneSyncPerAccount() async throws {
    try await SandboxGraph.run(size: 100) { harness in
      let sleep = RecordingSleep()
      let fixture = try IndexFixture(harness, sleep: sleep)
      defer { fixture.remove() }
      try await harness.harness.addFault([
        "match": "/v1.0/users/delta*", "kind": "status", "status": 429, "retry_after": 7, "count": 1,
      ])
      #expect(try await fixture.sync() == .synced(full: true, changes: 100, requests: 1))
      #expect(sleep.recorded == [.seconds(7)])

      // Another process holding the lock (flock is per open file, so a second descriptor in this
      // process stands in for it): the sync does nothing and says so.
      let holder = open(fixture.location.lockFile.path, O_RDWR)
      defer { close(holder) }
      #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
      #expect(try await fixture.sync() == .busy)
      flock(holder, LOCK_UN)
      #expect(try await fixture.sync() == .synced(full: false, changes: 0, requests: 1))
    }
  }

  @Test func aTokenWithoutDirectoryPermissionIsToldOnceAndRecorded() async throws {
    try await SandboxGraph.run(size: 20, scope: "openid profile offline_access User.Read") { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      await #expect(throws: IndexSyncError.self) { _ = try await fixture.sync(index) }
      let status = try index.status()
      #expect(!status.complete && status.permissionProblem?.contains("User.ReadBasic.All") == true)
    }
  }

  @Test func aDamagedFileIsMovedAsideAndRebuilt() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = IndexLocation(directory: directory, tenantId: "t", accountId: "a")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 8192).write(to: location.file)
    var messages: [String] = []
    let index = try DirectoryIndex.open(location) { messages.append($0) }
    #expect(messages.count == 1 && messages[0].contains("damaged"))
    #expect(try index.status().complete == false)
    let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
    #expect(aside.count == 1)
  }

  /// The detail the pane shows offline: the reporting line walked up the index's manager ids, and
  /// the reports; a change that leaves `manager@delta` out keeps the manager the index knows, one
  /// that sends it (even empty) replaces it.
  @Test func theIndexAnswersTheDetailWithReportingLineAndReports() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DirectoryIndex.open(IndexLocation(directory: directory, tenantId: "t", accountId: "a"))
    let ceo = Person(id: "ceo", displayName: "Ada Boss")
    let head = Person(id: "head", displayName: "Bert Head")
    let engineer = Person(id: "eng", displayName: "Cleo Engineer", jobTitle: "Engineer")
    let peer = Person(id: "peer", displayName: "Abel Peer")
    let rounds: [String?: DeltaPage] = [
      nil: DeltaPage(
        changes: [
          .upsert(ceo, managerId: nil, managerKnown: false), .upsert(head, managerId: "ceo", managerKnown: true),
          .upsert(engineer, managerId: "head", managerKnown: true),
          .upsert(peer, managerId: "head", managerKnown: true),
        ], deltaLink: "d1"),
      "d1": DeltaPage(
        changes: [
          .upsert(
            Person(id: "eng", displayName: "Cleo Engineer", jobTitle: "Lead"), managerId: nil, managerKnown: false)
        ],
        deltaLink: "d2"),
      "d2": DeltaPage(changes: [.upsert(head, managerId: nil, managerKnown: true)], deltaLink: "d3"),
    ]
    let feed = DeltaFeed { link, _ in
      guard let page = rounds[link] else { throw DirectoryError.cancelled }
      return page
    }
    let sync = IndexSync(index: index, feed: feed)

    _ = try await sync.run()
    let first = try #require(try index.detail(id: "eng"))
    #expect(first.fromIndex && !first.relationsHidden)
    #expect(first.managerChain.map(\.id) == ["head", "ceo"])
    #expect(try index.detail(id: "head")?.directReports.map(\.id) == ["peer", "eng"])  // by name
    #expect(try index.detail(id: "nobody") == nil)

    _ = try await sync.run()  // the title changed; manager@delta not sent
    let second = try #require(try index.detail(id: "eng"))
    #expect(second.person.jobTitle == "Lead" && second.managerChain.map(\.id) == ["head", "ceo"])

    _ = try await sync.run()  // the head's manager removed
    #expect(try index.detail(id: "eng")?.managerChain.map(\.id) == ["head"])
  }

  /// The TUI's client hands the repair message to the status line (the CLI prints it).
  @Test func theLiveClientReportsARepairWhenItAttaches() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let account = Account(
      homeAccountId: "a.t", username: "ann@contoso.test", tenantId: "t",
      authority: "https://login.microsoftonline.com/t")
    let environment = ["XDG_CACHE_HOME": cache.path]
    let location = IndexLocation(account: account, environment: environment)
    try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 8192).write(to: location.file)
    let feed = DeltaFeed { _, _ in throw DirectoryError.cancelled }
    let client = LocalIndexClient.live(environment: environment, feed: feed, estimate: { nil })
    let summary = try #require(client.attach(account))
    #expect(summary.repaired?.contains("damaged") == true && !summary.complete)
    #expect(client.attach(account)?.repaired == nil)  // said once: the new file is sound
  }
}

/// A thread-safe counter for fakes.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  var current: Int { lock.withLock { value } }
  func increment() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}
