import Foundation
import Geometry
import RosterCore
import TestSupport

/// What the search engine's rules say the state becomes, step by step, for the exhaustive
/// `TestStore` assertions (`await store.send(action) { $0.listShows(...) }`). Each is the rule in
/// the words of docs/guide-search.md and docs/decisions/search.md#search--as-you-type, written out
/// field by field, not a call into the reducer.
extension AppState {
  /// A query with no cached answer and nothing shown that it refines: pending, the list cleared.
  mutating func typedNewQuery(_ text: String) {
    field.query = CleanText(text)
    field.requestID += 1
    list.selectionMoved = false
    _ = search.cache.value(for: field.normalizedQuery, now: now)
    search.answer = nil
    search.status = .searching
    listShows([], answeredFor: nil)
  }

  /// A query that refines the shown answer's: the answer narrowed locally while the request waits.
  mutating func typedRefinement(_ text: String, showing people: [Person]) {
    field.query = CleanText(text)
    field.requestID += 1
    list.selectionMoved = false
    _ = search.cache.value(for: field.normalizedQuery, now: now)
    search.status = .refining
    listShows(people, answeredFor: search.resultsQuery?.string)
  }

  /// A query answered from the cache at once (`answer` is what the cache held): no request.
  mutating func typedCachedQuery(_ text: String, answer: CachedResults) {
    field.query = CleanText(text)
    field.requestID += 1
    list.selectionMoved = false
    _ = search.cache.value(for: field.normalizedQuery, now: now)
    search.inFlight = nil
    search.isLoadingMore = false
    answerShown(answer, for: field.normalizedQuery)
  }

  /// The field emptied: nothing pending, the list and the pane cleared.
  mutating func typedEmptyQuery(_ text: String = "") {
    field.query = CleanText(text)
    field.requestID += 1
    list.selectionMoved = false
    search.status = .idle
    search.inFlight = nil
    search.answer = nil
    search.isLoadingMore = false
    listShows([], answeredFor: nil)
  }

  /// The request for the field's query went out.
  mutating func requestSent() {
    search.inFlight = InFlightSearch(requestID: field.requestID, query: field.normalizedQuery)
    search.isLoadingMore = false
  }

  /// The answer to request `id` (default: the field's) arrived for the field's query: cached,
  /// shown, the selection kept when listed.
  mutating func answerArrived(_ page: PeoplePage, id: Int? = nil) {
    let query = field.normalizedQuery
    if search.inFlight?.requestID == (id ?? field.requestID) { search.inFlight = nil }
    let answer = CachedResults(people: page.people, next: page.next, totalCount: page.totalCount)
    search.cache.insert(answer, for: query, now: now)
    answerShown(answer, for: query)
  }

  /// `answer` shown as the server's answer for `query`.
  mutating func answerShown(_ answer: CachedResults, for query: String) {
    search.answer = answer
    search.status = answer.people.isEmpty ? .noMatches : .results
    listShows(answer.people, answeredFor: query)
  }

  /// The list replaced: a person the user moved to since the query changed stays selected when
  /// still listed, else the first row; the pane follows the selection.
  mutating func listShows(_ people: [Person], answeredFor query: String?) {
    let selected = list.selectionMoved ? selectedListPerson : nil
    search.results = people
    search.resultsQuery = query.map { CleanText($0) }
    if let selected, people.contains(where: { $0.id == selected.id }) {
      list.selected = ListRowID(.person, selected.id)
    } else {
      selectPerson(at: people.isEmpty ? nil : 0)
    }
    paneFollowsSelection()
  }

  /// The pane after the selection changed: nothing when it already shows that person; the person
  /// at once (cache, or loading after a pause) for a lone change; blank while the selection runs.
  mutating func paneFollowsSelection() {
    let selected = selectedListPerson
    guard selected?.id != detail.status.person?.id || detail.status == .following else { return }
    guard let selected else { return paneShows(nil) }
    guard detail.selectionMoving else {
      detail.selectionMoving = true
      return paneShows(selected)
    }
    detail.requestID += 1
    detail.pane = .following
  }

  /// A lone move of the selection to row `index`: the pane shows that person at once.
  mutating func selectedAlone(_ index: Int) {
    selectPerson(at: index)
    list.selectionMoved = true
    detail.selectionMoving = true
    paneShows(search.results[index])
  }

  /// A move to row `index` while the selection runs through the list: the pane goes blank.
  mutating func selectedInARun(_ index: Int) {
    selectPerson(at: index)
    list.selectionMoved = true
    detail.requestID += 1
    detail.pane = .following
  }

  /// The browser flow asked for instead of the one starting.
  mutating func browserRequested() {
    login.method = .browser
    signInStarting()
  }

  /// The pane pointed at `person`: from the cache, else loading; empty (and closed) for nobody.
  mutating func paneShows(_ person: Person?) {
    detail.requestID += 1
    guard let person else {
      detail.pane = .empty
      singlePaneDetailOpen = false
      if focus == .detail { focus = .list }
      return
    }
    let memberOf = detail.memberOfCache.value(for: person.id, now: now)
    if let cached = detail.cache.value(for: person.id, now: now) {
      detail.pane = .person(PersonPane(.loaded(cached), memberOf: memberOf))
    } else {
      detail.pane = .person(PersonPane(.loading(person), memberOf: memberOf))
    }
  }

  /// The pane's load answered.
  mutating func detailLoaded(_ loaded: PersonDetail) {
    detail.pane.personPane?.retry = nil
    detail.cache.insert(loaded, for: loaded.person.id, now: now)
    detail.showPerson(.loaded(loaded))
  }

  /// The session ended on the main screen: back to the login screen (a new sign-in starting),
  /// the search text and results kept, nothing pending.
  mutating func sessionEnded(_ message: String) {
    screen = .login
    account = nil
    focus = .list
    singlePaneDetailOpen = false
    isHelpVisible = false
    login.reason = "Your session ended: \(message) Sign in again; your search is kept."
    search.inFlight = nil
    search.isLoadingMore = false
    search.status = .failed(message: "Sign-in required")
    detail.selectionMoving = false
    signInStarting()
  }

  /// The terminal resized: the layout follows the size, and pages are sized to the list's rows.
  mutating func resized(_ size: TerminalSize) {
    terminal = size
    if !layout.showsOnePaneAtATime { singlePaneDetailOpen = false }
    if let pageSize = layout.searchPageSize { field.pageSize = pageSize }
  }

  /// A sign-in flow was asked for.
  mutating func signInStarting() {
    login.phase = .starting
    login.redirectError = nil
    login.isSubmittingRedirect = false
  }

  /// Signed in: the main screen, the login screen's state reset.
  mutating func signedIn(_ signedIn: Account) {
    account = signedIn
    screen = .main
    login.phase = .idle
    login.reason = nil
    login.isSubmittingRedirect = false
    login.redirectField = Secret("")
    focus = .list
  }
}
