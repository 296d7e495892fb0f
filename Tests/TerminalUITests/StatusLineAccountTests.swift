import Foundation
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 40 item 25: the status line names the account whole, in the longest form that fits, or
/// not at all; never cut with "…" into a name that reads as someone else's.
@MainActor
@Suite struct StatusLineAccountTests {
  @Test func theAccountIsWholeOrLeftOut() {
    var state = ScreenFixtures.results(rows: 12, cols: 40)
    state.account = ScreenFixtures.account(full: true)
    state.account?.username = "konstantinos.papadopoulos@contoso.onmicrosoft.com"
    #expect(RootViewController.whoIsSignedIn(state, fitting: 25) == "konstantinos.papadopoulos")
    #expect(RootViewController.whoIsSignedIn(state, fitting: 20) == "")
    let screen = ScreenFixtures.lines(state).joined(separator: "\n")
    #expect(!screen.contains("konstantinos.pa") || screen.contains("konstantinos.papadopoulos"), "\(screen)")
    #expect(!screen.contains("papado…") && !screen.contains("konstantin…"), "\(screen)")
  }
}
