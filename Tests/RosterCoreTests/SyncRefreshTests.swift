import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Every kind's list follows a sync of the local index without a key (`DerivedEvent.indexSynced`).
/// Before the derived events only people's list was asked again: a group renamed by a sync kept its
/// old name until the next key (found by reading, issue 41; this test failed then).
@MainActor
@Suite struct SyncRefreshTests {
  nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)
  nonisolated static let ann = Person(id: "u-ann", displayName: "Ann Lee", mail: "ann@contoso.test")
  nonisolated static let platform = Group(id: "g-platform", displayName: "Platform Team", mailEnabled: true)
  nonisolated static let renamed = Group(id: "g-platform", displayName: "Platform Engineering", mailEnabled: true)

  /// Records effects and answers none (the index answers within the Store's own send).
  final class Recorder: EffectRunning, @unchecked Sendable {
    var effects: [Effect] = []
    func run(_ effect: Effect, feedback: EffectFeedback) { effects.append(effect) }
  }

  @Test func aGroupRenamedBySyncShowsItsNewNameWithoutAKey() {
    let synced = LockedValue(false)
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [Self.ann] }, sync: { _ in .busy }, remove: { _ in },
      searchGroups: { text, _ in
        guard text == "plat" else { return [] }
        return [synced.current ? Self.renamed : Self.platform]
      })
    var state = AppState.signedIn()
    state.account?.grantedScopes.append("https://graph.microsoft.com/GroupMember.Read.All")
    state.now = Self.now
    state.index.attached = true
    let summary = LocalIndexSummary(complete: true, people: 1, lastSync: Self.now.addingTimeInterval(-60), groups: 3)
    state.index.summary = summary
    let store = Store(
      initialState: state, runtime: Recorder(), instantSearch: InstantIndexSearch(index), clock: { Self.now })

    store.send(.search(.queryChanged("plat")))
    #expect(store.state.listRows == [.group(Self.platform), .person(Self.ann)])

    // The sync renamed the group in the index; nothing is typed.
    synced.withLock { $0 = true }
    store.send(.index(.syncFinished(.synced(summary))))
    #expect(store.state.listRows == [.group(Self.renamed), .person(Self.ann)], "the new name, with no key")
    #expect(store.state.field.normalizedQuery == "plat", "the field is as it was")
  }
}
