import Foundation
import RosterCore
import Transport

/// Deleted people and groups (`roster deleted`): a struct of closures like the other clients, so
/// commands and tests can replace it.
public struct DeletedClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void
  /// The kinds to list and the start of the name to narrow by (nil: everything).
  public var list:
    @Sendable (_ kinds: [DeletedItem.Kind], _ name: String?, _ onRetry: @escaping OnRetry) async
      -> DeletedListing

  public init(list: @escaping @Sendable ([DeletedItem.Kind], String?, @escaping OnRetry) async -> DeletedListing) {
    self.list = list
  }

  /// Graph's page size for deleted items (directory-deleteditems-list): 999 is the most.
  public static let pageSize = 999
  /// Pages read per kind: 30 days of deletions past 10,000 is a migration, not a question.
  public static let maxPages = 10

  /// The live client over the configuration, tokens, transport and retries of `DirectoryClient.live`.
  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeletedClient {
    let deleted = GraphDeleted(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return DeletedClient { kinds, name, onRetry in await deleted.list(kinds, name: name, onRetry: onRetry) }
  }
}
