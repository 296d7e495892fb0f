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
  /// Managers, which `/users` does not answer, are looked up page by page (`FillManagers`:
  /// filtered `/users/delta` requests in `$batch`es) while the next `/users` page is already on
  /// its way, so each page reaches the writer as a delta walk's page would, `manager@delta`
  /// readings included, and the chain stays the `/users` pages'. Every request waits its turn
  /// in a `GraphPacer` (`resourceUnits` a 10 s window until the answers say less), so a first
  /// sync is paced under Graph's budget instead of refused.
  ///
  /// A fill that cannot start (`$deltatoken=latest`, `/users` or the first managers' look-up
  /// answered 400, 404, 405 or 501: paging unavailable here) falls back to the delta walk's first page; the round then goes on
  /// as a walk, as its links are ordinary delta links.
  public static func liveFill(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int = 999,
    idsPerLookup: Int = 50,
    resourceUnits: Double = 3_500,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeltaFeed {
    let delta = DeltaFeed.live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let executor = directory.executor
    let pacer = GraphPacer(budget: resourceUnits, now: now, sleep: sleep)
    let managers = FillManagers(
      executor: executor, directory: directory, pacer: pacer, idsPerRequest: min(max(1, idsPerLookup), 50))
    let ahead = UsersAhead()
    let deltaSelect = selected.joined(separator: ",")
    let listSelect = selected.filter { $0 != "manager" }.joined(separator: ",")
    let permission = "User.ReadBasic.All"

    /// One request through the pacer: 1 unit (`$select` takes `GET users` from 2 to 1).
    @Sendable func get(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> HTTPResponse {
      try await pacer.admit(1)
      let response = try await executor.get(url, headers: [], permission: permission, onRetry: onRetry)
      await pacer.learn(from: response, guessed: 1)
      return response
    }

    /// A `/users` page and its managers' look-up, both under way.
    @Sendable func send(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) -> UsersAhead.Entry {
      let raw = Task { try DeltaDecoding.page(from: try await get(url, onRetry).body, listing: true) }
      return UsersAhead.Entry(
        raw: raw, annotated: Task { try await managers.annotate(try await raw.value, onRetry: onRetry) })
    }

    /// A `/users` page with its managers. The next page (and its look-up) is sent for as soon as
    /// this one's link is known, so a page's look-up overlaps the next page's request and look-up.
    @Sendable func listed(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> DeltaPage {
      let entry: UsersAhead.Entry
      if let waiting = await ahead.take(url.absoluteString) { entry = waiting } else { entry = send(url, onRetry) }
      return try await withTaskCancellationHandler {
        let raw = try await entry.raw.value
        if let next = raw.nextLink, let nextURL = try? directory.followableURL(next) {
          await ahead.start(nextURL.absoluteString, send(nextURL, onRetry))
        }
        return try await entry.annotated.value
      } onCancel: {
        entry.cancel()
      }
    }

    @Sendable func users(_ url: URL, latest: String, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
      async throws -> DeltaPage
    {
      var page = try await listed(url, onRetry)
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
      do {
        // A new round: the link for "now" first, so nothing changed from here on is missed.
        let fromNow = try directory.url(
          "/users/delta?" + ODataText.queryString([("$select", deltaSelect), ("$deltatoken", "latest")]))
        guard let latest = try DeltaDecoding.page(from: try await get(fromNow, onRetry).body).deltaLink else {
          throw DirectoryError.malformedResponse("Microsoft Graph answered $deltatoken=latest without a delta link.")
        }
        let first = try directory.url(
          "/users?" + ODataText.queryString([("$select", listSelect), ("$top", String(pageSize))]))
        return try await users(first, latest: latest, onRetry)
      } catch let error as DirectoryError where Self.meansNoFill(error) {
        return try await delta.fetch(nil, onRetry)
      }
    }
  }
}

extension DeltaFeed {
  /// A refusal of the fill's first requests that says this Graph does not page `/users` (or
  /// filter delta by id) for us: 400, 404, 405 or 501. The delta walk is tried instead.
  static func meansNoFill(_ error: DirectoryError) -> Bool {
    switch error {
    case .notFound: true
    case .service(let status, _, _): [400, 405, 501].contains(status)
    default: false
    }
  }
}

/// The next `/users` page and its managers' look-up, sent for while the one before is looked up
/// or written: one at a time, taken by the link it answers.
actor UsersAhead {
  struct Entry: Sendable {
    var raw: Task<DeltaPage, any Error>
    var annotated: Task<DeltaPage, any Error>

    func cancel() {
      raw.cancel()
      annotated.cancel()
    }
  }

  private var pending: (link: String, entry: Entry)?

  func take(_ link: String) -> Entry? {
    guard let pending, pending.link == link else { return nil }
    self.pending = nil
    return pending.entry
  }

  func start(_ link: String, _ entry: Entry) {
    pending?.entry.cancel()
    pending = (link, entry)
  }
}
