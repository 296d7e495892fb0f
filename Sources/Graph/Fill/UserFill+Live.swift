import Foundation
import RosterCore
import Transport

extension DeltaFeed {
  /// A first sync built for Graph's limits (issue 30): the same people's feed, whose full round
  /// reads `/users?$top=999` instead of walking `/users/delta`, whose pages hold at most 200
  /// people whatever the client asks. Before the first page it takes a delta link for "now"
  /// (`$deltatoken=latest`: no people, one request); the last page hands that link over as its
  /// delta link, so the index stores it and `IndexSync` catches up with one delta round
  /// (`catchUpAfterFull`): whatever changed while the pages were read comes again, and an
  /// upsert or removal applied twice is the same row. Delta links (later rounds, the catch-up)
  /// are followed by the ordinary delta feed.
  ///
  /// The pages are decoded by the delta decoder, so a person hidden from the address list is a
  /// removal here as there, and written by the same staging writer (`SyncRound`): a fill is a
  /// second way to produce the same pages. `/users` costs 2 resource units, 1 with `$select`,
  /// as a delta page does: 5 times fewer requests for the same budget.
  ///
  /// What it cannot give is managers: `/users` answers no `manager` for `$select`, and
  /// `$expand=manager` caps a directory page at 100 objects (Graph known issue 13635) for one
  /// more unit. So this fill leaves managers unknown (only the catch-up's changed people carry
  /// `manager@delta`), and Roster uses it only where they are not read anyway (DECISIONS.md
  /// "Index › First sync").
  public static func liveFill(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int = 999,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeltaFeed {
    let delta = DeltaFeed.live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let executor = GraphRequestExecutor(
      configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let directory = GraphDirectory(configuration: configuration, executor: executor)
    let deltaSelect = selected.joined(separator: ",")
    let listSelect = selected.filter { $0 != "manager" }.joined(separator: ",")
    let permission = "User.ReadBasic.All"

    @Sendable func users(_ url: URL, latest: String, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
      async throws -> DeltaPage
    {
      let response = try await executor.get(url, headers: [], permission: permission, onRetry: onRetry)
      var page = try DeltaDecoding.page(from: response.body, listing: true)
      if let next = page.nextLink {
        page.nextLink = FillLink(next: next, latest: latest).text
      } else {
        page.deltaLink = latest
      }
      return page
    }

    return DeltaFeed { link, onRetry in
      if let link, let fill = FillLink(link) {
        guard let url = try? directory.followableURL(fill.next) else {
          throw DirectoryError.service(
            status: 410, code: "syncStateNotFound", message: "The fill link is for another Microsoft Graph endpoint.")
        }
        return try await users(url, latest: fill.latest, onRetry)
      }
      if let link { return try await delta.fetch(link, onRetry) }
      // A new round: the link for "now" first, so nothing changed from here on is missed.
      let now = try directory.url(
        "/users/delta?" + ODataText.queryString([("$select", deltaSelect), ("$deltatoken", "latest")]))
      let answer = try await executor.get(now, headers: [], permission: permission, onRetry: onRetry)
      guard let latest = try DeltaDecoding.page(from: answer.body).deltaLink else {
        throw DirectoryError.malformedResponse("Microsoft Graph answered $deltatoken=latest without a delta link.")
      }
      let first = try directory.url(
        "/users?" + ODataText.queryString([("$select", listSelect), ("$top", String(pageSize))]))
      return try await users(first, latest: latest, onRetry)
    }
  }
}
