import Foundation
import RosterCore
import Transport

/// The tenant's MFA registration report (`roster mfa --missing`): a struct of closures like the
/// other clients, so commands and tests can replace it.
public struct RegistrationReportClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void
  /// One page of rows, handed over as it arrives so the first screen prints before the last page is read.
  public typealias OnPage = @Sendable ([RegistrationEntry]) -> Void

  /// Everyone without MFA registered, administrators first, page by page; returns how many.
  public var missingMFA:
    @Sendable (_ audience: RegistrationAudience, _ onPage: @escaping OnPage, _ onRetry: @escaping OnRetry)
      async throws(DirectoryError) -> Int

  public init(
    missingMFA:
      @escaping @Sendable (RegistrationAudience, @escaping OnPage, @escaping OnRetry)
      async throws(DirectoryError) -> Int
  ) {
    self.missingMFA = missingMFA
  }

  /// Pages read per query: 200,000 people at Graph's 100 a page is 2,000 pages; a link past this
  /// many is a loop, not a tenant.
  public static let maxPages = 20_000

  /// The live client over the configuration, tokens, transport and retries of `DirectoryClient.live`.
  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> RegistrationReportClient {
    let report = GraphRegistrationReport(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return RegistrationReportClient { audience, onPage, onRetry throws(DirectoryError) in
      try await report.missingMFA(audience, onPage: onPage, onRetry: onRetry)
    }
  }
}
