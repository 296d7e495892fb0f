import Foundation
import RosterCore
import Transport

extension HealthClient {
  /// Graph's page size for sign-ins: 1,000 is both the default and the most (signin-list).
  public static let signInPageSize = 1_000
  /// Pages of sign-ins read before stopping: 20,000 events is far past what one person makes in
  /// Graph's 30 days, and still a bounded read.
  public static let maxSignInPages = 20
  /// Pages of sign-ins read back to back before pacing: the reports API allows 5 requests per
  /// 10 seconds per app per tenant (learn.microsoft.com/graph/throttling-limits, "Identity and
  /// access reports service limits").
  public static let signInBurstPages = 4
  /// The wait before each page after the burst: 4 requests per 10 seconds, under the 5.
  public static let signInPageSpacing: Duration = .milliseconds(2_500)
  /// Pages of devices or licences: a person with more than 10 pages of devices is not one.
  public static let maxListPages = 10

  /// The Microsoft Graph account-health client, over the same configuration, tokens, transport
  /// and retries as `DirectoryClient.live`. Every call throws `DirectoryError` only.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> HealthClient {
    let health = GraphHealth(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return HealthClient(
      accountState: { id, onRetry in try await health.accountState(id, onRetry: onRetry) },
      lastSignIn: { id, onRetry in try await health.lastSignIn(id, onRetry: onRetry) },
      mfa: { id, onRetry in try await health.mfa(id, onRetry: onRetry) },
      licences: { id, onRetry in try await health.licences(id, onRetry: onRetry) },
      devices: { id, onRetry in try await health.devices(id, onRetry: onRetry) },
      signIns: { query, onRetry in try await health.signIns(query, onRetry: onRetry) })
  }
}
