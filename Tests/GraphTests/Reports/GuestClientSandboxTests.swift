import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// `GuestClient.live` against the sandbox (issue 43 item 4): guests idle past the span (both
/// clocks, or never), page by page in directory order, with sponsors; a sponsor refusal leaves the guests
/// listed; the guest list's own refusals (role, licence) in sentences.
@Suite struct GuestClientSandboxTests {
  static let all = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All"

  static func withClient<Result>(
    scope: String = all, configure: @escaping @Sendable (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (GuestClient) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: {
      $0.size = 600
      configure(&$0)
    }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      return try await body(.live(configuration: configuration, tokens: tokens, transport: harness.transport))
    }
  }

  /// Every page `inactive` hands on, in the order it came.
  final class Pages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [[InactiveGuest]] = []
    func add(_ page: [InactiveGuest]) { lock.withLock { pages.append(page) } }
    var all: [[InactiveGuest]] { lock.withLock { pages } }
  }

  static func read(_ client: GuestClient, cutoff: Date) async throws -> ([[InactiveGuest]], InactiveGuestListing) {
    let pages = Pages()
    let listing = try await client.inactive(cutoff, { pages.add($0) }) { _ in }
    return (pages.all, listing)
  }

  @Test func idleGuestsPageByPageWithSponsors() async throws {
    try await Self.withClient { client in
      let now = Date()
      let cutoff = now.addingTimeInterval(-90 * 86_400)
      let (pages, listing) = try await Self.read(client, cutoff: cutoff)
      let guests = pages.flatMap { $0 }
      #expect(!guests.isEmpty && listing.sponsorNote == nil && !listing.sponsorsRefused)
      #expect(listing.count == guests.count && pages.allSatisfy { !$0.isEmpty })
      #expect(pages.allSatisfy { $0.count <= GuestClient.pageSize })
      #expect(Set(guests.map(\.id)).count == guests.count, "each guest once")
      #expect(guests.allSatisfy { $0.isInactive(since: cutoff) })
      #expect(guests.contains { $0.lastSeen == nil } && guests.contains { $0.lastSeen != nil })
      #expect(guests.allSatisfy { $0.sponsors != nil })
      #expect(guests.contains { $0.sponsors?.contains { $0.isGroup } == true })
      #expect(guests.contains { $0.sponsors?.isEmpty == true })
      // A shorter span lists at least as many.
      let (_, month) = try await Self.read(client, cutoff: now.addingTimeInterval(-31 * 86_400))
      #expect(month.count >= guests.count)
    }
  }

  /// Sponsors are read twenty guests to a `$batch`: Graph refusing it leaves the guests listed,
  /// sponsors unknown, and says so.
  @Test func aSponsorRefusalLeavesTheGuestsListed() async throws {
    try await SandboxHarness.with(configure: { $0.size = 600 }) { harness in
      try await harness.addFault(["match": "/v1.0/$batch", "kind": "status", "status": 403])
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: Self.all, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
      let client = GuestClient.live(configuration: configuration, tokens: tokens, transport: harness.transport)
      let (pages, listing) = try await Self.read(client, cutoff: Date().addingTimeInterval(-90 * 86_400))
      let guests = pages.flatMap { $0 }
      #expect(!guests.isEmpty && guests.allSatisfy { $0.sponsors == nil })
      #expect(listing.sponsorsRefused && listing.sponsorNote?.contains("User.Read.All") == true)
    }
  }

  @Test func withoutP1OrARoleTheRefusalIsASentence() async throws {
    try await Self.withClient(configure: { $0.premium = false }) { client in
      await #expect {
        _ = try await client.inactive(Date(), { _ in }) { _ in }
      } throws: { error in
        guard case DirectoryError.permissionDenied(let text) = error else { return false }
        return text.contains("Entra ID P1")
      }
    }
    try await Self.withClient(configure: { $0.reportsReaders = [] }) { client in
      await #expect {
        _ = try await client.inactive(Date(), { _ in }) { _ in }
      } throws: { error in
        guard case DirectoryError.permissionDenied(let text) = error else { return false }
        return text.contains("Reports Reader")
      }
    }
  }
}
