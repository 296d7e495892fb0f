import Foundation
import RosterCore
import Transport

extension DeltaFeed {
  /// The people's fill (issue 30, `ChangeFeed.liveFill`): `/users?$top=999` instead of walking
  /// `/users/delta` (at most 200 people a page), caught up from `$deltatoken=latest`.
  ///
  /// The pages are decoded by the delta decoder, so a person hidden from the address list is a
  /// removal here as there, and written by the same staging writer (`SyncRound`): a fill is a
  /// second way to produce the same pages. `/users` costs 2 resource units, 1 with `$select`,
  /// as a delta page does: 5 times fewer requests for the same budget. Managers, which `/users`
  /// does not answer, are looked up page by page (`FillManagers`: filtered `/users/delta` requests
  /// in `$batch`es), so each page carries the `manager@delta` readings a walk's page would.
  ///
  /// `pacer`: the budget this fill shares (with the groups' fill, which runs beside it); a pacer
  /// of its own at `resourceUnits` when nil (nil: the smallest tenant's, raised by the people listed).
  public static func liveFill(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int = 999,
    idsPerLookup: Int = 50,
    resourceUnits: Double? = nil,
    pacer: GraphPacer? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeltaFeed {
    let delta = DeltaFeed.live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let pacer = pacer ?? GraphPacer(budget: resourceUnits, now: now, sleep: sleep)
    let managers = FillManagers(
      executor: directory.executor, directory: directory, pacer: pacer, idsPerRequest: idsPerLookup)
    let deltaSelect = selected.joined(separator: ",")
    let listSelect = selected.filter { $0 != "manager" }.joined(separator: ",")
    let fill = Fill(
      latest: "/users/delta?" + ODataText.queryString([("$select", deltaSelect), ("$deltatoken", "latest")]),
      first: "/users?" + ODataText.queryString([("$select", listSelect), ("$top", String(pageSize))]),
      permission: "User.ReadBasic.All", deltaLink: { try DeltaDecoding.page(from: $0).deltaLink },
      decodeListing: { try DeltaDecoding.page(from: $0, listing: true) },
      complete: { page, onRetry in
        await pacer.peopleListed(page.changes.count)
        return try await managers.annotate(page, onRetry: onRetry)
      })
    return liveFill(fill, delta: delta, directory: directory, pacer: pacer)
  }
}
