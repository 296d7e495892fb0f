import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// What keys mean on each screen: the root routes to the focused pane, then to global bindings.
/// No test renders first: the layout a key needs is in the state (`AppState.layout`).
@MainActor
@Suite struct KeyRoutingTests {

  @Test func typingEditsTheQueryAndArrowsMoveTheSelection() {
    let state = ScreenFixtures.results(rows: 24, cols: 80)
    let root = RootViewController()
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
    let root = RootViewController()
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    #expect(root.actions(for: .control("c"), in: ScreenFixtures.results(rows: 24, cols: 80)) == [.app(.quitRequested)])
  }

  /// Issue 40 item 6: the too-small screen says "q quits"; there `q` quits whatever the hidden
  /// field holds or help being open, and no other key reaches the hidden screens.
  @Test func qQuitsTheTooSmallScreenAndNothingElseActs() {
    let root = RootViewController()
    var state = ScreenFixtures.results(rows: 10, cols: 30)
    #expect(state.visibleLayout.mode == .tooSmall)
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    #expect(root.actions(for: .character("Q"), in: state) == [.app(.quitRequested)])
    #expect(root.actions(for: .control("c"), in: state) == [.app(.quitRequested)])
    for key: Key in [.character("x"), .character("?"), .backspace, .escape, .tab, .enter, .down, .paste("zoe")] {
      #expect(root.actions(for: key, in: state) == [], "\(key)")
    }
    state.isHelpVisible = true
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    state.isHelpVisible = false
    state.accounts.isOpen = true
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
  }

  @Test func globalKeys() {
    let state = ScreenFixtures.results(rows: 24, cols: 80)
    let root = RootViewController()
    #expect(root.actions(for: .character("?"), in: state) == [.app(.helpToggled)])
    #expect(root.actions(for: .tab, in: state) == [.app(.focusSwitched)])
    var help = state
    help.isHelpVisible = true
    #expect(root.actions(for: .character("x"), in: help) == [.app(.helpToggled)])
  }

