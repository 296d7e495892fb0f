import Foundation
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 28 (12): while the demo signs itself in, letters are the search's, not the sign-in
/// screen's commands (`quinn` must not quit, `bob` must not start the browser flow), and the screen
/// says the demo signs in by itself. A real sign-in keeps its commands.
@MainActor
@Suite struct DemoTypeAheadTests {
  static func demoSigningIn() -> AppState {
    var state = ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)
    state.isDemo = true
    return state
  }

  @Test func lettersTypedWhileTheDemoSignsInAreTheSearch() {
    let root = RootViewController()
    var state = Self.demoSigningIn()
    var sent: [AppAction] = []
    for letter in "quinn?" {
      let result = root.handle(.character(letter), in: state)
      sent += result.actions
      if case .login(.typedAhead(let text)) = result.actions.last { state.field.query = CleanText(text) }
    }
    #expect(sent.last == .login(.typedAhead("quinn?")))
    #expect(!sent.contains(.app(.quitRequested)) && !sent.contains(.app(.helpToggled)))
    #expect(root.handle(.backspace, in: state).actions == [.login(.typedAhead("quinn"))])

    var screen = ScreenBuffer(rows: 24, cols: 80)
    root.render(state, into: &screen)
    let text = screen.snapshot()
    #expect(text.contains("Demo: signing in by itself"), "\(text)")
    #expect(text.contains("Search: quinn?"), "\(text)")
  }

  @Test func aRealSignInKeepsItsLettersAsCommands() {
    let root = RootViewController()
    let state = ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)
    #expect(root.handle(.character("b"), in: state).actions == [.login(.browserRequested)])
  }
}
