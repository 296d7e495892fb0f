import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 40 item 3 in the reducer: the first read that cannot reach Graph (any kind: a pane, a
/// photo, presence) marks the session offline, with or without an index; presence says it is
/// unavailable and is asked again soon; the next answer from Graph clears both.
@MainActor
@Suite struct GraphReachabilityTests {
  @Test func aPaneThatCannotReachGraphMarksTheSessionOfflineAndBringsTheProbeForward() {
    var state = IndexSearchTests.indexed()
    #expect(state.index.statusText(at: IndexSearchTests.now) == "index, synced 3 min ago")
    // A late answer for a person no longer shown changes nothing, as everywhere.
    _ = reduce(&state, .detail(.loaded(id: state.detail.requestID + 7, .failure(.offline("reset")))))
    #expect(!state.index.offline)
    let effects = reduce(&state, .detail(.loaded(id: state.detail.requestID, .failure(.offline("reset")))))
    #expect(state.index.offline)
    #expect(state.index.statusText(at: IndexSearchTests.now) == "index, offline, synced 3 min ago")
    #expect(effects.contains(.debounce(id: .indexTimer, after: .seconds(10), then: .index(.syncDue))))

    // Other failures say nothing about the network.
    var refused = IndexSearchTests.indexed()
    _ = reduce(&refused, .photo(.loaded(id: 1, .failure(.permissionDenied("no")))))
    _ = reduce(&refused, .search(.answered(id: 1, .groups(.failure(.service(status: 500, code: "x", message: ""))))))
    #expect(!refused.index.offline)
  }

  /// Presence is from Graph too: whichever read finds Graph gone first, presence held from
  /// before is no longer shown as now; the next answer asks for it again at once.
  @Test func anyReadThatCannotReachGraphMakesPresenceUnavailable() throws {
    var state = IndexSearchTests.indexed()
    state.account?.grantedScopes.append("Presence.Read.All")
    state.presence.byID = ["u-1": Presence(availability: .available)]
    _ = reduce(&state, .detail(.loaded(id: state.detail.requestID, .failure(.offline("reset")))))
    #expect(state.index.offline && state.presence.unreachable && state.currentPresence.isEmpty)
    state.index.isSyncing = true
    let summary = try #require(state.index.summary)
    let back = reduce(&state, .index(.syncFinished(.synced(summary))))
    #expect(!state.index.offline)
    #expect(back.contains(.debounce(id: .presenceRefresh, after: .seconds(1), then: .presence(.refreshDue))))
  }

  @Test func withoutAnIndexAnyReadMarksItToo() {
    var state = AppState.signedIn()
    _ = reduce(&state, .search(.answered(id: state.rooms.requestID, .rooms(.failure(.offline("timed out"))))))
    #expect(state.index.offline && !state.index.attached)
  }

  @Test func presenceSaysItIsUnavailableAndComesBackAtTheNextAnswer() throws {
    var state = IndexSearchTests.indexed()
    state.account?.grantedScopes.append("Presence.Read.All")
    #expect(state.showsPresence)
    state.presence.byID = ["u-1": Presence(availability: .available)]
    state.presence.requestID = 3
    let failed = reduce(&state, .presence(.loaded(id: 3, .failure(.offline("reset")))))
    #expect(state.presence.unreachable && state.index.offline)
    #expect(state.currentPresence.isEmpty, "an old 'Available' is not shown as now")
    #expect(failed.contains(.debounce(id: .presenceRefresh, after: .seconds(10), then: .presence(.refreshDue))))

    // The index's probe finds Graph back: offline goes, and presence is asked again at once.
    state.index.isSyncing = true
    let summary = try #require(state.index.summary)
    let synced = reduce(&state, .index(.syncFinished(.synced(summary))))
    #expect(!state.index.offline)
    #expect(synced.contains(.debounce(id: .presenceRefresh, after: .seconds(1), then: .presence(.refreshDue))))
    #expect(state.presence.unreachable, "until presence itself answers")
    _ = reduce(&state, .presence(.loaded(id: 3, .success(["u-1": Presence(availability: .busy)]))))
    #expect(!state.presence.unreachable && state.currentPresence["u-1"]?.availability == .busy)
  }
}
