import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 28 item 2 in the reducer and the Store: the search that finds the index damaged is
/// answered by Graph in the key's own frame (never "No one matches" from a broken file), the
/// status line says why, the index is opened again (which sets the file aside and rebuilds), and
/// until it is complete again keys go to Graph; a sync that finds the file gone does the same.
@MainActor
@Suite struct IndexDamageReducerTests {
  nonisolated static let message = "Local index damaged: rebuilding it; Graph answers meanwhile."

  nonisolated static func isGraphSearch(_ effect: Effect) -> Bool {
    if case .searchGraph(let asked, _) = effect { asked.value(as: PeopleQuery.self)?.text == "ann" } else { false }
  }

  /// The index opened again a moment later (through `.syncDue`, which opens one not attached).
  nonisolated static func isAttach(_ effect: Effect) -> Bool {
    effect == .debounce(id: .indexTimer, after: .seconds(1), then: .index(.syncDue))
  }

  @Test func theKeyThatFindsTheIndexDamagedIsAskedOfGraphAndTheIndexRebuilt() {
    let recorder = IndexSearchTests.Recorder()
    let broken = LockedValue(false)
    let index = LocalIndexClient(
      attach: { _ in nil },
      search: { text, _ in broken.current ? [] : [IndexSearchTests.ann] }, sync: { _ in .busy }, remove: { _ in },
      damage: { broken.current ? Self.message : nil })
    var state = IndexSearchTests.indexed()
    state.settings.index = true
    let store = Store(
      initialState: state, runtime: recorder, instantSearch: InstantIndexSearch(index),
      clock: { IndexSearchTests.now })
    store.send(.search(.queryChanged("an")))
    #expect(store.state.search.results == [IndexSearchTests.ann])

    broken.withLock { $0 = true }  // the file is truncated under the running UI
    store.send(.search(.queryChanged("ann")))
    #expect(!store.state.index.attached && store.state.index.statusText(at: IndexSearchTests.now) == nil)
    #expect(store.state.banner?.message.string == Self.message && store.state.banner?.kind == .error)
    // Not "No one matches": Graph is asked for the field's query, and the last list stays marked.
    #expect(store.state.search.status == .refining)
    #expect(recorder.effects.contains(where: Self.isGraphSearch))
    #expect(recorder.effects.contains(where: Self.isAttach))
    #expect(recorder.effects.contains { if case .cancel(.indexSync) = $0 { true } else { false } })

    // The moment passes: the index is opened again (a new, empty file).
    recorder.effects.removeAll()
    store.send(.index(.syncDue))
    #expect(recorder.effects.contains { if case .index(.attach) = $0 { true } else { false } })
    // Its full sync starts, and keys keep going to Graph.
    recorder.effects.removeAll()
    store.send(.index(.attached(LocalIndexSummary(complete: false, people: 0, lastSync: nil))))
    #expect(store.state.index.attached && store.state.index.isSyncing)
    #expect(recorder.effects.contains { if case .index(.sync) = $0 { true } else { false } })
    store.send(.search(.queryChanged("anne")))
    #expect(recorder.effects.contains { if case .debounce(.searchDebounce, _, _) = $0 { true } else { false } })
  }

  @Test func aSyncThatFindsTheFileDeletedFallsBackToGraph() {
    var state = IndexSearchTests.indexed()
    state.field.query = "ann"
    state.index.isSyncing = true
    let deleted = "Local index deleted: rebuilding it; Graph answers meanwhile."
    let effects = reduce(&state, .index(.syncFinished(.damaged(deleted))))
    #expect(!state.index.attached && !state.index.isSyncing && state.banner?.message.string == deleted)
    #expect(effects.contains(where: Self.isGraphSearch) && effects.contains(where: Self.isAttach))
    #expect(state.index.statusText(at: IndexSearchTests.now) == nil)  // no "index, synced just now"
    // Said once: a late second report (another key, the sync) changes nothing.
    #expect(reduce(&state, .index(.damaged(deleted))).isEmpty)
  }
}
