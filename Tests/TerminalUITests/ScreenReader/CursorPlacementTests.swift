import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 44 item 1: every frame says where the terminal's cursor stands — in the search field
/// while typing, on the selected row's first column after a key that moved the selection, on the
/// focused pane's selected line, on an overlay — because a screen reader follows the cursor.
@MainActor
@Suite struct CursorPlacementTests {
  private func draw(_ state: AppState, _ root: RootViewController) -> ScreenBuffer {
    var buffer = ScreenBuffer(rows: state.terminal.rows, cols: state.terminal.cols)
    root.render(state, into: &buffer)
    return buffer
  }

  /// The row on screen whose text starts with the selection marker inside `rect`.
  private func selectedRow(_ buffer: ScreenBuffer, in rect: Rect) -> Int? {
    (rect.row..<rect.maxRow).first { row in
      let text = buffer.text(ofRow: row)
      return text.dropFirst(rect.col).hasPrefix(">")
    }
  }

  @Test(arguments: [(24, 80), (12, 40), (40, 120)])
  func typingLeavesItInTheFieldAndArrowsOnTheSelectedRow(rows: Int, cols: Int) throws {
    let root = RootViewController()
    var state = ScreenFixtures.results(rows: rows, cols: cols, selected: 0)
    let list = state.visibleLayout.list
    // Typing: the cursor stands after the query, in the field's row.
    let typed = try #require(root.actions(for: .character("i"), in: state).first)
    #expect(typed == .search(.queryChanged("ali")))
    state.field.query = "ali"
    var buffer = draw(state, root)
    #expect(buffer.cursor == CellPosition(row: list.row, col: list.col + "Search: ali".count))

    // Down moves the selection: the cursor goes to the selected row's first column.
    for step in 1...3 {
      #expect(root.actions(for: .down, in: state) == [.list(.selectionMoved(by: 1))])
      state.selectPerson(at: step)
      buffer = draw(state, root)
      let row = try #require(selectedRow(buffer, in: list), "no selected row drawn")
      #expect(buffer.cursor == CellPosition(row: row, col: list.col), "after Down ×\(step)")
    }

    // A key for the field again (← moves in the text): back in the field, at the moved cursor.
    _ = root.actions(for: .left, in: state)
    buffer = draw(state, root)
    #expect(buffer.cursor == CellPosition(row: list.row, col: list.col + "Search: al".count))
  }

  @Test func theFocusedPaneHoldsItOnItsTitleWithNothingSelected() {
    let root = RootViewController()
    var state = ScreenFixtures.results(rows: 24, cols: 80, selected: 1)
    state.focus = .detail
    let buffer = draw(state, root)
    let pane = state.visibleLayout.detail
    #expect(buffer.cursor == CellPosition(row: pane.row, col: pane.col))
  }

  @Test func helpAndTheTooSmallScreenTakeIt() {
    let root = RootViewController()
    var state = ScreenFixtures.results(rows: 24, cols: 80)
    state.isHelpVisible = true
    var buffer = draw(state, root)
    let cursor = buffer.cursor
    #expect(
      cursor.map { buffer.text(ofRow: $0.row).contains("Search and list") } == true, "\(String(describing: cursor))")

    state = ScreenFixtures.results(rows: 5, cols: 10)
    buffer = draw(state, root)
    let small = buffer.cursor
    #expect(small != nil)
    if let small { #expect(buffer.text(ofRow: small.row).contains("Terminal")) }
  }

  /// Quiet frames: drawing the same state twice gives the same cells and the same cursor, so
  /// ncurses (which writes only changed cells, and moves the cursor only when it is elsewhere)
  /// sends nothing for a key that changes nothing.
  @Test func theSameStateDrawsTheSameFrame() {
    let root = RootViewController()
    let state = ScreenFixtures.results(rows: 24, cols: 80, selected: 0)
    _ = draw(state, root)
    _ = root.actions(for: .down, in: state)
    let first = draw(state, root)
    #expect(first.cursor == CellPosition(row: 2, col: 0), "on the selected first row")
    #expect(root.actions(for: .up, in: state) == [.list(.selectionMoved(by: -1))])
    let second = draw(state, root)
    let changed = (0..<first.rows).filter { first.cells[$0] != second.cells[$0] }
    #expect(changed.isEmpty, "rows \(changed) differ")
    #expect(first.cursor == second.cursor)
  }
}
