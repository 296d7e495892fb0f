import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

/// Further pages are fetched only when the list asks, one at a time.
@MainActor
struct PagingTests {
  @Test func theNextPageIsFetchedOnlyWhenAsked() async {
    let store = TestStore()
    let first = (1...3).map { Fixtures.person("Alex \($0)") }
    let cursor = PageCursor(nextLink: "https://graph.example/v1.0/users?$skiptoken=2")
    await store.search("alex", answer: first, next: cursor)
    await store.answerDetail()
    #expect(store.state.peopleCanLoadMore)
    await store.send(.list(.selectionMovedTo(2))) { $0.selectedAlone(2) }
    await store.answerDetail()
    await store.advance(by: .seconds(5))
    #expect(store.directory.takeCalls().isEmpty, "never fetch everything unasked")

    await store.send(.list(.nearEndReached)) { $0.search.isLoadingMore = true }
    await store.send(.list(.nearEndReached))
    let calls = store.directory.takeCalls()
    #expect(calls.map(\.request) == [.nextPage(cursor.nextLink)], "one page at a time")

    let second = (4...5).map { Fixtures.person("Alex \($0)") }
    let page = PeoplePage(people: second + [first[0]])
    calls.first?.respond(page)
    await store.receive(.search(.pageAnswered(id: store.state.field.requestID, .people(.success(page))))) {
      $0.search.isLoadingMore = false
      // Appended, duplicates dropped, the last page: the selection stays on its row.
      let answer = CachedResults(people: first + second, next: nil, totalCount: first.count)
      $0.search.cache.update("alex") { $0 = answer }
      $0.answerShown(answer, for: "alex")
    }
    #expect(store.state.selectedPersonIndex == 2)
    #expect(!store.state.peopleCanLoadMore, "last page")
    await store.send(.list(.nearEndReached))
    #expect(store.directory.takeCalls().isEmpty)
    await store.finish()
  }

  @Test func aPageForAnOlderQueryIsDropped() {
    var state = AppState.signedIn()
    let cursor = PageCursor(nextLink: "https://graph.example/next")
    _ = reduce(&state, .search(.queryChanged("alex")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(
      &state, .search(.answered(id: 1, .people(.success(PeoplePage(people: [Fixtures.alexes[0]], next: cursor))))))
    #expect(reduce(&state, .list(.nearEndReached)) == [.fetchPage(.person, cursor, requestID: 1)])
    _ = reduce(&state, .search(.queryChanged("alexa")))
    let before = state
    _ = reduce(&state, .search(.pageAnswered(id: 1, .people(.success(PeoplePage(people: [Fixtures.alexes[1]]))))))
    #expect(state == before)
  }

  /// Rows already listed never move when a page arrives: a page that ranks above them goes after
  /// them, so a held Down key walks on instead of standing at the end of every page.
  @Test func aPageGoesAfterTheRowsAlreadyListed() {
    var state = AppState.signedIn()
    let cursor = PageCursor(nextLink: "https://graph.example/next")
    let first = [Fixtures.person("Alexis Carter"), Fixtures.person("Alexis Dunn")]
    let better = Fixtures.person("Alex Adams")
    #expect(PeopleRanking.ranked(first + [better], for: "alex").first == better, "the page ranks above the list")
    _ = reduce(&state, .search(.queryChanged("alex")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.answered(id: 1, .people(.success(PeoplePage(people: first, next: cursor))))))
    _ = reduce(&state, .list(.selectionMovedTo(1)))
    _ = reduce(&state, .list(.nearEndReached))
    _ = reduce(&state, .search(.pageAnswered(id: 1, .people(.success(PeoplePage(people: [better]))))))
    #expect(state.search.results == first + [better])
    #expect(state.selectedPersonIndex == 1, "the selection stays on its row and one row is left below it")
  }

  @Test func pagesAreSizedToTheScreen() {
    var state = AppState.signedIn()
    // 34 rows side by side: the list shows 30 under its search field and status line.
    _ = reduce(&state, .app(.terminalResized(TerminalSize(rows: 34, cols: 120))))
    #expect(state.field.pageSize == 60)
    _ = reduce(&state, .app(.terminalResized(TerminalSize(rows: 12, cols: 120))))
    #expect(state.field.pageSize == 20)
    _ = reduce(&state, .app(.terminalResized(TerminalSize(rows: 600, cols: 120))))
    #expect(state.field.pageSize == 100)
  }

  @Test func selectionIsClampedToTheList() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.queryChanged("al")))
    _ = reduce(&state, .search(.debounceElapsed(id: 1)))
    _ = reduce(&state, .search(.answered(id: 1, .people(.success(PeoplePage(people: Fixtures.alexes))))))
    #expect(state.selectedPersonIndex == 0)
    _ = reduce(&state, .list(.selectionMoved(by: -3)))
    #expect(state.selectedPersonIndex == 0)
    _ = reduce(&state, .list(.selectionMoved(by: Int.max)))
    #expect(state.selectedPersonIndex == Fixtures.alexes.count - 1)
    _ = reduce(&state, .list(.selectionMovedTo(1)))
    #expect(state.selectedListPerson == Fixtures.alexes[1])
    // Three moves in a row: the pane waits for the selection to rest, then loads at once.
    #expect(state.detail.status == .following)
    let rested = reduce(&state, .detail(.selectionRested))
    #expect(state.detail.status == .loading(Fixtures.alexes[1]))
    #expect(
      rested == [
        .cancel(id: .detailDebounce), .loadDetail(personID: Fixtures.alexes[1].id, requestID: state.detail.requestID),
      ])
  }
}
