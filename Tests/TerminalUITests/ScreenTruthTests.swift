import Foundation
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 19 items 8–11 on drawn screens: columns sized from what they show, nothing that matters
/// cut in the middle, guests said to be guests, hints never cut, an empty redirect URL answered.
@MainActor
@Suite struct ScreenTruthTests {
  static let lookalikes = [
    Person(
      id: "a", displayName: "Sinéad O'Connell", mail: "sinead.oconnell@contoso.onmicrosoft.com", jobTitle: "Engineer"),
    Person(
      id: "b", displayName: "Sinéad O'Connor", mail: "sinead.oconnor@contoso.onmicrosoft.com", jobTitle: "Engineer"),
  ]

  static func render(_ state: AppState) -> [String] { ScreenFixtures.lines(state) }

  static func lookalikeList(cols: Int) -> AppState {
    var state = ScreenFixtures.results(rows: 24, cols: cols)
    state.field.query = "sinead"
    state.search.resultsQuery = "sinead"
    state.search.results = lookalikes
    state.search.answer = CachedResults(people: lookalikes, next: nil, totalCount: nil)
    state.selectPerson(at: 0)
    state.detail.showPerson(.loading(lookalikes[0]))
    return state
  }

  /// Item 9: the name column is as wide as the names shown at 80, 100 and 120 columns (it was
  /// narrower at 120 than at 80), and the addresses keep what tells them apart.
  @Test(arguments: [80, 100, 120])
  func namesAreWholeAndAddressesDifferAtEveryWidth(cols: Int) {
    let lines = Self.render(Self.lookalikeList(cols: cols))
    for person in Self.lookalikes {
      let name = person.displayName!.string
      let local = String(person.mail!.string.prefix { $0 != "@" }) + "@"
      let row = lines.first { $0.contains(name) && $0.contains("@") }
      #expect(row?.contains(local) == true, "\(cols): \(name) and \(local) in \(lines)")
    }
  }

  /// The column plan: full name and address first; presence then title only where they fit.
  @Test func columnsGiveNamesAndAddressesTheirWidthFirst() {
    let wide = PeopleColumns(total: 110, name: 16, address: 39, title: 30, presence: 14)
    #expect(wide.widths == [16, 39, 30, 14])
    let cut = PeopleColumns(total: 100, name: 16, address: 39, title: 30, presence: 14)
    #expect(cut.widths == [16, 39, 30], "the presence word whole or not at all")
    let narrow = PeopleColumns(total: 60, name: 16, address: 39, title: 30, presence: 14)
    #expect(narrow.widths == [16, 39], "no room for a title worth showing")
    let tight = PeopleColumns(total: 47, name: 16, address: 39, title: 30, presence: nil)
    #expect(tight.widths == [16, 30], "the address is cut from its end, the name kept")
    let tiny = PeopleColumns(total: 20, name: 16, address: 39, title: nil, presence: nil)
    #expect(tiny.widths == [20], "no name cut to make room for an address")
    // Issue 28 item 8: a 40-cell list (120 columns side by side) and 23-cell Greek names.
    let greek = PeopleColumns(total: 39, name: 25, address: 30, title: nil, presence: nil)
    #expect(greek.widths == [25, 13], "the name whole, the address cut after it")
    let longer = PeopleColumns(total: 33, name: 25, address: 30, title: nil, presence: nil)
    #expect(longer.widths == [33], "the address column dropped before the name is cut")
    let shortAddress = PeopleColumns(total: 33, name: 25, address: 7, title: nil, presence: nil)
    #expect(shortAddress.widths == [25, 7], "a short address that fits whole stays")
    // One very long name spans its own row; the others keep their addresses.
    let outlier = PeopleColumns(total: 47, names: [18, 55, 11], address: 27, title: nil, presence: nil)
    #expect(outlier.widths == [18, 28] && outlier.spans(nameWidth: 55) && !outlier.spans(nameWidth: 18))
  }

