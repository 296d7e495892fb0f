import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 45 in the pane: `f` on an operator's pane reads the person, offers the fixes that
/// apply, and sends nothing until the user name is typed back; the box names the target in full,
/// keeps its keys to itself, shows a pass once, and after a write the Account section is read again.
@MainActor
@Suite struct FixPaneTests {
  static let alice = ScreenFixtures.people[0]
  static let ops = ["User.Read.All", "AuditLog.Read.All", "Directory.Read.All"]
  static let aliceAccount = WritePerson(
    id: alice.id, userPrincipalName: "alice@contoso.com", displayName: "Alice Smith", mail: "alice.smith@contoso.com",
    userType: "Member", accountEnabled: true)

  static func paneState(scopes: [String] = ops, rows: Int = 40, cols: Int = 120) -> AppState {
    var state = ScreenFixtures.results(rows: rows, cols: cols, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: alice)))
    state.focus = .detail
    state.account?.grantedScopes = scopes
    return state
  }

  /// Presses `keys` as the root routes them and reduces what they send; the effects, in order.
  @discardableResult
  static func press(_ keys: [Key], _ state: inout AppState) -> [Effect] {
    keys.flatMap { key in RootViewController().actions(for: key, in: state).flatMap { reduce(&state, $0) } }
  }

  static func type(_ text: String, _ state: inout AppState) {
    press(text.map { .character($0) }, &state)
  }

  static func screen(_ state: AppState) -> String { ScreenFixtures.screen(state) }

  /// Opens the box on Alice and answers the look-up with `person`.
  static func opened(_ person: WritePerson = aliceAccount, rows: Int = 40, cols: Int = 120) -> AppState {
    var state = paneState(rows: rows, cols: cols)
    press([.character("f")], &state)
    _ = reduce(&state, .fix(.personRead(id: state.fix.requestID, .success(person))))
    return state
  }

  @Test func aColleagueBrowserIsNotOfferedTheKey() {
    // Full profiles alone (User.Read.All) are a colleague browser's too: no `f`.
    for scopes in [["User.ReadBasic.All"], ["User.Read", "User.Read.All"]] {
      let state = Self.paneState(scopes: scopes)
      #expect(!RootViewController().actions(for: .character("f"), in: state).contains(.fix(.requested)))
      #expect(!state.mayFix)
    }
    #expect(Self.paneState(scopes: ["User.Read.All", "User.RevokeSessions.All"]).mayFix)
  }

  @Test func theKeyReadsThePersonThenOffersWhatApplies() {
    var state = Self.paneState()
    let effects = Self.press([.character("f")], &state)
    #expect(effects == [.cancel(id: .fix), .fix(.readPerson(id: Self.alice.id, requestID: 1))])
    #expect(Self.screen(state).contains("Reading Alice Smith's account…"))
    _ = reduce(&state, .fix(.personRead(id: 1, .success(Self.aliceAccount))))
    let menu = Self.screen(state)
    #expect(menu.contains("r  Revoke sign-in sessions") && menu.contains("d  Disable the account"))
    #expect(!menu.contains("e  Enable") && !menu.contains("Resend the guest invitation"))
    // A disabled guest who has not accepted: enable and the invitation instead.
    let guest = WritePerson(
      id: "9", userPrincipalName: "gus_fabrikam.com#EXT#@contoso.com", displayName: "Gus", mail: "gus@fabrikam.com",
      userType: "Guest", externalUserState: "PendingAcceptance", accountEnabled: false)
    #expect(FixState.kinds(for: guest) == [.revoke, .enable, .tap, .reinvite, .groupAdd, .groupRemove])
  }

  @Test func nothingIsSentUntilTheUserNameIsTypedBack() {
    var state = Self.opened()
    // `q` and `?` belong to the box while it is open: they neither quit nor open help.
    #expect(RootViewController().actions(for: .character("q"), in: state).isEmpty)
    Self.press([.character("d")], &state)
    let confirm = Self.screen(state)
    #expect(confirm.contains("Person:     Alice Smith") && confirm.contains("User name:  alice@contoso.com"))
    #expect(confirm.contains("Object id:  1") && confirm.contains("Type the user name (alice@contoso.com)"))
    Self.type("Alice Smith", &state)
    #expect(Self.press([.enter], &state).isEmpty, "a display name is not the user name")
    #expect(Self.screen(state).contains("That is not their user name: nothing was sent."))
    Self.type("ALICE@contoso.com", &state)
    let effects = Self.press([.enter], &state)
    let plan = WritePlan(kind: .disable, person: Self.aliceAccount)
    #expect(
      effects == [
        .fix(
          .perform(
            plan, account: "megan.bowen@contoso.onmicrosoft.com", grantedScopes: Self.ops,
            requestID: state.fix.requestID))
      ])
    // On its way: Esc does not close the box (a write cannot be called back).
    Self.press([.escape], &state)
    #expect(state.fix.step == .sending(plan))
  }

  @Test func aPassIsShownOnceAndTheAccountIsReadAgain() {
    var state = Self.opened()
    _ = reduce(&state, .health(.toggled))
    _ = reduce(
      &state,
      .health(
        .loaded(
          id: state.health.requestID, personID: Self.alice.id,
          HealthReport(
            health: AccountHealth(state: .loaded(AccountState(accountEnabled: true, userType: "Member")))))))
    Self.press([.character("t")], &state)
    Self.type("alice@contoso.com", &state)
    Self.press([.enter], &state)
    let outcome = WriteOutcome(
      result: .done, text: "Created a Temporary Access Pass for Alice Smith (valid 1 hour).", pass: Secret("Xy7#pQ2!"))
    let effects = reduce(&state, .fix(.performed(id: state.fix.requestID, outcome)))
    #expect(
      effects.contains(.loadHealth(personID: Self.alice.id, scopes: Self.ops, requestID: state.health.requestID)),
      "the open Account section is read again after the write")
    let shown = Self.screen(state)
    #expect(shown.contains("Xy7#pQ2!") && shown.contains("shown once and kept nowhere"))
    Self.press([.character("z")], &state)
    #expect(state.fix.step == nil)
    #expect(!Self.screen(state).contains("Xy7#pQ2!"), "the pass leaves the screen with the box")
    #expect(!"\(state)".contains("Xy7#pQ2!"))
  }

  @Test func aMembershipNamesTheGroupAndAPasteIsCut() {
    var state = Self.opened()
    Self.press([.character("a")], &state)
    #expect(Self.screen(state).contains("Add Alice Smith to which group?"))
    Self.press([.paste(String(repeating: "x", count: 1_000_000))], &state)
    guard case .namingGroup(_, _, let typed)? = state.fix.step else {
      Issue.record("not naming a group")
      return
    }
    #expect(typed.count == FixState.fieldLimit)
    Self.press([.control("u")], &state)
    Self.press([.paste("Platform Team")], &state)
    #expect(Self.press([.enter], &state) == [.fix(.readGroup("Platform Team", requestID: state.fix.requestID))])
    let group = WriteGroup(id: "g1", displayName: "Platform Team", groupTypes: ["Unified"])
    _ = reduce(&state, .fix(.groupRead(id: state.fix.requestID, .success(group))))
    let screen = Self.screen(state)
    #expect(
      screen.contains("Group:      Platform Team (id g1)") && screen.contains("becomes a member of Platform Team"))
  }

  @Test func aMembershipFixReadsMemberOfAgain() {
    var state = Self.opened()
    state.detail.pane.personPane?.memberOf = MemberOfState(
      personID: Self.alice.id, status: .loaded([], fromIndex: false, more: false))
    Self.press([.character("x")], &state)
    Self.press([.paste("g1")], &state)
    Self.press([.enter], &state)
    let group = WriteGroup(id: "g1", displayName: "Platform Team")
    _ = reduce(&state, .fix(.groupRead(id: state.fix.requestID, .success(group))))
    Self.type("alice@contoso.com", &state)
    Self.press([.enter], &state)
    let outcome = WriteOutcome(result: .done, text: "Removed Alice Smith from Platform Team.")
    let effects = reduce(&state, .fix(.performed(id: state.fix.requestID, outcome)))
    #expect(
      effects.contains { effect in
        if case .loadMemberOf(let query, _, _) = effect { return query.personID == Self.alice.id }
        return false
      }, "\(effects)")
    // A fix that is not about groups leaves "Member of" as it was.
    var other = Self.opened()
    other.detail.pane.personPane?.memberOf = MemberOfState(
      personID: Self.alice.id, status: .loaded([], fromIndex: false, more: false))
    Self.press([.character("r")], &other)
    Self.type("alice@contoso.com", &other)
    Self.press([.enter], &other)
    let revoked = reduce(
      &other, .fix(.performed(id: other.fix.requestID, WriteOutcome(result: .done, text: "Revoked."))))
    #expect(!revoked.contains { if case .loadMemberOf = $0 { return true } else { return false } })
  }

  @Test func aLookUpThatFailsSaysSoAndChangesNothing() {
    var state = Self.paneState()
    Self.press([.character("f")], &state)
    _ = reduce(&state, .fix(.personRead(id: state.fix.requestID, .failure(.offline("no route to host")))))
    #expect(Self.screen(state).contains("Could not read the person's account"))
    Self.press([.enter], &state)
    #expect(!state.fix.isOpen)
  }

  /// A synced account is not offered what Graph refuses for it, and the box says where it is done.
  @Test func aSyncedAccountIsNotOfferedEnableOrDisable() {
    var synced = Self.aliceAccount
    synced.onPremisesSyncEnabled = true
    var state = Self.opened(synced)
    let menu = Self.screen(state)
    #expect(menu.contains("r  Revoke") && !menu.contains("d  Disable") && !menu.contains("e  Enable"))
    #expect(menu.contains("Enable and disable: in on-premises AD"))
    #expect(
      Self.press([.character("d")], &state).isEmpty && state.fix.step == .choosing(synced, FixState.kinds(for: synced)))
  }

  /// A guest types back their mail rather than the `#EXT#` user name Entra made for them.
  @Test func aGuestIsConfirmedByTheirMail() {
    let guest = WritePerson(
      id: "9", userPrincipalName: "gus_fabrikam.com#EXT#@contoso.com", displayName: "Gus", mail: "gus@fabrikam.com",
      userType: "Guest", externalUserState: "Accepted", accountEnabled: true)
    var state = Self.opened(guest)
    Self.press([.character("r")], &state)
    #expect(Self.screen(state).contains("Type their mail (gus@fabrikam.com) or user name"))
    Self.type("gus", &state)
    #expect(Self.press([.enter], &state).isEmpty)
    #expect(Self.screen(state).contains("neither their mail nor their user name"))
    Self.type("gus@fabrikam.com", &state)
    let effects = Self.press([.enter], &state)
    #expect(effects.count == 1 && state.fix.step == .sending(WritePlan(kind: .revoke, person: guest)))
  }

  /// A group whose members are by rule is refused once read, before any confirmation.
  @Test func aDynamicGroupIsRefusedBeforeTheConfirmation() {
    var state = Self.opened()
    Self.press([.character("a")], &state)
    Self.press([.paste("All Paris")], &state)
    Self.press([.enter], &state)
    let group = WriteGroup(id: "g9", displayName: "All Paris", groupTypes: ["DynamicMembership"])
    _ = reduce(&state, .fix(.groupRead(id: state.fix.requestID, .success(group))))
    guard case .stopped(let text)? = state.fix.step else {
      Issue.record("not refused: \(String(describing: state.fix.step))")
      return
    }
    #expect(text.contains("by rule") && Self.screen(state).contains("Fix: not done"))
  }

  /// At 40×12 a pass, its warning and the sentence do not fit: the pass is on top, the keys say
  /// there is more, and ↓ brings the sentence's end into view (the view keeps where it is).
  @Test func aPassTallerThanTheBoxScrolls() throws {
    var state = Self.opened(rows: 12, cols: 40)
    Self.press([.character("t")], &state)
    Self.type("alice@contoso.com", &state)
    Self.press([.enter], &state)
    let text =
      "Created a Temporary Access Pass for Alice Smith (alice@contoso.com, id 1), valid 1 hour, usable more "
      + "than once. " + WriteKind.tap.undo
    let outcome = WriteOutcome(result: .done, text: text, pass: Secret("Xy7#pQ2!"))
    _ = reduce(&state, .fix(.performed(id: state.fix.requestID, outcome)))
    let controller = RootViewController()
    func rows() -> [String] {
      var buffer = ScreenBuffer(rows: 12, cols: 40)
      controller.render(state, into: &buffer)
      return (0..<buffer.rows).map { buffer.text(ofRow: $0) }
    }
    let first = rows()
    #expect(first.contains { $0.contains("Xy7#pQ2!") } && first.contains { $0.contains("↑/↓ more") })
    #expect(!first.joined().contains("admin center)."))
    for _ in 0..<12 {
      for action in controller.actions(for: .down, in: state) { _ = reduce(&state, action) }
    }
    let last = rows()
    #expect(last.contains { $0.contains("admin center).") } && state.fix.isOpen, "\(last)")
    for action in controller.actions(for: .character("x"), in: state) { _ = reduce(&state, action) }
    #expect(!state.fix.isOpen)
  }

  @Test func aSmallTerminalKeepsTheFieldAndTheCursorInView() throws {
    var state = Self.opened(rows: 12, cols: 40)
    Self.press([.character("r")], &state)
    Self.type("alice@con", &state)
    var buffer = ScreenBuffer(rows: 12, cols: 40)
    RootViewController().render(state, into: &buffer)
    let rows = (0..<buffer.rows).map { buffer.text(ofRow: $0) }
    let fieldRow = try #require(rows.firstIndex { $0.contains("> alice@con") })
    #expect(rows.contains { $0.contains("Enter go ahead") })
    #expect(buffer.cursor?.row == fieldRow)
    #expect(buffer.cursor.map { rows[$0.row].prefix($0.col).hasSuffix("alice@con") } == true)
  }
}
