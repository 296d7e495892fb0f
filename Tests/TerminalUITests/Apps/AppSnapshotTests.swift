import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// App registrations and enterprise apps on screen at 120×40, 80×24 and 40×12: beside groups and
/// people, alone (Ctrl-G), an app's pane with a credential of each case, what it may do, its
/// owners and its other half, an enterprise app from another organisation, the read loading and
/// failed, the permission missing, and the pane read from the index offline. The snapshots sit
/// in `__Snapshots__/Apps/`, as the devices' do in theirs.
@MainActor
@Suite struct AppSnapshotTests {
  typealias Fixtures = AppScreenFixtures

  func snapshot(_ name: String, _ makeState: (Int, Int) -> AppState) {
    GroupSnapshotTests().snapshot("Apps/" + name, makeState)
  }

  @Test func appsBesideGroupsAndPeople() {
    snapshot("apps-mixed-list") { Fixtures.mixed(rows: $0, cols: $1) }
  }

  /// Ctrl-G to apps alone; the pane lists credentials, permissions, owners, then the enterprise
  /// app, with the keyboard on the first owner.
  @Test func anAppsPaneWithCredentialsPermissionsOwnersAndItsEnterpriseApp() {
    snapshot("apps-only-pane") { rows, cols in
      Fixtures.appsOnly(rows: rows, cols: cols, Fixtures.payroll, Fixtures.loaded(Fixtures.payrollDetail))
    }
  }

  /// The enterprise app selected in the pane: the last walkable row.
  @Test func theOtherHalfIsTheLastRow() {
    snapshot("apps-pane-counterpart-selected") { rows, cols in
      Fixtures.appsOnly(
        rows: rows, cols: cols, Fixtures.payroll, Fixtures.loaded(Fixtures.payrollDetail), rowIndex: 2)
    }
  }

  /// Another organisation's app, disabled, its secrets run out, nobody here owns it.
  @Test func anEnterpriseAppFromAnotherOrganisation() {
    snapshot("enterprise-apps-other-organisation") { rows, cols in
      Fixtures.appsOnly(rows: rows, cols: cols, Fixtures.alfresco, Fixtures.loaded(Fixtures.alfrescoDetail))
    }
  }

  @Test func anAppsPaneWhileItsOwnersAreRead() {
    snapshot("apps-pane-loading") { Fixtures.appsOnly(rows: $0, cols: $1, Fixtures.payroll, .loading) }
  }

  @Test func anAppsPaneWhoseReadFailed() {
    snapshot("apps-pane-failed") { rows, cols in
      Fixtures.appsOnly(rows: rows, cols: cols, Fixtures.payroll, .failed("Microsoft Graph did not answer in time."))
    }
  }

  /// A hostile name selected: cleaned of its escapes and bidi controls, cut to the pane.
  @Test func aHostileNameIsCleanedAndCut() {
    snapshot("apps-hostile-pane") { rows, cols in
      Fixtures.appsOnly(
        rows: rows, cols: cols, Fixtures.hostile,
        Fixtures.loaded(AppDetail(app: Fixtures.hostile, owners: [], counterpart: .none, permissions: [])))
    }
  }

  @Test func appsWithoutThePermission() {
    snapshot("apps-permission") { rows, cols in
      var state = Fixtures.mixed(rows: rows, cols: cols)
      state.list.kind = .only(.app)
      state.apps.status = .needsPermission("Application.Read.All")
      state.apps.results = []
      state.apps.resultsQuery = nil
      state.list.selected = nil
      state.detail.pane = .empty
      return state
    }
  }

  /// Read from the index: the facts and credentials, and that owners, permissions and the other
  /// half are not kept offline.
  @Test func anAppFromTheIndexOffline() {
    snapshot("apps-offline-pane") { rows, cols in
      var state = Fixtures.mixed(rows: rows, cols: cols)
      state.index.attached = true
      state.index.offline = true
      state.index.summary = LocalIndexSummary(
        complete: true, people: 8, lastSync: ScreenFixtures.epoch.addingTimeInterval(-600))
      state.index.summary?.kinds[.app] = KindIndexCount(count: 2)
      state.apps.fromIndex = true
      state.detail.pane = Fixtures.pane(
        Fixtures.payroll, Fixtures.loaded(AppDetail(app: Fixtures.payroll, owners: nil, fromIndex: true)))
      return state
    }
  }

  /// A service principal from a group's members: only its name is known until the read answers.
  @Test func aPartialEnterpriseAppFromAGroupsMembers() {
    snapshot("enterprise-apps-partial-pane") { rows, cols in
      var partial = EnterpriseApp(id: "sp-ci", displayName: "CI pipeline")
      partial.isPartial = true
      var state = Fixtures.appsOnly(rows: rows, cols: cols, partial, .loading)
      state.list.kind = .all
      return state
    }
  }

  /// The pane's selectable lines are `walkable`'s, in order: owners, then the other half.
  @Test func theSelectableLinesAreTheOwnersThenTheOtherHalf() {
    let pane = ItemPane(AnyListedItem(Fixtures.payroll), detail: Fixtures.loaded(Fixtures.payrollDetail))
    let state = Fixtures.mixed(rows: 24, cols: 80)
    let (lines, rowLines) = Fixtures.payroll.paneLines(pane, in: state, width: 70)
    #expect(pane.walkable.map(\.id) == ["u-ivan", "u-aoife", "sp-payroll"])
    #expect(rowLines.count == 3)
    #expect(lines[rowLines[0]].text.contains("Ivan Petrov"))
    #expect(lines[rowLines[1]].text.contains("Aoife O'Connor"))
    #expect(lines[rowLines[2]].text.contains("Enterprise app: Alpine Payroll Sync"))
    #expect(lines.contains { $0.text.contains("and 1 hidden from the address list") })
    #expect(!lines.contains { $0.text.contains("Hidden Owner") }, "a hidden owner is counted, never named")
  }

  /// Past due and due within 30 days warn; months away and no end do not; Sign and Verify are one.
  @Test func credentialsWarnWhenPastOrDueSoon() {
    let lines = AppCredentialLines(credentials: Fixtures.payroll.credentials, now: Fixtures.now, width: 100).lines
    #expect(lines.count == 5, "a heading and four credentials: \(lines.map(\.text))")
    #expect(lines[1].text.contains("expired 3 days ago") && lines[1].style == .warning)
    #expect(lines[2].text.contains("certificate") && lines[2].text.contains("expires in 7 days"))
    #expect(lines[2].style == .warning)
    #expect(lines[3].text.contains("expires in 4 months") && lines[3].style == .plain)
    #expect(lines[4].text.contains("no end date") && lines[4].style == .plain)
  }

  @Test func rowAddressesSayTheWordThenTheSoonestCredential() {
    #expect(Fixtures.payroll.listAddress(now: Fixtures.now) == "app · expired 3 days ago")
    #expect(Fixtures.payroll.listWarning(now: Fixtures.now) == .warning)
    #expect(Fixtures.alfresco.listAddress(now: Fixtures.now) == "enterprise app · disabled · 2 secrets expired")
    #expect(Fixtures.payrollEnterprise.listAddress(now: Fixtures.now) == "enterprise app · no credentials")
    #expect(Fixtures.payrollEnterprise.listWarning(now: Fixtures.now) == nil)
    #expect(!Fixtures.hostile.listName.contains("\u{1B}") && !Fixtures.hostile.listName.contains("\u{202E}"))
    #expect(AppRegistration.listGlyph != Device.listGlyph && AppRegistration.listGlyph != Room.listGlyph)
  }
}