  /// Item 9: an address wraps after its `@` or a dot, never inside "onmicrosoft.com".
  @Test func addressesWrapAtTheirBoundaries() {
    #expect(
      Truncation.wrap("alex.wilber@contoso.onmicrosoft.com", width: 30) == ["alex.wilber@", "contoso.onmicrosoft.com"])
    #expect(
      Truncation.wrap("a.very.long.local.part.of.an.address@x", width: 20) == [
        "a.very.long.local.", "part.of.an.address@x",
      ])
  }

  /// Item 9: the vCard message names the file (a second `v` writes `-2.vcf`) at 80 and 60
  /// columns, the folder cut instead.
  @Test(arguments: [80, 60])
  func theVCardMessageShowsTheFileName(cols: Int) {
    var state = ScreenFixtures.results(rows: 24, cols: cols)
    _ = reduce(
      &state,
      .detail(
        .vCardExported(.success("/tmp/roster-e2e-0C5C9B8A-1D2E-4F60-8A7B-9C0D1E2F3A4B/exports/alice.smith-2.vcf"))))
    let lines = Self.render(state)
    #expect(lines.contains { $0.contains("Saved alice.smith-2.vcf") }, "\(lines)")
  }

  /// Item 9: the hint bar holds whole hints only, at every width ("? he…" was cut).
  @Test(arguments: [40, 60, 80, 100, 120])
  func hintsAreNeverCut(cols: Int) {
    var detail = ScreenFixtures.results(rows: 24, cols: cols)
    detail.focus = .detail
    detail.singlePaneDetailOpen = detail.layout.showsOnePaneAtATime
    for state in [ScreenFixtures.results(rows: 24, cols: cols), detail, ScreenFixtures.main(rows: 24, cols: cols)] {
      let bar = Self.render(state)[23]
      #expect(!bar.contains("…"), "\(cols): \(bar)")
    }
  }

  /// Item 10: the presence word is whole or left out, never "Do not distu…".
  @Test(arguments: [80, 100, 120])
  func presenceWordsAreWholeOrLeftOut(cols: Int) {
    var state = Self.lookalikeList(cols: cols)
    state.account?.grantedScopes.append("Presence.Read.All")
    state.presence.byID = [
      "a": Presence(availability: .doNotDisturb), "b": Presence(availability: .beRightBack),
    ]
    let lines = Self.render(state)
    #expect(!lines.contains { $0.contains("Do not distu…") || $0.contains("Be right b…") }, "\(lines)")
  }

  /// Item 8: a guest is said to be one, from their home domain, and has no "top of the
  /// organisation" claim.
  @Test func aGuestIsAGuest() {
    let guest = Person(
      id: "g", displayName: "Ana Lima", mail: "ana@fabrikam.com",
      userPrincipalName: "ana_fabrikam.com#EXT#@contoso.com",
      userType: "Guest")
    var state = ScreenFixtures.results(rows: 40, cols: 120)
    state.search.results = [guest]
    state.selectPerson(at: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: guest)))
    let lines = Self.render(state).joined(separator: "\n")
    #expect(lines.contains("Guest from fabrikam.com"), "\(lines)")
    #expect(!lines.contains("top of the organisation") && !lines.contains("none set"), "\(lines)")
    // Issue 40: a member without a manager has none set; nobody is called the top of the
    // organisation on a guess.
    let member = Person(id: "m", displayName: "Megan Bowen", userPrincipalName: "megan@contoso.com")
    state.detail.showPerson(.loaded(PersonDetail(person: member)))
    let memberLines = Self.render(state).joined(separator: "\n")
    #expect(memberLines.contains("Manager         none set"), "\(memberLines)")
    #expect(!memberLines.contains("top of the organisation"))
  }

  /// Item 11: Enter on an empty redirect URL field says what to paste.
  @Test func enterOnAnEmptyRedirectFieldSaysWhatToPaste() {
    var state = ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)
    state.login.phase = .browser(url: "https://login.example/authorize", listeningOn: nil)
    let actions = RootViewController().actions(for: .enter, in: state)
    #expect(actions == [.login(.redirectURLSubmitted(""))])
    for action in actions { _ = reduce(&state, action) }
    let lines = Self.render(state)
    #expect(lines.contains { $0.contains("Nothing pasted yet") }, "\(lines)")
  }

  /// Item 7: the detail opens at its top with the person's identity in view at 60×20 (one pane,
  /// the pane has the keys) even when the selected report is further down; ↓ then brings the
  /// selection into view.
  @Test(arguments: [(20, 60), (24, 80), (40, 120)])
  func theDetailOpensAtItsTop(rows: Int, cols: Int) {
    let chain = (1...4).map { Person(id: "m\($0)", displayName: "Manager \($0)", jobTitle: "Director") }
    let reports = (1...3).map { Person(id: "r\($0)", displayName: "Report \($0)", jobTitle: "Engineer") }
    var state = ScreenFixtures.results(rows: rows, cols: cols)
    let person = ScreenFixtures.people[1]
    state.focus = .detail
    state.singlePaneDetailOpen = state.layout.showsOnePaneAtATime
    state.detail.showPerson(.loaded(PersonDetail(person: person, managerChain: chain, directReports: reports)))
    let lastRow = state.detail.orgRows.count - 1
    state.detail.pane.personPane?.orgRowIndex = lastRow
    let root = RootViewController()
    var buffer = ScreenBuffer(rows: rows, cols: cols)
    root.render(state, into: &buffer)
    var screen = (0..<rows).map { buffer.text(ofRow: $0) }.joined(separator: "\n")
    #expect(screen.contains("Name ") && screen.contains("User name") && screen.contains("alina.chen@contoso.com"))
    for action in root.actions(for: .up, in: state) { _ = reduce(&state, action) }
    for action in root.actions(for: .down, in: state) { _ = reduce(&state, action) }
    root.render(state, into: &buffer)
    screen = (0..<rows).map { buffer.text(ofRow: $0) }.joined(separator: "\n")
    #expect(screen.contains("> • Report 3"), "\(screen)")
  }

  /// Item 9: below the photo, a direct report's title has the pane's whole width (it was cut at
  /// the width beside the photo); beside it, the fields keep clear of the photo.
  @Test func reportsBelowThePhotoUseTheWholeWidth() {
    let title = "Head of Platform Engineering, Europe"
    let report = Person(id: "r", displayName: "Rahul Gupta", jobTitle: CleanText(title))
    var state = ScreenFixtures.results(rows: 40, cols: 120)
    state.photo.mode = .halfBlocks256
    state.detail.showPerson(.loaded(PersonDetail(person: ScreenFixtures.people[1], directReports: [report])))
    let lines = Self.render(state)
    #expect(lines.contains { $0.contains("• Rahul Gupta · " + title) }, "\(lines)")
  }

  /// The status line names the account in the longest form that fits whole: never an address cut
  /// in the middle ("…@contoso.onmicrosof…") while the user name or its local part fits.
  @Test func theAccountIsNamedWholeOrByItsShorterForm() {
    var state = ScreenFixtures.results(rows: 24, cols: 80)
    state.account = ScreenFixtures.account(full: true)
    #expect(
      RootViewController.whoIsSignedIn(state, fitting: 80)
        == "megan.bowen@contoso.onmicrosoft.com · tenant contoso.onmicrosoft.com")
    #expect(RootViewController.whoIsSignedIn(state, fitting: 40) == "megan.bowen@contoso.onmicrosoft.com")
    #expect(RootViewController.whoIsSignedIn(state, fitting: 30) == "megan.bowen")
    state.isDemo = true
    #expect(RootViewController.whoIsSignedIn(state, fitting: 40) == "DEMO · megan.bowen")
    let line = Self.render(state)[22]
    #expect(line.hasSuffix("DEMO · megan.bowen"))
    #expect(!line.contains("…"))
  }
}
