import Foundation
import RosterCore
import Transport

extension GroupClient {
  /// The Microsoft Graph group client, over the same configuration, tokens and transport as
  /// `DirectoryClient.live` (and the same retries). Every call throws `DirectoryError` only.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> GroupClient {
    let executor = GraphRequestExecutor(
      configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let groups = GraphGroups(configuration: configuration, executor: executor)
    return GroupClient(
      searchGroups: { query, onRetry in try await groups.searchGroups(query, onRetry: onRetry) },
      nextGroups: { cursor, onRetry in try await groups.nextGroups(cursor, onRetry: onRetry) },
      groupDetail: { key, onRetry in try await groups.groupDetail(key, onRetry: onRetry) },
      members: { query, onRetry in try await groups.members(query, onRetry: onRetry) },
      nextMembers: { cursor, onRetry in try await groups.nextMembers(cursor, onRetry: onRetry) },
      memberOf: { query, onRetry in try await groups.memberOf(query, onRetry: onRetry) },
      membershipPath: { member, group, onRetry in
        try await groups.membershipPath(memberID: member, groupID: group, onRetry: onRetry)
      })
  }
}
