import Foundation
import RosterCore
import Transport

/// Inactive guests and their sponsors (`roster guests --inactive`): a struct of closures like the
/// other clients, so commands and tests can replace it.
public struct GuestClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void
  /// One page's inactive guests with their sponsors, never empty, in Graph's order.
  public typealias OnPage = @Sendable ([InactiveGuest]) -> Void

  /// Guests whose interactive and non-interactive sign-ins are both older than `cutoff` (or who
  /// never signed in), with their sponsors, handed to `onPage` page by page in directory order
  /// as Graph returns them, so the first screen need not wait for the whole tenant.
  public var inactive:
    @Sendable (_ cutoff: Date, _ onPage: @escaping OnPage, _ onRetry: @escaping OnRetry)
      async throws(DirectoryError) -> InactiveGuestListing

  public init(
    inactive:
      @escaping @Sendable (Date, @escaping OnPage, @escaping OnRetry)
      async throws(DirectoryError) -> InactiveGuestListing
  ) {
    self.inactive = inactive
  }

  /// Graph pages users with `signInActivity` at 120 at most (user-list; peers.md "signInActivity page").
  public static let pageSize = 120
  /// 120 × 2,000 = 240,000 guests; a link past that is a loop.
  public static let maxPages = 2_000
  /// Sponsor `$batch`es (20 guests each) in flight at once: within Graph's identity budget.
  public static let sponsorConcurrency = 8

  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> GuestClient {
    let guests = GraphGuests(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return GuestClient { cutoff, onPage, onRetry throws(DirectoryError) in
      try await guests.inactive(cutoff: cutoff, onPage: onPage, onRetry: onRetry)
    }
  }
}
