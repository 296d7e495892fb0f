import Foundation
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 40 item 2: phones, company and office come with the full profile, not the list's row.
/// While it loads they read "…"; when it fails they are left out above the error, never "not
/// set"; a value already known (from the index) still shows; once the profile came, its null is
/// "not set".
@MainActor
@Suite struct UnreceivedProfilePaneTests {
  /// Alice as the list's row knows her: no phones, company or office.
  static let row = Person(
    id: ScreenFixtures.people[0].id, displayName: "Alice Smith", mail: "alice.smith@contoso.com",
    userPrincipalName: "alice@contoso.com", jobTitle: "Product Manager", department: "Product")

  static func screen(_ status: PersonStatus) -> [Substring] {
    var state = ScreenFixtures.results(rows: 40, cols: 120, selected: 0)
    state.detail.showPerson(status)
    return ScreenFixtures.screen(state).split(separator: "\n")
  }

  static func line(_ screen: [Substring], _ label: String) -> Substring? {
    screen.first { $0.contains(label + "  ") }
  }

  @Test func aFailedProfileLeavesOutWhatItNeverSent() {
    let screen = Self.screen(.failed(Self.row, message: "Microsoft Graph answered HTTP 503"))
    #expect(screen.contains { $0.contains("Could not load the full profile") })
    for label in ["Business phone", "Mobile", "Company", "Office"] {
      #expect(Self.line(screen, label) == nil, "\(label) was never received:\n\(screen.joined(separator: "\n"))")
    }
    #expect(Self.line(screen, "Job title")?.contains("Product Manager") == true)
  }

  @Test func aKnownValueStillShowsBesideTheError() {
    var known = Self.row
    known.companyName = "Contoso"
    let screen = Self.screen(.failed(known, message: "Microsoft Graph answered HTTP 503"))
    #expect(Self.line(screen, "Company")?.contains("Contoso") == true)
    #expect(Self.line(screen, "Office") == nil)
  }

  /// Item 1 in the pane: an Account state Graph did not return reads "unknown", with what it needs.
  @Test func anAccountStateGraphDidNotReturnIsUnknownInThePane() {
    var state = ScreenFixtures.results(rows: 40, cols: 120, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: Self.row)))
    state.account?.grantedScopes = ["User.Read.All"]
    state.health.shownFor = Self.row.id
    state.health.byPerson[Self.row.id] = HealthReport(health: AccountHealth(state: .loaded(AccountState())))
    let screen = ScreenFixtures.screen(state)
    #expect(screen.contains("Account state: unknown"), "\(screen)")
    #expect(!screen.contains("Cloud-only") && !screen.contains("Usage location"), "\(screen)")
  }

  @Test func whileLoadingTheyWaitAndOnceLoadedANullIsNotSet() {
    let loading = Self.screen(.loading(Self.row))
    #expect(Self.line(loading, "Company")?.contains("…") == true)
    #expect(!(Self.line(loading, "Office")?.contains("not set") ?? true))
    let loaded = Self.screen(.loaded(PersonDetail(person: Self.row)))
    #expect(Self.line(loaded, "Company")?.contains("not set") == true)
    #expect(Self.line(loaded, "Office")?.contains("not set") == true)
  }
}
