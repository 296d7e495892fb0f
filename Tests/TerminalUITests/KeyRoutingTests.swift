import Foundation
import RosterCore
import Testing
@testable import TerminalUI

/// What keys mean on each screen: the root routes to the focused pane, then to global bindings.
@MainActor
@Suite struct KeyRoutingTests {
  func laidOut(_ state: AppState) -> RootViewController {
    let root = RootViewController()
    var buffer = ScreenBuffer(rows: state.terminal.rows, cols: state.terminal.cols)
    root.render(state, into: &buffer)
    return root
  }

  @Test func typingEditsTheQueryAndArrowsMoveTheSelection() {
    let state = ScreenFixtures.results(rows: 24, cols: 80)
    let root = laidOut(state)
    #expect(root.actions(for: .character("i"), in: state) == [.search(.queryChanged("ali"))])
    #expect(root.actions(for: .backspace, in: state) == [.search(.queryChanged("a"))])
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1))])
    #expect(root.actions(for: .control("n"), in: state) == [.list(.selectionMoved(by: 1))])
    #expect(root.actions(for: .control("p"), in: state) == [.list(.selectionMoved(by: -1))])
    #expect(root.actions(for: .home, in: state) == [.list(.selectionMovedTo(0))])
    #expect(root.actions(for: .character("q"), in: state) == [.search(.queryChanged("alq"))])
    #expect(root.actions(for: .escape, in: state) == [.search(.queryChanged(""))])
    #expect(root.actions(for: .paste("O'Brien\n"), in: state) == [.search(.queryChanged("alO'Brien"))])
  }

  @Test func qQuitsOnlyWhenTheFieldIsEmpty() {
    let state = ScreenFixtures.main(rows: 24, cols: 80)
    let root = laidOut(state)
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    #expect(root.actions(for: .control("c"), in: ScreenFixtures.results(rows: 24, cols: 80)) == [.app(.quitRequested)])
  }

  @Test func globalKeys() {
    let state = ScreenFixtures.results(rows: 24, cols: 80)
    let root = laidOut(state)
    #expect(root.actions(for: .character("?"), in: state) == [.app(.helpToggled)])
    #expect(root.actions(for: .tab, in: state) == [.app(.focusSwitched)])
    var help = state
    help.isHelpVisible = true
    #expect(root.actions(for: .character("x"), in: help) == [.app(.helpToggled)])
  }

  @Test func movingNearTheEndAsksForTheNextPage() {
    let state = ScreenFixtures.results(rows: 24, cols: 80, selected: 46, count: 50)
    let root = laidOut(state)
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1)), .list(.nearEndReached)])
    let early = ScreenFixtures.results(rows: 24, cols: 80, selected: 3, count: 50)
    #expect(root.actions(for: .down, in: early) == [.list(.selectionMoved(by: 1))])
  }

  @Test func enterOpensDetailInSinglePaneAndEscReturns() {
    let state = ScreenFixtures.results(rows: 20, cols: 50)
    let root = laidOut(state)
    #expect(root.actions(for: .enter, in: state) == [.list(.detailOpened)])
    var open = state
    open.singlePaneDetailOpen = true
    open.focus = .detail
    #expect(root.focusPath(open) == ["Root", "Detail"])
    #expect(root.actions(for: .escape, in: open) == [.detail(.closed)])
    let wide = ScreenFixtures.results(rows: 24, cols: 80)
    #expect(laidOut(wide).actions(for: .enter, in: wide) == [.app(.focusSwitched)])
  }

  @Test func layoutModesBySize() {
    #expect(Layout(rows: 40, cols: 120, detailOpen: false).mode == .sideBySide)
    #expect(Layout(rows: 24, cols: 100, detailOpen: false).mode == .sideBySide)
    #expect(Layout(rows: 24, cols: 99, detailOpen: false).mode == .stacked)
    #expect(Layout(rows: 24, cols: 60, detailOpen: false).mode == .stacked)
    #expect(Layout(rows: 24, cols: 59, detailOpen: false).mode == .singlePane)
    #expect(Layout(rows: 12, cols: 40, detailOpen: false).mode == .singlePane)
    #expect(Layout(rows: 11, cols: 80, detailOpen: false).mode == .tooSmall)
    #expect(Layout(rows: 24, cols: 39, detailOpen: false).mode == .tooSmall)
  }

  @Test func loginKeys() {
    var state = ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)
    let root = laidOut(state)
    #expect(root.actions(for: .character("c"), in: state) == [.login(.codeCopyRequested)])
    #expect(root.actions(for: .character("r"), in: state) == [.login(.newCodeRequested)])
    #expect(root.actions(for: .character("b"), in: state) == [.login(.browserRequested)])
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    state.login.phase = .browser(url: "https://x", listeningOn: nil)
    #expect(root.actions(for: .paste("http://localhost/?code=abc"), in: state) == [.login(.redirectFieldEdited("http://localhost/?code=abc"))])
    state.login.redirectField = Secret("http://localhost/?code=abc")
    #expect(root.actions(for: .enter, in: state) == [.login(.redirectURLSubmitted("http://localhost/?code=abc"))])
    #expect(root.actions(for: .escape, in: state) == [.login(.deviceCodeRequested)])
  }

  @Test func setupKeys() {
    var state = AppState(settings: Settings(), now: ScreenFixtures.epoch)
    state.terminal = TerminalSize(rows: 24, cols: 80)
    let root = laidOut(state)
    #expect(root.focusPath(state) == ["Root", "Setup"])
    #expect(root.actions(for: .character("a"), in: state) == [.setup(.fieldEdited(.clientId, "a"))])
    #expect(root.actions(for: .tab, in: state) == [.setup(.fieldFocused(.tenant))])
    #expect(root.actions(for: .enter, in: state) == [.setup(.submitted)])
  }

  @Test func mouseWheelAndClick() {
    let state = ScreenFixtures.results(rows: 40, cols: 120)
    let root = laidOut(state)
    let list = root.layout.list
    #expect(root.actions(for: .mouse(MouseEvent(kind: .wheelDown, row: list.row + 3, col: 2)), in: state) == [.list(.selectionMoved(by: 3))])
    #expect(root.actions(for: .mouse(MouseEvent(kind: .press(button: 0), row: list.row + 2 + 4, col: 2)), in: state) == [.list(.selectionMovedTo(4))])
  }

  @Test func controlCharactersNeverReachTheScreen() {
    let root = RootViewController()
    var buffer = ScreenBuffer(rows: 40, cols: 120)
    root.render(ScreenFixtures.results(rows: 40, cols: 120, selected: 6), into: &buffer)
    for row in 0..<buffer.rows {
      let text = buffer.text(ofRow: row)
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E })
    }
  }
}