  @Test func movingNearTheEndAsksForTheNextPage() {
    let state = ScreenFixtures.results(rows: 24, cols: 80, selected: 46, count: 50)
    let root = RootViewController()
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1)), .list(.nearEndReached)])
    let early = ScreenFixtures.results(rows: 24, cols: 80, selected: 3, count: 50)
    #expect(root.actions(for: .down, in: early) == [.list(.selectionMoved(by: 1))])
  }

  /// A held key must not reach the end of a page before its successor arrives: the next page is
  /// asked for half a page ahead (10 rows of a 20-row page), not only in the last five rows.
  @Test func theNextPageIsAskedForHalfAPageAhead() {
    var state = ScreenFixtures.results(rows: 24, cols: 80, selected: 38, count: 50)
    state.field.pageSize = 20
    let root = RootViewController()
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1))])
    state.list.selected = state.listRow(at: 39)?.rowID
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1)), .list(.nearEndReached)])
    state.field.pageSize = 4
    state.list.selected = state.listRow(at: 43)?.rowID
    #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1))])
  }

  /// Tab at the end of the field completes the filter there (names, then values the index
  /// holds); with nothing to complete it switches panes as everywhere.
  @Test func tabCompletesAFilterElseSwitchesPanes() {
    let root = RootViewController()
    var state = ScreenFixtures.results(rows: 24, cols: 80)
    state.field.query = "ann dep"
    #expect(root.actions(for: .tab, in: state) == [.search(.queryChanged("ann dept:"))])
    state.index.summary = LocalIndexSummary(complete: true, people: 3, lastSync: state.now)
    state.index.filterValues = [.department: ["Finance", "Sales"]]
    state.field.query = "ann dept:fi"
    #expect(root.actions(for: .tab, in: state) == [.search(.queryChanged("ann dept:Finance "))])
    state.field.query = "alex"
    #expect(root.actions(for: .tab, in: state) == [.app(.focusSwitched)])
  }

  @Test func enterOpensDetailInSinglePaneAndEscReturns() {
    let state = ScreenFixtures.results(rows: 20, cols: 50)
    let root = RootViewController()
    #expect(root.actions(for: .enter, in: state) == [.list(.detailOpened)])
    var open = state
    open.singlePaneDetailOpen = true
    open.focus = .detail
    #expect(root.focusPath(open) == ["Root", "Detail"])
    #expect(root.actions(for: .escape, in: open) == [.detail(.closed)])
    let wide = ScreenFixtures.results(rows: 24, cols: 80)
    #expect(RootViewController().actions(for: .enter, in: wide) == [.app(.focusSwitched)])
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
    let root = RootViewController()
    #expect(root.actions(for: .character("c"), in: state) == [.login(.codeCopyRequested)])
    #expect(root.actions(for: .character("r"), in: state) == [.login(.newCodeRequested)])
    #expect(root.actions(for: .character("b"), in: state) == [.login(.browserRequested)])
    #expect(root.actions(for: .character("q"), in: state) == [.app(.quitRequested)])
    state.login.phase = .browser(url: "https://x", listeningOn: nil)
    #expect(root.actions(for: .character("c"), in: state) == [.login(.addressCopyRequested)])
    #expect(
      root.actions(for: .paste("http://localhost/?code=abc"), in: state) == [
        .login(.redirectFieldEdited("http://localhost/?code=abc"))
      ])
    state.login.redirectField = Secret("http://localhost/?code=abc")
    #expect(root.actions(for: .enter, in: state) == [.login(.redirectURLSubmitted("http://localhost/?code=abc"))])
    #expect(
      root.actions(for: .character("c"), in: state) == [.login(.redirectFieldEdited("http://localhost/?code=abcc"))],
      "with text in the field, c is typed")
    #expect(root.actions(for: .escape, in: state) == [.login(.deviceCodeRequested)])
  }

  @Test func setupKeys() {
    var state = AppState(settings: Settings(), now: ScreenFixtures.epoch)
    state.terminal = TerminalSize(rows: 24, cols: 80)
    let root = RootViewController()
    #expect(root.focusPath(state) == ["Root", "Setup"])
    #expect(root.actions(for: .character("a"), in: state) == [.setup(.fieldEdited(.clientId, "a"))])
    #expect(root.actions(for: .tab, in: state) == [.setup(.fieldFocused(.tenant))])
    #expect(root.actions(for: .enter, in: state) == [.setup(.submitted)])
  }

  @Test func mouseWheelAndClick() {
    let state = ScreenFixtures.results(rows: 40, cols: 120)
    let root = RootViewController()
    let list = state.visibleLayout.list
    #expect(
      root.actions(for: .mouse(MouseEvent(kind: .wheelDown, row: list.row + 3, col: 2)), in: state) == [
        .list(.selectionMoved(by: 3))
      ])
    #expect(
      root.actions(for: .mouse(MouseEvent(kind: .press(button: 0), row: list.row + 2 + 4, col: 2)), in: state) == [
        .list(.selectionMovedTo(4))
      ])
  }

  /// PgDn moves by the list's rows less one, known from the state before anything is drawn.
  @Test func pageKeysNeedNoRender() {
    let state = ScreenFixtures.results(rows: 24, cols: 80, selected: 3, count: 50)
    #expect(state.layout.listPageStep == 6)
    #expect(RootViewController().actions(for: .pageDown, in: state) == [.list(.selectionMoved(by: 6))])
    let tall = ScreenFixtures.results(rows: 40, cols: 120, selected: 3, count: 50)
    #expect(RootViewController().actions(for: .pageUp, in: tall) == [.list(.selectionMoved(by: -35))])
  }

  /// "Handled here, nothing to send" and "not mine" differ: a scroll key stops in the detail
  /// pane, Esc with an empty query goes on to the root (which dismisses a banner).
  @Test func handledAndIgnoredDiffer() {
    var state = ScreenFixtures.results(rows: 40, cols: 120)
    state.focus = .detail
    let root = RootViewController()
    #expect(root.detail.handle(.down, in: state) == .handled([]))
    #expect(root.detail.handle(.function(5), in: state) == .ignored)
    var empty = ScreenFixtures.main(rows: 24, cols: 80)
    #expect(root.list.handle(.escape, in: empty) == .ignored)
    empty.banner = Banner(message: "Copied", expiresAt: ScreenFixtures.epoch)
    #expect(root.handle(.escape, in: empty) == .handled([.app(.bannerDismissed)]))
    #expect(root.handle(.control("l"), in: empty) == .terminal(.redraw))
    #expect(root.handle(.control("z"), in: empty) == .terminal(.suspend))
    empty.isHelpVisible = true
    #expect(root.handle(.control("c"), in: empty) == .handled([.app(.quitRequested)]))
  }

  @Test func controlCharactersNeverReachTheScreen() {
    let root = RootViewController()
    var buffer = ScreenBuffer(rows: 40, cols: 120)
    root.render(ScreenFixtures.results(rows: 40, cols: 120, selected: 6), into: &buffer)
    for row in 0..<buffer.rows {
      let text = buffer.text(ofRow: row)
      #expect(
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E })
    }
  }
}
