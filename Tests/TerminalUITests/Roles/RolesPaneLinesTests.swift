import Foundation
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 43 item 1 in the pane: the Account section gains a Roles part after its existing lines —
/// one line per role and how it is held, "Roles: none", or the client's refusal muted — and
/// nothing at all when the roles were not asked (a sign-in without a role-reading permission).
@MainActor
@Suite struct RolesPaneLinesTests {
  static let alice = ScreenFixtures.people[0]

  static func lines(_ roles: HealthOutcome<PersonRoles>) -> [(label: String, value: String, style: Style)] {
    var state = AccountHealthPaneTests.paneState(scopes: ["User.Read.All", "RoleManagement.Read.Directory"])
    state.health.shownFor = alice.id
    var report = HealthReport(health: AccountHealth(state: .loaded(AccountState(accountEnabled: true))))
    report.roles = roles
    state.health.byPerson[alice.id] = report
    return state.healthLines(of: alice)
  }

  static func values(_ lines: [(label: String, value: String, style: Style)]) -> [String] {
    lines.map { $0.value.trimmingCharacters(in: .whitespaces) }
  }

  @Test func eachRoleIsALineAfterTheExistingOnes() throws {
    let until = try #require(ISO8601DateFormatter().date(from: "2027-01-01T00:00:00Z"))
    let lines = Self.lines(
      .loaded(
        PersonRoles(roles: [
          .init(name: CleanText("Global Administrator"), how: .direct),
          .init(name: CleanText("Helpdesk Administrator"), how: .throughGroup(CleanText("Alerts RED Channel"))),
          .init(name: CleanText("Global Administrator"), how: .eligible(until: until)),
        ])))
    let values = Self.values(lines)
    let start = try #require(values.firstIndex(of: "Roles:"))
    #expect(start > 0, "after the existing lines")
    #expect(lines[0].label == "Account" && lines[start].label == "")
    #expect(
      Array(values[(start + 1)...]) == [
        "Global Administrator — direct", "Helpdesk Administrator — through group Alerts RED Channel",
        "Global Administrator — eligible until 2027-01-01",
      ])
    #expect(lines[(start + 1)...].allSatisfy { $0.style == .plain })
  }

  @Test func noRoleReadsNone() {
    #expect(Self.values(Self.lines(.loaded(PersonRoles(roles: [])))).last == "Roles: none")
  }

  @Test func theClientsRefusalReadsMutedBesideTheRolesThatWereRead() {
    let p2 =
      "Eligible (PIM) members are not listed: the tenant has no Microsoft Entra ID P2, which Privileged "
      + "Identity Management needs."
    let lines = Self.lines(
      .loaded(PersonRoles(roles: [.init(name: CleanText("Global Reader"), how: .direct)], refusals: [p2])))
    #expect(Array(Self.values(lines).suffix(3)) == ["Roles:", "Global Reader — direct", p2])
    #expect(lines.last?.style == .muted)
    let refusedOnly = Self.lines(.loaded(PersonRoles(roles: [], refusals: ["Active role members are not listed."])))
    #expect(Array(Self.values(refusedOnly).suffix(2)) == ["Roles:", "Active role members are not listed."])
    #expect(refusedOnly.last?.style == .muted)
  }

  @Test func notAskedAddsNoLine() {
    let asked = Self.values(Self.lines(.loaded(PersonRoles(roles: []))))
    let notAsked = Self.values(Self.lines(.notAsked))
    #expect(!notAsked.contains { $0.hasPrefix("Roles") })
    #expect(notAsked == Array(asked.dropLast()))
  }

  @Test func onlyARoleReadingPermissionAsks() {
    #expect(!PersonRoles.mayAsk(scopes: ["User.ReadBasic.All", "User.Read.All", "AuditLog.Read.All"]))
    #expect(PersonRoles.mayAsk(scopes: ["https://graph.microsoft.com/RoleManagement.Read.Directory"]))
    #expect(PersonRoles.mayAsk(scopes: ["directory.read.all"]))
  }
}
