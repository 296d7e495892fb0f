import Foundation
import RosterCore
import TestSupport
import Testing

/// Issue 28 item 3 in the reducer: a session that ends while the UI is offline is found by the
/// sync that probes Graph (every few seconds while offline) and shows the sign-in screen with the
/// session-ended message, instead of "offline" for ever; and the "offline" mark goes as soon as
/// Graph answers anything, not at the next timer or Ctrl-R.
@MainActor
@Suite struct OfflineSessionTests {
  static func offline() -> AppState {
    var state = IndexSearchTests.indexed()
    state.field.query = "ann"
    state.index.offline = true
    state.index.isSyncing = true
    return state
  }

  @Test func whileOfflineTheSyncProbesGraphEveryFewSeconds() {
    var state = IndexSearchTests.indexed()
    state.index.isSyncing = true
    let effects = reduce(&state, .index(.syncFinished(.failed(.offline("down")))))
    #expect(state.index.offline)
    #expect(effects == [.debounce(id: .indexTimer, after: .seconds(10), then: .index(.syncDue))])
  }

  /// A read that fails while a sync runs marks the session offline; that sync's success, whose
  /// answers may all have come before the failure, keeps the mark and probes again soon.
  @Test func aSyncUnderWayWhenGraphWentAwayDoesNotSayItIsBack() throws {
    var state = IndexSearchTests.indexed()
    state.index.isSyncing = true
    _ = reduce(&state, .presence(.loaded(id: state.presence.requestID, .failure(.offline("reset")))))
    #expect(state.index.offline && state.index.unreachableDuringSync)
    let summary = try #require(state.index.summary)
    let effects = reduce(&state, .index(.syncFinished(.synced(summary))))
    #expect(state.index.offline && !state.index.unreachableDuringSync)
    #expect(effects.contains(.debounce(id: .indexTimer, after: .seconds(10), then: .index(.syncDue))))

    // The probe's own success is believed.
    _ = reduce(&state, .index(.syncDue))
    _ = reduce(&state, .index(.syncFinished(.synced(summary))))
    #expect(!state.index.offline)
  }

  @Test func aRefreshRefusedWhileOfflineShowsTheSignInScreen() {
    var state = Self.offline()
    let failure = SignInFailure(message: "The refresh token was revoked.", error: "invalid_grant")
    let effects = reduce(&state, .index(.syncFinished(.failed(.signInRequired(failure)))))
    #expect(state.screen == .login && state.account == nil)
    #expect(state.login.reason?.string.hasPrefix("Your session ended: The refresh token was revoked.") == true)
    #expect(!state.index.offline)
    #expect(effects.contains { if case .signIn = $0 { true } else { false } })
    #expect(state.field.query == "ann")  // the search is kept
  }

  @Test func anyAnswerFromGraphClearsOfflineAndCatchesUp() {
    var state = Self.offline()
    state.index.isSyncing = false
    let effects = reduce(&state, .presence(.loaded(id: state.presence.requestID, .success([:]))))
    #expect(!state.index.offline)
    #expect(state.index.statusText(at: IndexSearchTests.now) == "index, synced 3 min ago")
    #expect(effects.contains(.index(.sync)) && effects.contains(.cancel(id: .indexTimer)))

    // A failure proves nothing: still offline.
    var still = Self.offline()
    _ = reduce(&still, .presence(.loaded(id: still.presence.requestID, .failure(.offline("down")))))
    #expect(still.index.offline)
  }
}
