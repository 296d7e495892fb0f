import Foundation
import RosterCore
import Transport

extension GroupDeltaFeed {
  /// `GET /groups/delta?$select=…,members` over Microsoft Graph (`ChangeFeed.live`). Graph
  /// answers `members@delta` as ids and types (with `@removed` for members gone) and spreads a
  /// large group's members over several entries and pages; each page is decoded alone, so a
  /// 20,000-member group never sits in memory whole. Needs `GroupMember.Read.All`: a 403 is the
  /// `.readGroups` need's error.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> GroupDeltaFeed {
    let select = GroupDecoding.fields.filter { $0 != "id" } + ["members"]
    return live(
      configuration: configuration, tokens: tokens, transport: transport, pageSize: pageSize, sleep: sleep,
      start: "/groups/delta" + GraphGroups.query([("$select", select.joined(separator: ","))]),
      permission: GraphGroups.permission, decode: { try GroupDeltaDecoding.page(from: $0) },
      denied: { _ in GroupPermissionNeed.readGroups.error })
  }
}
