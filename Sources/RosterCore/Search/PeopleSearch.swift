import Foundation
import SearchRules

/// People, as the one search asks for them (`SearchReducer` reduces their events): the field's
/// text cleaned and parsed, recent answers cached, the last answer narrowed while Graph is asked,
/// close matches below the index's exact ones, hidden people found by full address, and a
/// throttled request counted down. The paged lifecycle is `PagedSearch`'s.
enum PeopleSearch: PagedKind {
  static let kind = ObjectKind.person
  static var jobs: PagedJobs { PagedJobs(debounce: .searchDebounce, request: .search, page: .nextPage) }
  static var isLoadingMore: WritableKeyPath<AppState, Bool> { \.search.isLoadingMore }

  static func listed(_ state: AppState) -> (rows: [Person], query: String?) {
    (state.search.results, state.search.resultsQuery?.string)
  }

  static func next(_ state: AppState) -> PageCursor? { state.search.nextCursor }

  static func moreInIndex(_ state: AppState) -> Bool { state.search.answer?.moreInIndex == true }

  static func askIndex(_ state: AppState, limit: Int, first: Bool) -> Effect {
    // Close matches are looked for under the key's own query only, not under a longer page.
    let query = PeopleQuery(
      text: state.field.query.string, pageSize: limit, closeMatchesBelow: first ? state.field.pageSize : 0)
    return .searchIndex(.people(query), requestID: state.field.requestID)
  }

  static func askGraph(_ state: AppState) -> Effect {
    let query =
      (try? state.field.peopleQuery(pageSize: state.field.pageSize).get())
      ?? PeopleQuery(text: state.field.query.string, pageSize: state.field.pageSize)
    return .searchGraph(.people(query), requestID: state.field.requestID)
  }

  static func askPage(_ cursor: PageCursor, requestID: Int) -> Effect {
    .fetchPage(.person, cursor, requestID: requestID)
  }

  static func id(of person: Person) -> String { person.id }

  /// Ctrl-R: the field's query asked again, past the cache (with the index, also what changed
  /// since the last sync).
  static func retryRequested(_ state: inout AppState) -> [Effect] {
    guard state.screen == .main, !state.field.normalizedQuery.isEmpty else { return [] }
    state.field.requestID += 1
    state.search.status = state.search.results.isEmpty ? .searching : .refining
    if state.indexAnswersSearch { return searchIndex(&state) + IndexReducer.startSync(&state) }
    return sendRequest(&state)
  }

  /// The client waits before retrying: the status line counts down to it.
  static func retryScheduled(_ state: inout AppState, id: Int, _ notice: RetryNotice) -> [Effect] {
    guard isCurrent(id, state) else { return [] }
    state.search.status = .throttled(
      RetryCountdown(
        reason: notice.reason, until: state.now.addingTimeInterval(notice.wait.timeInterval),
        attempt: notice.attempt))
    return []
  }

  /// The index's people for the field's query, asked in the key's own frame.
  /// A sync brought the index up to date (`DerivedEvent.indexSynced`): the people listed follow
  /// it — a leaver goes, a new name appears — without a key.
  static func indexRefreshed(_ state: inout AppState) -> [Effect] {
    guard state.screen == .main, !state.field.normalizedQuery.isEmpty, state.indexAnswersSearch else {
      return []
    }
    return searchIndex(&state)
  }

  static func searchIndex(_ state: inout AppState) -> [Effect] {
    state.search.inFlight = nil
    return PagedSearch.askIndex(Self.self, &state)
  }

  /// The index answered: its people (and close matches), or Graph asked for a full address the
  /// index cannot hold.
  static func indexAnswered(
    _ state: inout AppState, id: Int, _ people: [Person], asked: Int, close: CloseMatches?
  ) -> [Effect] {
    guard id == state.field.requestID, !state.field.normalizedQuery.isEmpty else { return [] }
    if people.isEmpty, close == nil, Person.couldBeExactAddress(state.field.normalizedQuery) {
      // People hidden from the address list are not in the index, yet their full address
      // finds them (`Person+AddressList`): Graph is asked.
      state.search.status = .searching
      return sendRequest(&state)
    }
    let page = PagedSearch.indexAnswer(people, asked: asked)
    var answer = CachedResults(people: page.rows, next: nil, totalCount: nil)
    answer.moreInIndex = page.more
    answer.close = close.flatMap { $0.people.isEmpty ? nil : $0 }
    return show(&state, answer, for: state.field.normalizedQuery)
  }

