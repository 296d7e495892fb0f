import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 33 in the pane: `h` is offered only to a sign-in whose scopes allow a part, opens the
/// Account section through the reducer (one `.loadHealth` effect), and the section draws the
/// parts, a refusal in plain words and the failed sign-ins; a second press closes it.
@MainActor
@Suite struct AccountHealthPaneTests {
  static let alice = ScreenFixtures.people[0]

  static func paneState(scopes: [String]) -> AppState {
    var state = ScreenFixtures.results(rows: 40, cols: 120, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: alice)))
    state.focus = .detail
    state.account?.grantedScopes = scopes
    return state
  }

  static func screen(_ state: AppState) -> String { ScreenFixtures.screen(state) }

  @Test func aColleagueBrowserIsNotOfferedTheKey() {
    let state = Self.paneState(scopes: ["User.ReadBasic.All"])
    let table = RootViewController().focused(state).keyTable(in: state)
    #expect(!table.commands.contains { $0.help?.contains("account") == true })
    #expect(!RootViewController().actions(for: .character("h"), in: state).contains(.health(.toggled)))
  }

  @Test func theKeyOpensTheSectionAndAsksOnce() {
    var state = Self.paneState(scopes: ["User.Read.All", "AuditLog.Read.All", "Directory.Read.All"])
    let actions = RootViewController().actions(for: .character("h"), in: state)
    #expect(actions == [.health(.toggled)])
    let effects = actions.flatMap { reduce(&state, $0) }
    #expect(
      effects == [
        .cancel(id: .health),
        .loadHealth(personID: Self.alice.id, scopes: state.account!.grantedScopes, requestID: 1),
      ])
    #expect(Self.screen(state).split(separator: "\n").contains { $0.contains("Account ") && $0.contains("…") })
    let report = HealthReport(
      health: AccountHealth(
        state: .loaded(AccountState(accountEnabled: false, userType: "Member")),
        lastSignIn: .refused("Last sign-in: needs Entra ID P1 — no premium licence")),
      failedSignIns: .loaded([
        SignInLogEntry(
          id: "s1", createdDateTime: state.now.addingTimeInterval(-600), appDisplayName: "Outlook", errorCode: 50126)
      ]))
    _ = reduce(&state, .health(.loaded(id: 0, personID: Self.alice.id, report)))
    #expect(state.health.byPerson.isEmpty, "an answer to another request is dropped")
    _ = reduce(&state, .health(.loaded(id: 1, personID: Self.alice.id, report)))
    let screen = Self.screen(state)
    #expect(screen.contains("Enabled: no"))
    #expect(screen.contains("needs Entra ID P1"))
    #expect(screen.contains("FAILED") && screen.contains("50126: Wrong user name or password"))
    // Closed and opened again: nothing is asked a second time.
    #expect(reduce(&state, .health(.toggled)).isEmpty && state.health.shownFor == nil)
    #expect(reduce(&state, .health(.toggled)).isEmpty && state.health.shownFor == Self.alice.id)
  }
}
