import Foundation
import RosterCore
import Transport

extension ChangeFeed {
  /// What one kind's fill reads (issue 30; people's `DeltaFeed.liveFill`, groups'
  /// `GroupDeltaFeed.liveFill`): where "now" is taken, where the collection's pages start, how a
  /// page is decoded, and what is added to each page before it is written (people's managers,
  /// groups' members).
  struct Fill: Sendable {
    /// `/users/delta?$select=…&$deltatoken=latest`: no objects, the catch-up link.
    var latest: String
    /// `/users?$select=…&$top=999`: the collection's first page.
    var first: String
    var permission: String
    /// The delta link out of the `latest` answer.
    var deltaLink: @Sendable (Data) throws -> String?
    /// A collection page as the delta walk's page type (its last page carries no link at all).
    var decodeListing: @Sendable (Data) throws -> ChangePage<Change>
    /// The page as a delta walk would give it: with what the collection does not answer.
    var complete:
      @Sendable (ChangePage<Change>, @escaping @Sendable (RetryNotice) -> Void) async throws -> ChangePage<Change>
    /// What a refused request means (a 403 as the kind's permission need).
    var denied: @Sendable (DirectoryError) -> any Error = { $0 }
  }

  /// A first sync built for Graph's limits (issue 30), written once for every kind: the kind's
  /// feed, whose full round reads its collection (`/users?$top=999`, `/groups?$top=999`) instead
  /// of walking delta, whose pages hold at most 200 objects and 500 links whatever the client
  /// asks. Before the first page it takes a delta link for "now" (`$deltatoken=latest`: no
  /// objects, one request); the last page hands that link over as its delta link, so the index
  /// stores it and `IndexSync` catches up with one delta round (`catchUpAfterFull`): whatever
  /// changed while the pages were read comes again, and an upsert or removal applied twice is the
  /// same row. Delta links (later rounds, the catch-up) are followed by the kind's delta feed.
  ///
  /// Each page is completed (`Fill.complete`: managers, members, looked up by filtered delta in
  /// `$batch`es) while the next page is already on its way, so it reaches the writer as a delta
  /// walk's page would and the chain stays the collection's. Every request waits its turn in the
  /// `GraphPacer` (shared by the kinds' fills, which run side by side), so a first sync is paced
  /// under Graph's budget instead of refused. The stored next link is a `FillLink` (the page and
  /// the catch-up link), so a killed fill resumes with no schema change.
  ///
  /// A fill that cannot start (the `latest` link, the first page or its first look-up answered 400,
  /// 404, 405 or 501: paging or filtering unavailable here) falls back to the delta walk's first
  /// page; the round then goes on as a walk, as its links are ordinary delta links.
  static func liveFill(_ fill: Fill, delta: ChangeFeed, directory: GraphDirectory, pacer: GraphPacer) -> ChangeFeed {
    let executor = directory.executor
    let ahead = FillAhead<Change>()

    /// One request through the pacer: 1 unit (`$select` takes `GET users` from 2 to 1).
    @Sendable func get(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> HTTPResponse {
      try await pacer.admit(1)
      let response: HTTPResponse
      do {
        response = try await executor.get(url, headers: [], permission: fill.permission, onRetry: onRetry)
      } catch .permissionDenied(let message) {
        throw fill.denied(.permissionDenied(message))
      }
      await pacer.learn(from: response, guessed: 1)
      return response
    }

    /// A page and its completion, both under way.
    @Sendable func send(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) -> FillAhead<Change>.Entry {
      let raw = Task { try fill.decodeListing(try await get(url, onRetry).body) }
      return FillAhead.Entry(raw: raw, completed: Task { try await fill.complete(try await raw.value, onRetry) })
    }

    /// A completed page. The next page (and its completion) is sent for as soon as this one's
    /// link is known, so a page's look-ups overlap the next page's request and look-ups.
    @Sendable func listed(_ url: URL, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
      -> ChangePage<Change>
    {
      let entry: FillAhead<Change>.Entry
      if let waiting = await ahead.take(url.absoluteString) { entry = waiting } else { entry = send(url, onRetry) }
      return try await withTaskCancellationHandler {
        let raw = try await entry.raw.value
        if let next = raw.nextLink, let nextURL = try? directory.followableURL(next) {
          await ahead.start(nextURL.absoluteString, send(nextURL, onRetry))
        }
        return try await entry.completed.value
      } onCancel: {
        entry.cancel()
      }
    }

    @Sendable func page(_ url: URL, latest: String, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
      async throws -> ChangePage<Change>
    {
      var page = try await listed(url, onRetry)
      if let next = page.nextLink {
        page.nextLink = FillLink(next: next, latest: latest).text
      } else {
        page.deltaLink = latest
      }
      return page
    }

    return ChangeFeed { link, onRetry in
      if let link, let stored = FillLink(link) {
        guard let url = try? directory.followableURL(stored.next) else {
          throw DirectoryError.service(
            status: 410, code: "syncStateNotFound", message: "The fill link is for another Microsoft Graph endpoint.")
        }
        return try await page(url, latest: stored.latest, onRetry)
      }
      if let link { return try await delta.fetch(link, onRetry) }
      do {
        // A new round: the link for "now" first, so nothing changed from here on is missed.
        guard let latest = try fill.deltaLink(try await get(try directory.url(fill.latest), onRetry).body) else {
          throw DirectoryError.malformedResponse("Microsoft Graph answered $deltatoken=latest without a delta link.")
        }
        return try await page(try directory.url(fill.first), latest: latest, onRetry)
      } catch let error as DirectoryError where Self.meansNoFill(error) {
        return try await delta.fetch(nil, onRetry)
      }
    }
  }

  /// A refusal of the fill's first requests that says this Graph does not page the collection
  /// (or filter delta by id) for us: 400, 404, 405 or 501. The delta walk is tried instead.
  static func meansNoFill(_ error: DirectoryError) -> Bool {
    switch error {
    case .notFound: true
    case .service(let status, _, _): [400, 405, 501].contains(status)
    default: false
    }
  }
}

/// The next page of a fill and its completion, sent for while the one before is completed or
/// written: one at a time, taken by the link it answers.
actor FillAhead<Change: Sendable & Equatable> {
  struct Entry: Sendable {
    var raw: Task<ChangePage<Change>, any Error>
    var completed: Task<ChangePage<Change>, any Error>

    func cancel() {
      raw.cancel()
      completed.cancel()
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