  // MARK: - Typing

  static func queryChanged(_ state: inout AppState, _ text: String) -> [Effect] {
    // Typed or pasted text, cleaned as it enters the state (the field already drops controls;
    // this also drops bidi overrides a paste may carry). What is sent is built from it.
    let text = CleanText(text)
    guard text != state.field.query else { return [] }
    state.field.query = text
    state.field.requestID += 1
    state.list.selectionMoved = false
    let query = state.field.normalizedQuery

    if query.isEmpty {
      state.search.status = .idle
      state.search.inFlight = nil
      state.search.answer = nil
      state.search.isLoadingMore = false
      return PagedSearch.cancelJobs(Self.self) + replaceResults(&state, with: [], answeredFor: nil)
    }

    if case .failure(let failure) = state.field.peopleQuery(pageSize: state.field.pageSize) {
      // A malformed filter (`dept:` alone) is said, never guessed at; nothing is sent.
      state.search.status = .refused(message: CleanText(failure.message))
      state.search.inFlight = nil
      state.search.answer = nil
      state.search.isLoadingMore = false
      return PagedSearch.cancelJobs(Self.self) + replaceResults(&state, with: [], answeredFor: nil)
    }

    if state.indexAnswersSearch {
      // The index answers before the next frame: no debounce, no request.
      state.search.status = state.search.results.isEmpty ? .searching : .refining
      return searchIndex(&state)
    }

    if let cached = state.search.cache.value(for: query, now: state.now) {
      state.search.inFlight = nil
      state.search.isLoadingMore = false
      return PagedSearch.cancelJobs(Self.self) + show(&state, cached, for: query)
    }

    let adopting = state.search.inFlight?.query == query
    // When the request on the wire already asks this (a trailing space was typed, or the query
    // was typed back), its answer counts as current: see `isCurrent`.
    let people = narrowed(state, to: query)
    if people.isEmpty { state.search.answer = nil }
    state.search.status = people.isEmpty ? .searching : .refining
    let answeredFor = people.isEmpty ? nil : state.search.resultsQuery
    let timer: [Effect] = adopting ? [.cancel(id: jobs.debounce)] : [PagedSearch.debounce(Self.self, state)]
    return timer + replaceResults(&state, with: people, answeredFor: answeredFor?.string)
  }

  /// The last server answer narrowed to `query` (the normalized text in the field), when
  /// `query` refines the query it answered; otherwise nothing (showing it would break the
  /// invariant). People are matched against the text as typed: Graph splits words on case changes.
  private static func narrowed(_ state: AppState, to query: String) -> [Person] {
    guard let answer = state.search.answer, let answered = state.search.resultsQuery?.string else { return [] }
    if answered == query { return answer.people }
    guard PeopleMatcher.query(query, refines: answered) else { return [] }
    return PeopleMatcher.narrow(answer.people, to: state.field.query.string)
  }

  /// `.refining` when narrowed results are shown while a request is pending, else `.searching`.
  private static func pendingStatus(_ state: AppState, query: String) -> SearchStatus {
    narrowed(state, to: query).isEmpty ? .searching : .refining
  }

  // MARK: - Requests

  /// Whether an answer tagged `id` is for the query in the field: the current request id, or the
  /// request in flight when it asks exactly the field's (normalised) query.
  static func isCurrent(_ id: Int, _ state: AppState) -> Bool {
    if id == state.field.requestID { return true }
    guard let inFlight = state.search.inFlight else { return false }
    return inFlight.requestID == id && inFlight.query == state.field.normalizedQuery
  }

  /// Sends the request for the field's query under the current request id, cancelling the older
  /// request and any page load.
  static func sendRequest(_ state: inout AppState) -> [Effect] {
    let id = state.field.requestID
    state.search.inFlight = InFlightSearch(requestID: id, query: state.field.normalizedQuery)
    return PagedSearch.askGraph(Self.self, &state)
  }

