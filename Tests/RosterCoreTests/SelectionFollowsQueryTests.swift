import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 28 (1): when the query changes the selection goes to the best match, the top row, so Enter
/// opens the person typed; a selection the person moved is kept only while the query is unchanged.
@MainActor
@Suite struct SelectionFollowsQueryTests {
  nonisolated static let bram = Person(id: "b", displayName: "Bram Smit", mail: "bram.smit@contoso.test")
  nonisolated static let smiths = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"].enumerated().map { offset, first in
    Person(id: "s\(offset)", displayName: "\(first) Smith", mail: "\(first.lowercased()).smith@contoso.test")
  }

  /// An index that answers `smit` with Bram first, and `smith` with the seven Smiths exactly and
  /// Bram among the close matches (the order the issue found).
  static func store() -> Store {
    var state = AppState.signedIn()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    state.now = now
    state.index.attached = true
    state.index.summary = LocalIndexSummary(complete: true, people: 8, lastSync: now.addingTimeInterval(-60))
    let index = LocalIndexClient(
      attach: { _ in nil },
      search: { text, _ in text == "smit" ? [bram] + smiths : text == "smith" ? smiths : [] },
      sync: { _ in .busy }, remove: { _ in },
      closeMatches: { text, _ in text == "smith" ? CloseMatches(people: [bram], forgiven: "smith") : nil })
    return Store(
      initialState: state, runtime: IndexSearchTests.Recorder(), instantSearch: InstantIndexSearch(index),
      clock: { now })
  }

  @Test func aNewQuerySelectsTheBestMatchNotThePersonSelectedBefore() {
    let store = Self.store()
    store.send(.search(.queryChanged("smit")))
    #expect(store.state.selectedListPerson == Self.bram)

    store.send(.search(.queryChanged("smith")))
    #expect(store.state.search.results == Self.smiths + [Self.bram])
    #expect(store.state.selectedPersonIndex == 0)
    #expect(store.state.selectedListPerson == Self.smiths[0], "Enter opens a Smith, not Bram Smit")
  }

  @Test func aSelectionMovedByHandFollowsItsPersonUntilTheQueryChanges() {
    let store = Self.store()
    store.send(.search(.queryChanged("smit")))
    store.send(.list(.selectionMoved(by: 3)))
    let chosen = store.state.selectedListPerson
    #expect(chosen == Self.smiths[2])

    // The same query answered again (Ctrl-R) keeps the person's choice.
    store.send(.search(.retryRequested))
    #expect(store.state.selectedListPerson == chosen)

    // A changed query goes back to the top row, even though the chosen person is still listed.
    store.send(.search(.queryChanged("smith")))
    #expect(store.state.search.results.contains(Self.smiths[2]))
    #expect(store.state.selectedPersonIndex == 0)
  }
}
