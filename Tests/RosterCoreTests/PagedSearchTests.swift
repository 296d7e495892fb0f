import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 29: people and groups are paged by one lifecycle (`PagedSearch`), so the same steps give
/// the same effects for both: Graph's next page at the list's end, one at a time, its rows listed
/// once; a full index answer read as "more" and a longer index answer at the list's end.
@Suite struct PagedSearchTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let cursor = PageCursor(nextLink: "https://graph.microsoft.com/v1.0/next")

  /// One kind as the test drives it: its rows and the actions and effects that are its own.
  struct Kind: CustomTestStringConvertible, Sendable {
    var name: String
    var list: ListKind
    var rows: @Sendable (AppState) -> [String]
    var firstPage: @Sendable (_ ids: [String], PageCursor?) -> SearchAction
    var nextPage: @Sendable (_ ids: [String]) -> SearchAction
    var indexAnswer: @Sendable (_ ids: [String], _ asked: Int) -> SearchAction
    var graphPage: @Sendable (PageCursor) -> Effect
    /// The index asked for `limit` rows (`first`: the key's own query, which people also ask close
    /// matches of, below a page of 50).
    var indexAsk: @Sendable (_ text: String, _ limit: Int, _ first: Bool) -> Effect
    var testDescription: String { name }
  }

  static let people = Kind(
    name: "people", list: .people, rows: { $0.search.results.map(\.id) },
    firstPage: { ids, next in
      .answered(id: 1, .people(.success(PeoplePage(people: ids.map { Fixtures.person($0, id: $0) }, next: next))))
    },
    nextPage: { ids in
      .pageAnswered(id: 1, .people(.success(PeoplePage(people: ids.map { Fixtures.person($0, id: $0) }))))
    },
    indexAnswer: { ids, asked in .indexAnswered(id: 1, .people(ids.map { Fixtures.person($0, id: $0) }, asked: asked))
    },
    graphPage: { .fetchPage(.person, $0, requestID: 1) },
    indexAsk: {
      .searchIndex(.people(PeopleQuery(text: $0, pageSize: $1, closeMatchesBelow: $2 ? 50 : 0)), requestID: 1)
    })

  static let groups = Kind(
    name: "groups", list: .groups, rows: { $0.groups.results.map(\.id) },
    firstPage: { ids, next in .answered(id: 1, .groups(.success(GroupPage(groups: ids.map(group), next: next)))) },
    nextPage: { ids in .pageAnswered(id: 1, .groups(.success(GroupPage(groups: ids.map(group))))) },
    indexAnswer: { ids, asked in .indexAnswered(id: 1, .groups(ids.map(group), asked: asked)) },
    graphPage: { .fetchPage(.group, $0, requestID: 1) },
    indexAsk: { text, limit, _ in .searchIndex(.groups(GroupQuery(text: text, pageSize: limit)), requestID: 1) })

  static func group(_ name: String) -> Group {
    Group(id: name, displayName: CleanText(name), mailEnabled: false, securityEnabled: true)
  }

  /// Signed in with the right to search every group, the list showing `kind` alone.
  static func signedIn(_ kind: Kind, index: Bool = false) -> AppState {
    var state = AppState.signedIn()
    state.account?.grantedScopes.append("https://graph.microsoft.com/GroupMember.Read.All")
    state.now = now
    state.list.kind = kind.list
    if index {
      state.index.attached = true
      state.index.summary = LocalIndexSummary(
        complete: true, people: 1_000, lastSync: now.addingTimeInterval(-60), groups: 1_000)
    }
    return state
  }

  @Test(arguments: [people, groups])
  func graphsNextPageIsAskedOnceAndListsEachRowOnce(_ kind: Kind) {
    var state = Self.signedIn(kind)
    _ = reduce(&state, .search(.queryChanged("alex")))
    _ = reduce(&state, .search(kind.firstPage(["alex-a", "alex-b"], Self.cursor)))
    #expect(kind.rows(state) == ["alex-a", "alex-b"])

    #expect(reduce(&state, .list(.nearEndReached)) == [kind.graphPage(Self.cursor)])
    #expect(reduce(&state, .list(.nearEndReached)).isEmpty, "one page at a time")

    _ = reduce(&state, .search(kind.nextPage(["alex-b", "alex-c"])))
    #expect(kind.rows(state) == ["alex-a", "alex-b", "alex-c"], "a row already listed is not listed twice")
    #expect(reduce(&state, .list(.nearEndReached)).isEmpty, "the last page")
  }

  @Test(arguments: [people, groups])
  func aFullIndexAnswerMeansMoreAndTheListsEndAsksForALongerOne(_ kind: Kind) {
    var state = Self.signedIn(kind, index: true)
    let asked = reduce(&state, .search(.queryChanged("alex")))
    #expect(asked.contains(kind.indexAsk("alex", 101, true)), "two pages or 100 rows, and one more to tell \"more\"")

    let matches = (0...100).map { "alex-\($0)" }
    _ = reduce(&state, .search(kind.indexAnswer(matches, 101)))
    #expect(kind.rows(state) == Array(matches.prefix(100)), "one fewer than asked: the 101st only says more")
    #expect(reduce(&state, .list(.nearEndReached)) == [kind.indexAsk("alex", 601, false)])

    _ = reduce(&state, .search(kind.indexAnswer(Array(matches.prefix(42)), 601)))
    #expect(kind.rows(state).count == 42)
    #expect(reduce(&state, .list(.nearEndReached)).isEmpty, "fewer than asked: no more")
  }
}
