import Foundation
import Index
import RosterCore
import Testing

/// Issue 28 item 2, through the TUI's live index client on a real file: truncated or deleted
/// under the open index, the next search or sync says so (`damage`) instead of answering
/// "No one matches" or "synced just now", and opening it again sets the bad file aside and
/// starts from an empty, sound one.
@Suite struct IndexDamageTests {
  static let account = Account(
    homeAccountId: "a.t", username: "ann@contoso.test", tenantId: "t", authority: "https://login.microsoftonline.com/t")

  /// A client over a new cache directory, synced from one page of `count` people.
  static func synced(count: Int = 300) async throws -> (LocalIndexClient, IndexLocation, URL) {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("roster-damage-\(UUID().uuidString)")
    let environment = ["XDG_CACHE_HOME": cache.path]
    let people = (0..<count).map { number in
      DeltaChange.upsert(
        Person(id: "p\(number)", displayName: "Person \(number) Lee", mail: "p\(number)@contoso.test"),
        managerId: nil, managerKnown: true)
    }
    let feed = DeltaFeed { link, _ in
      link == nil ? DeltaPage(changes: people, deltaLink: "d1") : DeltaPage(changes: [], deltaLink: "d1")
    }
    let client = LocalIndexClient.live(environment: environment, feed: feed, estimate: { count })
    _ = try #require(client.attach(account))
    guard case .synced(let summary) = await client.sync({ _, _ in }), summary.complete else {
      throw CancellationError()
    }
    return (client, IndexLocation(account: account, environment: environment), cache)
  }

  @Test func aTruncatedFileIsDamageAtTheNextSearchAndIsSetAsideWhenOpenedAgain() async throws {
    let (client, location, cache) = try await Self.synced()
    defer { try? FileManager.default.removeItem(at: cache) }
    #expect(client.search("lee", 50).count == 50)
    #expect(client.damage() == nil)

    // Truncated under the running UI, as `: > index.sqlite` does.
    try FileHandle(forWritingTo: location.file).truncate(atOffset: 0)
    _ = client.search("person 12", 50)
    #expect(client.damage() == DirectoryIndex.damagedMessage)
    // Not synced into: the sync says the damage instead of "synced just now".
    #expect(await client.sync({ _, _ in }) == .damaged(DirectoryIndex.damagedMessage))

    // Opened again: a new, empty file (nothing of the emptied one is worth keeping), then rebuilt.
    let reopened = try #require(client.attach(Self.account))
    #expect(!reopened.complete && reopened.people == 0)
    #expect(client.damage() == nil)
    guard case .synced(let summary) = await client.sync({ _, _ in }) else {
      Issue.record("the rebuild did not sync")
      return
    }
    #expect(summary.complete && summary.people == 300)
    #expect(client.search("person 12", 50).map(\.id).contains("p12"))
  }

  @Test func aPartlyTruncatedFileFailsAReadAndIsKeptAside() async throws {
    let (client, location, cache) = try await Self.synced(count: 3000)
    defer { try? FileManager.default.removeItem(at: cache) }
    // Checkpointed into the main file by the sync's compaction; cut to its first pages.
    try FileHandle(forWritingTo: location.file).truncate(atOffset: 8192)
    // Pages past the cut read as zeros: the first query that reaches one fails as damage.
    for word in ["lee", "person", "p2999", "person 2500"] { _ = client.search(word, 600) }
    _ = client.detail("p2999")
    #expect(client.damage() == DirectoryIndex.damagedMessage)
    let reopened = try #require(client.attach(Self.account))
    #expect(reopened.repaired?.hasPrefix("Local index damaged: rebuilding it") == true)
    let kept = try FileManager.default.contentsOfDirectory(atPath: location.directory.path)
    #expect(kept.contains { $0.contains(".corrupt-") }, "\(kept)")
  }

  @Test func aDeletedFileIsNoticedAndANewOneMade() async throws {
    let (client, location, cache) = try await Self.synced()
    defer { try? FileManager.default.removeItem(at: cache) }
    try FileManager.default.removeItem(at: location.file)
    // The unlinked file still answers, and that is the point: it must not be trusted.
    #expect(client.damage() == DirectoryIndex.deletedMessage)
    #expect(await client.sync({ _, _ in }) == .damaged(DirectoryIndex.deletedMessage))
    let reopened = try #require(client.attach(Self.account))
    #expect(!reopened.complete && FileManager.default.fileExists(atPath: location.file.path))
    #expect(client.damage() == nil)
  }
}