  static func resultsLoaded(
    _ state: inout AppState, id: Int, _ result: Result<PeoplePage, DirectoryError>
  ) -> [Effect] {
    let inFlight = state.search.inFlight
    let current = isCurrent(id, state)
    if inFlight?.requestID == id { state.search.inFlight = nil }
    guard current else {
      // A late answer for an older query: never shown, but still a good cache entry.
      if case .success(let page) = result, let inFlight, inFlight.requestID == id {
        state.search.cache.insert(
          CachedResults(page, rankedFor: inFlight.query, closeness: state.yourPeople.people.closeness),
          for: inFlight.query, now: state.now)
      }
      return []
    }
    let query = state.field.normalizedQuery
    switch result {
    case .success(let page):
      let answer = CachedResults(
        page, rankedFor: state.field.query.string, closeness: state.yourPeople.people.closeness)
      state.search.cache.insert(answer, for: query, now: state.now)
      return show(&state, answer, for: query)
    case .failure(let error):
      return failed(&state, error)
    }
  }

  static func nextPageLoaded(
    _ state: inout AppState, id: Int, _ result: Result<PeoplePage, DirectoryError>
  ) -> [Effect] {
    guard id == state.field.requestID, state.search.isLoadingMore,
      var answer = state.search.answer, let query = state.search.resultsQuery?.string
    else { return [] }
    state.search.isLoadingMore = false
    switch result {
    case .success(let page):
      // A page goes after the rows already listed, ranked among itself: rows a person has passed
      // never move. Ranking the whole list again put most of the new page above the selection,
      // so a held Down key stood at the end of every page (Graph's order is not the ranking's).
      answer.people += PeopleRanking.ranked(
        PagedSearch.unlisted(Self.self, page.people, after: answer.people), for: state.field.query.string,
        closeness: state.yourPeople.people.closeness)
      answer.next = page.next
      state.search.cache.update(query) { $0 = answer }
      return show(&state, answer, for: query)
    case .failure(let error):
      return failed(&state, error)
    }
  }

  // MARK: - Showing answers

  /// Shows `answer` as the server's answer for `query` (which is the field's query); close
  /// matches follow the exact answer, below the list's divider.
  private static func show(_ state: inout AppState, _ answer: CachedResults, for query: String) -> [Effect] {
    state.search.answer = answer
    let close = answer.close?.people ?? []
    state.search.status = answer.people.isEmpty && close.isEmpty ? .noMatches : .results
    return replaceResults(&state, with: answer.people + close, answeredFor: query)
  }

  /// Replaces the people's rows; the list's selection follows its one rule
  /// (`ListReducer.rowsReplaced`).
  static func replaceResults(_ state: inout AppState, with people: [Person], answeredFor query: String?)
    -> [Effect]
  {
    state.search.results = people
    state.search.resultsQuery = query.map { CleanText($0) }
    return ListReducer.rowsReplaced(&state)
  }

  // MARK: - Failures

  private static func failed(_ state: inout AppState, _ error: DirectoryError) -> [Effect] {
    switch error {
    case .cancelled:
      return []
    case .offline(let message):
      state.search.status = .offline(message: CleanText(message))
      return []
    case .throttled(let retryAfter):
      state.search.status = .throttled(
        RetryCountdown(reason: .throttled, until: state.now.addingTimeInterval(retryAfter.timeInterval), attempt: 0))
      return []
    case .signInRequired(let failure):
      return SessionEnd.signInRequired(&state, failure)
    case .unsupportedQuery:
      state.search.status = .refused(message: error.plainMessage)
      return []
    default:
      state.search.status = .failed(message: error.plainMessage)
      return []
    }
  }

  /// Called by the tick when a throttle countdown is due: the client's own retry is under way,
  /// or (when the client gave up) the request is sent again.
  static func retryDue(_ state: inout AppState) -> [Effect] {
    let query = state.field.normalizedQuery
    if state.search.inFlight != nil {
      state.search.status = pendingStatus(state, query: query)
      return []
    }
    if state.search.isLoadingMore || query.isEmpty {
      state.search.status = state.search.results.isEmpty ? .noMatches : .results
      if query.isEmpty { state.search.status = .idle }
      return []
    }
    state.search.status = pendingStatus(state, query: query)
    return sendRequest(&state)
  }
}

extension CachedResults {
  /// A live answer, ranked within what is loaded (`SearchRanking`: the index ranks its own).
  init(_ page: PeoplePage, rankedFor query: String, closeness: Closeness) {
    self.init(
      people: PeopleRanking.ranked(page.people, for: query, closeness: closeness), next: page.next,
      totalCount: page.totalCount)
  }
}
