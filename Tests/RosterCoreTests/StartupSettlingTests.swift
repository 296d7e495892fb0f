import Foundation
import RosterCore
import TestSupport
import Testing

/// The first frame waits while `isSettlingAtStart` (issue 19, item 14): it must be true exactly
/// while a start-up read is about to replace the screen, and false once it has answered.
@MainActor
struct StartupSettlingTests {
  static var indexedSettings: Settings {
    var settings = Fixtures.settings
    settings.index = true
    return settings
  }

  static let summary = LocalIndexSummary(complete: true, people: 3, lastSync: Date(timeIntervalSince1970: 0))

  @Test func theSavedSessionAndTheIndexAreAwaitedThenTheScreenIsSettled() {
    var state = AppState(settings: Self.indexedSettings)
    #expect(!state.isSettlingAtStart, "before start nothing is being read")
    _ = reduce(&state, .app(.started))
    #expect(state.isSettlingAtStart, "the saved session is being looked for")
    _ = reduce(&state, .app(.sessionRestored(Fixtures.account)))
    #expect(state.screen == .main)
    #expect(state.isSettlingAtStart, "the index is being opened for the status line")
    _ = reduce(&state, .index(.attached(Self.summary)))
    #expect(!state.isSettlingAtStart)
  }

  @Test func withNoSavedSessionTheSignInScreenIsSettled() {
    var state = AppState(settings: Self.indexedSettings)
    _ = reduce(&state, .app(.started))
    _ = reduce(&state, .app(.sessionRestored(nil)))
    #expect(state.screen == .login)
    #expect(!state.isSettlingAtStart)
  }

  @Test func withTheIndexOffTheRestoredSessionIsSettled() {
    var state = AppState(settings: Fixtures.settings)
    _ = reduce(&state, .app(.started))
    _ = reduce(&state, .app(.sessionRestored(Fixtures.account)))
    #expect(!state.isSettlingAtStart)
  }

  @Test func theSetupScreenHasNothingToWaitFor() {
    var state = AppState(settings: Settings())
    _ = reduce(&state, .app(.started))
    #expect(state.screen == .setup)
    #expect(!state.isSettlingAtStart)
  }
}
