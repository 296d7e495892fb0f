import Foundation

/// People's slice of the as-you-type search: what the list shows of them, and what is in flight
/// (the field's query itself is `FieldState`, every kind's).
///
/// Invariant (DESIGN.md §1): `results` are the server's answer for `resultsQuery`. When that is
/// not the query in the field, `status` is `.refining`, `.offline`, `.throttled` or `.failed`, and
/// `AppState.peopleMatchQuery` is false, so the list marks them.
public struct SearchState: Equatable, Sendable {
  /// What the engine is doing (drives the status line and the list's marking).
  public var status: SearchStatus
  /// What the list shows.
  public var results: [Person]
  /// The normalised query the shown results were answered for (nil when there are none).
  public var resultsQuery: CleanText?
  /// The server's whole answer for `resultsQuery` (pages loaded so far, next page, count); the
  /// list shows it, or it narrowed locally while a request for a refined query is pending.
  public var answer: CachedResults?
  /// A next page is on the wire (the list shows a "loading more" row).
  public var isLoadingMore: Bool
  /// The request on the wire, if any (its id and normalised query), so a late answer for an older
  /// query can still fill the cache.
  public var inFlight: InFlightSearch?
  /// Recent answers by normalised query: backspacing is answered at once, with no request.
  public var cache: LRUCache<String, CachedResults>

  public init() {
    self.status = .idle
    self.results = []
    self.resultsQuery = nil
    self.answer = nil
    self.isLoadingMore = false
    self.inFlight = nil
    self.cache = LRUCache(capacity: 64, timeToLive: 60)
  }
}

/// What the search is doing, for the status line and the list's marking.
public enum SearchStatus: Equatable, Sendable {
  /// The field is empty: show the prompt ("Type a name, mail or UPN").
  case idle
  /// A request is pending (debouncing or on the wire) and nothing is shown for this query yet.
  case searching
  /// A request is pending; the list shows the last answer narrowed locally to the new query.
  case refining
  /// The list is the server's answer for the query in the field.
  case results
  /// The server found nobody for the query in the field.
  case noMatches
  /// Waiting out a throttle (429/503) before the request is retried; count down to `until`.
  case throttled(RetryCountdown)
  /// The network is down: the last results are kept and marked; typing retries.
  case offline(message: CleanText)
  /// Any other failure, in plain words (missing permission, personal account, service error).
  case failed(message: CleanText)
  /// The query cannot be answered as typed (a malformed filter, a `manager:` name that finds
  /// several people): the message says what to change, and asking again would not help.
  case refused(message: CleanText)
}

/// A wait before a retry, as the UI counts it down.
public struct RetryCountdown: Equatable, Sendable {
  /// Why the client waits (throttled, service unavailable, transient failure).
  public var reason: RetryNotice.Reason
  /// When the retry happens (wall clock, compared with `AppState.now`).
  public var until: Date
  /// 1 for the first retry; 0 when the client gave up and the app will send again.
  public var attempt: Int

  public init(reason: RetryNotice.Reason, until: Date, attempt: Int) {
    self.reason = reason
    self.until = until
    self.attempt = attempt
  }

  /// Whole seconds left at `now` (0 once due).
  public func secondsLeft(now: Date) -> Int {
    Countdown.secondsLeft(until: until, now: now)
  }
}

/// The search request currently on the wire.
public struct InFlightSearch: Equatable, Sendable {
  /// The request id it was sent with.
  public var requestID: Int
  /// The normalised query it asked for.
  public var query: String
  public init(requestID: Int, query: String) {
    self.requestID = requestID
    self.query = query
  }
}

/// One cached answer: the people loaded so far for a query, and where the next page is.
public struct CachedResults: Equatable, Sendable {
  /// Everyone loaded so far, in the server's order.
  public var people: [Person]
  /// Where the next page is; nil after the last.
  public var next: PageCursor?
  /// `@odata.count`, when given.
  public var totalCount: Int?
  /// The local index holds more matches than `people` (it answers a page at a time too).
  public var moreInIndex = false
  /// Close matches the index added below the exact answer (listed after `people`).
  public var close: CloseMatches?
  public init(people: [Person], next: PageCursor?, totalCount: Int?) {
    self.people = people
    self.next = next
    self.totalCount = totalCount
  }
}
