import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

/// The layout is a pure function of the terminal size, kept in the state by the reducer: page
/// sizes and the single-pane rules follow a resize without anything being drawn.
@Suite struct LayoutTests {
  func resized(_ state: inout AppState, rows: Int, cols: Int) {
    let effects = reduce(&state, .app(.terminalResized(TerminalSize(rows: rows, cols: cols))))
    #expect(effects.isEmpty)
  }

  @Test func resizingRecomputesTheLayoutAndThePageSize() {
    var state = AppState(settings: Settings(clientId: "x"))
    resized(&state, rows: 24, cols: 80)
    #expect(state.layout.mode == .stacked)
    #expect(state.layout.visibleListRows == 7)
    #expect(state.field.pageSize == 20, "7 rows × 2, at least 20")
    resized(&state, rows: 40, cols: 100)
    #expect(state.layout.mode == .sideBySide)
    #expect(state.field.pageSize == 72, "36 rows × 2")
    resized(&state, rows: 80, cols: 200)
    #expect(state.field.pageSize == 100, "at most 100")
    resized(&state, rows: 16, cols: 50)
    #expect(state.layout.mode == .singlePane)
    #expect(state.layout.list == state.layout.detail, "one pane at a time gets the whole body")
    #expect(state.field.pageSize == 24, "12 rows × 2")
    resized(&state, rows: 10, cols: 30)
    #expect(state.layout.mode == .tooSmall)
    #expect(state.field.pageSize == 24, "too small to show the list: the last page size stays")
  }

  /// Issue 40 item 23: side by side, the pane gets what its photo and fields need and the list
  /// the rest (at least 2/5, at most what a row holds): 59 list columns at 120, not 48.
  @Test func theSideBySideSplitIsSizedByWhatEachPaneHolds() {
    #expect(PhotoLayout.fits(bodyCols: Layout.detailContentCols - 1, bodyRows: 20), "the photo fits the pane")
    for (cols, list) in [(100, 40), (120, 59), (160, 99), (200, 100)] {
      let layout = Layout(rows: 40, cols: cols, detailOpen: false)
      #expect(layout.list.cols == list, "\(cols)")
      #expect(layout.list.cols + layout.divider.cols + layout.detail.cols == cols)
      #expect(layout.list.cols >= cols * 2 / 5 && layout.detail.cols >= Layout.detailContentCols - 1, "\(cols)")
    }
  }

  @Test func theDetailOverTheListClosesWhenThereIsRoomForBoth() {
    var state = AppState(settings: Settings(clientId: "x"))
    resized(&state, rows: 16, cols: 50)
    state.screen = .main
    state.search.results = [Person(id: "1", displayName: "Ann")]
    state.selectPerson(at: 0)
    _ = reduce(&state, .list(.detailOpened))
    #expect(state.singlePaneDetailOpen && state.isDetailCoveringList)
    #expect(state.visibleLayout.list == .zero && state.visibleLayout.detail == state.layout.body)
    resized(&state, rows: 24, cols: 80)
    #expect(!state.singlePaneDetailOpen)
    // Both panes show; the pane with the keyboard also has the rows the one-row list leaves
    // empty (issue 40, `StackedPaneRowsTests`).
    let visible = state.visibleLayout
    #expect(visible.list.rows > 0 && visible.detail.rows >= state.layout.detail.rows)
    #expect(visible.list.cols == state.layout.list.cols && visible.detail.maxRow == state.layout.detail.maxRow)
  }

  @Test func narrowingWhileTheDetailHasTheKeysShowsTheDetail() {
    var state = AppState(settings: Settings(clientId: "x"))
    resized(&state, rows: 30, cols: 100)
    state.screen = .main
    state.search.results = [Person(id: "1", displayName: "Ann")]
    state.selectPerson(at: 0)
    state.focus = .detail
    resized(&state, rows: 12, cols: 40)
    #expect(state.singlePaneDetailOpen && state.isDetailCoveringList, "the pane with the keys is the one shown")
    resized(&state, rows: 30, cols: 100)
    #expect(!state.singlePaneDetailOpen && state.focus == .detail)
  }
}
