import Geometry
import RosterCore
import Testing

/// Issue 40 item 25: stacked (60–99 columns), the pane with the keyboard gets the rows a short
/// list leaves empty; the list gets them back with the keyboard, and a long list keeps its share.
@MainActor
@Suite struct StackedPaneRowsTests {
  static func stacked(people: Int) -> AppState {
    var state = AppState(settings: Settings(clientId: "x"))
    _ = reduce(&state, .app(.terminalResized(TerminalSize(rows: 30, cols: 80))))
    state.screen = .main
    state.search.results = (0..<people).map { Person(id: "\($0)", displayName: "Ann \($0)") }
    state.selectPerson(at: 0)
    return state
  }

  @Test func aShortListGivesThePaneWithTheKeyboardItsEmptyRows() {
    var state = Self.stacked(people: 2)
    #expect(state.layout.mode == .stacked)
    #expect(state.visibleLayout == state.layout, "the list has the keyboard: as laid out")
    state.focus = .detail
    let visible = state.visibleLayout
    #expect(visible.list.rows == 2 + 2 + 3, "the field, its status, two rows and room for dividers")
    #expect(visible.detail.rows == state.layout.detail.rows + (state.layout.list.rows - visible.list.rows))
    #expect(visible.divider.row == visible.list.maxRow && visible.detail.row == visible.divider.maxRow)
    #expect(visible.detail.maxRow == state.layout.detail.maxRow, "the pane still ends above the status line")
  }

  @Test func aLongListKeepsItsShare() {
    var state = Self.stacked(people: 40)
    state.focus = .detail
    #expect(state.visibleLayout == state.layout)
  }
}
