import Foundation
import RosterCore
import Transport

extension GroupDeltaFeed {
  /// The groups' fill (issue 30, `ChangeFeed.liveFill`): `/groups?$top=999&$select=…` instead of
  /// walking `/groups/delta` with members (at most 200 groups and 500 member links a page: ~3,750
  /// pages for 20,000 groups), caught up from `/groups/delta?$deltatoken=latest`. Each page's
  /// members are read by filtered group delta in `$batch`es (`FillMembers`), so a page reaches the
  /// writer as one upsert a group with its whole member list, as a walk's pages say it.
  ///
  /// `pacer`: the budget this fill shares with the people's, which runs beside it (`IndexSync`);
  /// a pacer of its own when nil.
  public static func liveFill(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int = 999,
    idsPerLookup: Int = 20,
    pacer: GraphPacer? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> GroupDeltaFeed {
    let delta = GroupDeltaFeed.live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let pacer = pacer ?? GraphPacer(sleep: sleep)
    let members = FillMembers(
      executor: directory.executor, directory: directory, pacer: pacer, idsPerRequest: idsPerLookup)
    let select = GroupDecoding.fields.filter { $0 != "id" }
    let fill = Fill(
      latest: "/groups/delta?"
        + ODataText.queryString([("$select", (select + ["members"]).joined(separator: ",")), ("$deltatoken", "latest")]),
      first: "/groups?"
        + ODataText.queryString([("$select", GroupDecoding.fields.joined(separator: ",")), ("$top", String(pageSize))]),
      permission: GraphGroups.permission, deltaLink: { try GroupDeltaDecoding.page(from: $0).deltaLink },
      decodeListing: { try GroupDeltaDecoding.page(from: $0, listing: true) },
      complete: { try await members.annotate($0, onRetry: $1) },
      denied: { _ in GroupPermissionNeed.readGroups.error })
    return liveFill(fill, delta: delta, directory: directory, pacer: pacer)
  }
}
