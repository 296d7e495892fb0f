import Foundation
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 28 items 8 and 10: the detail pane's labels, room for a photo, a group pane's first
/// frame, "…" beside the photo, and what `y` says it copied.
@MainActor
@Suite struct PaneFixesTests {
  static func render(_ state: AppState, root: RootViewController) -> [String] {
    MessagesThatFitTests.render(state, root: root)
  }

  @Test(arguments: [(40, 12), (60, 20)])
  func labelsAreNeverCut(cols: Int, rows: Int) {
    var state = ScreenFixtures.results(rows: rows, cols: cols, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: ScreenFixtures.people[0])))
    state.focus = .detail
    state.singlePaneDetailOpen = cols < 60
    let lines = Self.render(state, root: RootViewController())
    #expect(lines.contains { $0.contains("Business phone") }, "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("Business pho…") })
  }

  @Test func stackedFieldsWhereLabelsLeaveTooLittle() {
    let lines = TextPane.fields([("Business phone", "+1 425 555 0101", .plain)], width: 24, labelWidth: 14)
    #expect(lines.map(\.text) == ["Business phone", "  +1 425 555 0101"])
  }

  /// Issue 40 item 23: a field below the photo is wrapped at the pane's whole width, not the
  /// narrower column beside the photo; one beside it keeps the narrow width.
  @Test func fieldsBelowThePhotoTakeTheWholeWidth() {
    let long = String(repeating: "failed sign-in ", count: 4).trimmingCharacters(in: .whitespaces)
    let pairs: [(label: String, value: String, style: Style)] =
      (0..<8).map { ("Field \($0)", "short", .plain) } + [("Account", long, .plain)]
    let narrow = TextPane.fields(pairs, width: 40, labelWidth: 14)
    let wide = TextPane.fields(pairs, width: 40, labelWidth: 14, widerAfter: (lines: 8, width: 80))
    #expect(narrow.count == 8 + 3, "\(narrow.map(\.text))")
    #expect(wide.count == 8 + 1 && wide.last?.text == "Account         " + long, "\(wide.map(\.text))")
    let beside = TextPane.fields(
      [("Account", long, .plain)], width: 40, labelWidth: 14, widerAfter: (lines: 8, width: 80))
    #expect(beside.count == 3, "a field starting beside the photo keeps its width")
  }

  /// A person known to have no photo gets the text's whole width: the address is not wrapped at
  /// its `@` to keep room for a face that will not come.
  @Test func noRoomKeptForAPhotoThePersonDoesNotHave() {
    // An address the pane holds whole without a photo at 120 columns (its 60, issue 40).
    let person = Person(id: "x", displayName: "Alexandros Athanasiou", mail: "alexandros.athanasiou@contoso.com")
    var state = ScreenFixtures.results(rows: 40, cols: 120)
    state.search.results = [person]
    state.search.answer = CachedResults(people: [person], next: nil, totalCount: nil)
    state.selectPerson(at: 0)
    state.photo.mode = .halfBlocks256
    state.detail.showPerson(.loaded(PersonDetail(person: person)))
    let root = RootViewController()
    var lines = Self.render(state, root: root)
    #expect(lines.contains { $0.contains("Mail            alexandros.athanasiou@") && !$0.contains("contoso.com") })
    state.photo.personID = "x"
    state.photo.status = .absent
    lines = Self.render(state, root: root)
    #expect(
      lines.contains { $0.contains("Mail            alexandros.athanasiou@contoso.com") },
      "\(lines.joined(separator: "\n"))")
  }

  /// Rows beside the photo whose text fits are drawn without "…" (their padding used to be cut).
  @Test func noEllipsisBesideThePhotoOnWholeRows() {
    let people = ScreenFixtures.people
    var state = ScreenFixtures.results(rows: 40, cols: 120, selected: 1)
    state.photo.mode = .halfBlocks256
    state.detail.showPerson(.loaded(PersonDetail(person: people[1], managerChain: [people[0]])))
    state.focus = .detail
    let lines = Self.render(state, root: RootViewController())
    #expect(!lines.contains { $0.contains("Alice Smith") && $0.contains("…") && $0.contains("│") && $0.contains("·") })
    #expect(!lines.joined().contains(" … "), "\(lines.joined(separator: "\n"))")
  }

  /// At 60×20 and 40×12 a group's pane opens at a field's first line or at the members' heading,
  /// never on a wrapped field's second line.
  @Test(arguments: [(60, 20), (40, 12), (80, 24)])
  func groupPaneNeverOpensMidField(cols: Int, rows: Int) {
    var state = GroupScreenFixtures.groupPane(rows: rows, cols: cols)
    if var pane = state.detail.pane.groupPane {
      var group = pane.group
      group.description = "Builds and runs the internal platform that every product team ships on, and keeps it up."
      pane.group = group
      state.detail.pane = .group(pane)
    }
    let root = RootViewController()
    let lines = Self.render(state, root: root)
    let detail = state.visibleLayout.detail
    let top = lines[detail.row + 1]
    let body = String(top.dropFirst(detail.col + 1))
    // A wrapped field's second line starts with blanks under the label column; a blank line
    // (before the members' heading) is not the middle of a field.
    let blank = body.allSatisfy { $0 == " " || $0 == "↑" }
    #expect(blank || !body.hasPrefix("  "), "first body line '\(body)' in\n\(lines.joined(separator: "\n"))")
  }

  @Test func yNamesWhatItCopied() throws {
    let noMail = Person(id: "s", displayName: "Salim Ali", mail: nil, userPrincipalName: "salim.ali@contoso.com")
    var state = ScreenFixtures.results(rows: 24, cols: 80, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: noMail)))
    state.focus = .detail
    let root = RootViewController()
    #expect(
      root.actions(for: .character("y"), in: state) == [
        .detail(.copyRequested(label: "user name", text: "salim.ali@contoso.com"))
      ])
    state.detail.showPerson(.loaded(PersonDetail(person: ScreenFixtures.people[0])))
    #expect(
      root.actions(for: .character("y"), in: state) == [
        .detail(.copyRequested(label: "mail", text: "alice.smith@contoso.com"))
      ])
    let group = GroupScreenFixtures.groupPane(rows: 24, cols: 80)
    let actions = root.actions(for: .character("y"), in: group)
    #expect(actions == [.detail(.copyRequested(label: "group mail", text: "platform@contoso.com"))])
  }

  /// `t` in "Member of" brings the selected group back into view once the other list has come.
  @Test func memberOfTransitiveToggleKeepsTheSelectionInView() {
    var state = GroupScreenFixtures.withGroups(ScreenFixtures.results(rows: 24, cols: 80, selected: 0))
    let people = ScreenFixtures.people
    state.detail.showPerson(.loaded(PersonDetail(person: people[0], manager: people[3])))
    state.detail.pane.personPane?.memberOf = MemberOfState(
      personID: people[0].id, transitive: false,
      status: .loaded([GroupScreenFixtures.sre, GroupScreenFixtures.platform], fromIndex: false, more: false))
    state.detail.pane.personPane?.orgRowIndex = 2  // Platform Team, below the fold at 80×24
    state.focus = .detail
    let root = RootViewController()
    #expect(!Self.render(state, root: root).contains { $0.contains("> ⊞ Platform Team") })
    _ = root.actions(for: .character("t"), in: state)
    let lines = Self.render(state, root: root)
    #expect(lines.contains { $0.contains("> ⊞ Platform Team") }, "\(lines.joined(separator: "\n"))")
  }
}
