import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// The account picker (Ctrl-T, issue 21) drawn at 120×40, 80×24 and 40×12 over the people
/// browser, and the keys it takes.
@MainActor
@Suite struct AccountPickerSnapshotTests {
  static let sizes: [(rows: Int, cols: Int)] = [(40, 120), (24, 80), (12, 40)]

  static let accounts = [
    AccountSummary(
      key: "h|c|oid.5b1c", username: "aoife.oconnor@contoso.onmicrosoft.com",
      tenantId: "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44", name: "work", isActive: true),
    AccountSummary(
      key: "h2|c|guest.8e2d", username: "aoife.oconnor_contoso.onmicrosoft.com#EXT#@fabrikam.onmicrosoft.com",
      tenantId: "8e2d4b7a-1c3f-4a5e-9b6d-2f0c7e1a3d55"),
    AccountSummary(
      key: "b|c|cust.b2c", username: "customer@example.com", tenantId: "contoso.onmicrosoft.com", isB2C: true,
      isSignedIn: false),
  ]

  static func pickerOpen(rows: Int, cols: Int, selection: Int = 1) -> AppState {
    var state = ScreenFixtures.results(rows: rows, cols: cols)
    state.accounts.isOpen = true
    state.accounts.accounts = accounts
    state.accounts.currentKey = accounts[0].key
    state.accounts.selection = selection
    state.accounts.severalSignedIn = true
    return state
  }

  func snapshot(_ name: String, _ makeState: (Int, Int) -> AppState) {
    for size in Self.sizes {
      let root = RootViewController()
      var buffer = ScreenBuffer(rows: size.rows, cols: size.cols)
      root.render(makeState(size.rows, size.cols), into: &buffer)
      assertSnapshot(buffer, named: "\(name)-\(size.cols)x\(size.rows)")
    }
  }

  @Test func pickerListsTheAccountsAndMarksTheCurrentOne() {
    snapshot("accounts-picker") { Self.pickerOpen(rows: $0, cols: $1) }
  }

  @Test func pickerWhileReading() {
    snapshot("accounts-reading") { rows, cols in
      var state = Self.pickerOpen(rows: rows, cols: cols)
      state.accounts.accounts = nil
      return state
    }
  }

  /// Mid-switch nothing of the old account is on screen, and the status line says so.
  @Test func switchingShowsNothingOfTheOldAccount() {
    snapshot("accounts-switching") { rows, cols in
      var state = Self.pickerOpen(rows: rows, cols: cols)
      _ = reduce(&state, .accounts(.chosen))
      return state
    }
  }

  @Test func statusLineNamesTheTenantWhenSeveralAreSignedIn() {
    var state = ScreenFixtures.main(rows: 12, cols: 40)
    state.accounts.severalSignedIn = true
    let narrow = RootViewController.whoIsSignedIn(state, fitting: 20)
    #expect(narrow.contains("contoso."), "\(narrow)")
    let wide = RootViewController.whoIsSignedIn(state, fitting: 80)
    #expect(wide == "megan.bowen@contoso.onmicrosoft.com · tenant contoso.onmicrosoft.com")
    state.accounts.severalSignedIn = false
    #expect(RootViewController.whoIsSignedIn(state, fitting: 20) == "megan.bowen")
  }

  @Test func pickerKeys() {
    let root = RootViewController()
    let state = Self.pickerOpen(rows: 24, cols: 80)
    #expect(root.actions(for: .down, in: state) == [.accounts(.selectionMoved(by: 1))])
    #expect(root.actions(for: .up, in: state) == [.accounts(.selectionMoved(by: -1))])
    #expect(root.actions(for: .enter, in: state) == [.accounts(.chosen)])
    #expect(root.actions(for: .character("a"), in: state) == [.accounts(.addRequested)])
    #expect(root.actions(for: .escape, in: state) == [.accounts(.dismissed)])
    // Typing does not reach the search field behind the picker.
    #expect(root.actions(for: .character("x"), in: state) == [])
    var closed = state
    closed.accounts.isOpen = false
    #expect(root.actions(for: .control("t"), in: closed) == [.accounts(.pickerRequested)])
    closed.isDemo = true
    #expect(root.actions(for: .control("t"), in: closed) != [.accounts(.pickerRequested)])
  }
}
